import Foundation

/// Finds and decodes flow files: `--flows DIR` first, then the bundled resources, then a built-in default.
enum FlowLoader {
    /// Loads the named flow; falls back to the built-in flow only when no file source has it.
    static func load(name: String, directory: URL?) throws -> DemoFlow {
        if let directory {
            let file = directory.appendingPathComponent("\(name).json")
            guard FileManager.default.fileExists(atPath: file.path) else { throw FlowError.notFound(name) }
            return try decode(Data(contentsOf: file))
        }
        if let file = bundledURL(name: name), let data = try? Data(contentsOf: file) {
            return try decode(data)
        }
        if name == "default" { return try decode(Data(BuiltInFlow.json.utf8)) }
        throw FlowError.notFound(name)
    }

    /// Names of the flows in a directory (or the bundle), sorted.
    static func available(directory: URL?) -> [String] {
        guard let folder = directory ?? bundledFlowsDirectory(),
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return ["default"] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Decodes and validates a flow document.
    static func decode(_ data: Data) throws -> DemoFlow {
        let flow: DemoFlow
        do {
            flow = try JSONDecoder().decode(DemoFlow.self, from: data)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError.invalid("\(error)")
        }
        try flow.validate()
        return flow
    }

    /// URL of a bundled flow file, if the resource bundle is present.
    static func bundledURL(name: String) -> URL? {
        guard let folder = bundledFlowsDirectory() else { return nil }
        let file = folder.appendingPathComponent("\(name).json")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// The `flows` folder of this module's SwiftPM resource bundle (what `Bundle.module` would open).
    ///
    /// Looked up by hand next to the executable because the generated `Bundle.module` accessor
    /// calls `fatalError` when the bundle is missing (a binary copied elsewhere must still work).
    static func bundledFlowsDirectory() -> URL? {
        let manager = FileManager.default
        var roots = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL?.deletingLastPathComponent() { roots.append(executable) }
        for root in roots {
            guard let entries = try? manager.contentsOfDirectory(atPath: root.path) else { continue }
            for entry in entries.sorted()
            where entry.hasSuffix("_DemoServer.resources") || entry.hasSuffix("_DemoServer.bundle") {
                let bundle = root.appendingPathComponent(entry)
                for folder in [bundle.appendingPathComponent("flows"),
                               bundle.appendingPathComponent("Contents/Resources/flows")]
                where manager.fileExists(atPath: folder.path) {
                    return folder
                }
            }
        }
        return nil
    }
}
