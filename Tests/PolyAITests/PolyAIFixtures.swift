import Foundation

/// Loads the PolyAI fixtures kept in the repository (`Tests/Fixtures/specs/fixtures/polyai`, or under `$HELPLINE_SPECS`).
enum PolyAIFixtures {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var folder: URL {
        let specs = ProcessInfo.processInfo.environment["HELPLINE_SPECS"].map { URL(fileURLWithPath: $0) }
            ?? repositoryRoot.appendingPathComponent("Tests/Fixtures/specs")
        return specs.appendingPathComponent("fixtures/polyai")
    }

    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { String($0.dropLast(5)) }
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".json"), encoding: .utf8)
    }

    static func object(_ text: String) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
    }
}
