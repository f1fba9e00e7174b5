import Foundation

/// Finds the protocol spec folder kept in the repository (`Tests/Fixtures/specs`, or `$HELPLINE_SPECS`).
enum SpecFixtures {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var specs: URL {
        if let custom = ProcessInfo.processInfo.environment["HELPLINE_SPECS"] { return URL(fileURLWithPath: custom) }
        return repositoryRoot.appendingPathComponent("Tests/Fixtures/specs")
    }

    static func connectFixtures() throws -> [(name: String, data: Data)] {
        let folder = specs.appendingPathComponent("fixtures/connect")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { ($0.replacingOccurrences(of: ".json", with: ""), try Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}
