import Foundation

/// Finds the shared protocol spec folder (`../shared/specs` beside the repository).
enum SpecFixtures {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var specs: URL {
        if let custom = ProcessInfo.processInfo.environment["HELPLINE_SPECS"] { return URL(fileURLWithPath: custom) }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/specs")
    }

    static func connectFixtures() throws -> [(name: String, data: Data)] {
        let folder = specs.appendingPathComponent("fixtures/connect")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { ($0.replacingOccurrences(of: ".json", with: ""), try Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}
