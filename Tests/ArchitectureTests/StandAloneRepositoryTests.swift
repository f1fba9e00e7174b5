import Foundation
import Testing

/// A clone of the repository with nothing beside it must build, test, fuzz and benchmark: the
/// protocol notes, spec fixtures and AWS models are kept in `Tests/Fixtures/specs`. A path that
/// climbs out of the repository to a folder beside it comes back here as a failure.
@Suite("The repository stands alone")
struct StandAloneRepositoryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Folders whose files are run or read by `make test`, `make fuzz`, `make bench` and CI.
    static let folders = ["Sources", "Tests", "Fuzz", "scripts", "Benchmarks", ".ci"]
    /// Names of places outside the repository that a file once read.
    static let outside = ["../shared", "shared/specs"]

    /// Every file under the folders above (and the Makefile) that names a place outside the repository.
    static func offenders() throws -> [String] {
        var found: [String] = []
        var files = [root.appendingPathComponent("Makefile")]
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where !url.path.contains("/.build") { files.append(url) }
        }
        for url in files where ["swift", "sh", "py", "", "js", "toml"].contains(url.pathExtension) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if outside.contains(where: { text.contains($0) }) {
                found.append(String(url.path.dropFirst(root.path.count + 1)))
            }
        }
        return found.sorted()
    }

    @Test func nothingReadsAFolderBesideTheRepository() throws {
        let offenders = try Self.offenders().filter { $0 != "Tests/ArchitectureTests/StandAloneRepositoryTests.swift" }
        #expect(offenders.isEmpty, "these files name a folder outside the repository: \(offenders)")
    }

    @Test func theFixturesTheTestsReadAreInTheRepository() throws {
        let specs = Self.root.appendingPathComponent("Tests/Fixtures/specs")
        for path in ["fixtures/connect/rest-send-message.json", "fixtures/polyai", "aws/connectparticipant-2018-09-07.service.json",
                     "aws/connect-startchatcontact.service.json"] {
            #expect(FileManager.default.fileExists(atPath: specs.appendingPathComponent(path).path), "missing \(path)")
        }
    }
}
