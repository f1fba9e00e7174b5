import Foundation

/// Finds and decodes flow files: `--flows DIR` first, else the flows compiled into the binary.
enum FlowLoader {
    /// Loads the named flow from `directory` when one is given, else from the embedded flows.
    static func load(name: String, directory: URL?) throws -> DemoFlow {
        if let directory {
            let file = directory.appendingPathComponent("\(name).json")
            guard FileManager.default.fileExists(atPath: file.path) else { throw FlowError.notFound(name) }
            return try decode(Data(contentsOf: file))
        }
        guard let text = EmbeddedFlows.files[name] else { throw FlowError.notFound(name) }
        return try decode(Data(text.utf8))
    }

    /// Names of the flows in a directory (or of the embedded ones), sorted.
    static func available(directory: URL?) -> [String] {
        guard let directory else { return EmbeddedFlows.files.keys.sorted() }
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
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
}
