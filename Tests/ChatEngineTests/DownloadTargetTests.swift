import Foundation
import Testing

@testable import ChatEngine

/// `/download` without a folder: `$XDG_DOWNLOAD_DIR`, else `user-dirs.dirs`, else the current folder.
@Suite struct DownloadTargetTests {
    /// A fresh home folder with `.config/user-dirs.dirs` holding `contents` (nil: no file).
    private func home(_ contents: String?) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-home-\(UUID().uuidString)")
        let config = home.appendingPathComponent(".config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Downloads"), withIntermediateDirectories: true)
        if let contents { try contents.write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8) }
        return home
    }

    static let userDirs = """
        # This file is written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_DOWNLOAD_DIR="$HOME/Downloads"
        """

    @Test func anExplicitFolderWins() throws {
        let home = try home(Self.userDirs)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(DownloadTarget.folder("/srv/files", environment: ["HOME": home.path]) == "/srv/files")
    }

    @Test func theEnvironmentVariableComesFirst() throws {
        let home = try home(Self.userDirs)
        defer { try? FileManager.default.removeItem(at: home) }
        let other = home.appendingPathComponent("Elsewhere")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        #expect(DownloadTarget.folder(nil, environment: ["HOME": home.path, "XDG_DOWNLOAD_DIR": other.path]) == other.path)
    }

    @Test func userDirsIsReadWithHomeExpanded() throws {
        let home = try home(Self.userDirs)
        defer { try? FileManager.default.removeItem(at: home) }
        let expected = home.appendingPathComponent("Downloads").path
        #expect(DownloadTarget.folder(nil, environment: ["HOME": home.path]) == expected)
        let missing = home.appendingPathComponent("gone").path
        #expect(DownloadTarget.folder(nil, environment: ["HOME": home.path, "XDG_DOWNLOAD_DIR": missing]) == expected,
                "a variable naming no folder is passed over")
    }

    @Test func xdgConfigHomeIsWhereUserDirsLives() throws {
        let home = try home(nil)
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("conf")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "XDG_DOWNLOAD_DIR=\"\(home.path)/Downloads\"\n".write(
            to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        #expect(DownloadTarget.folder(nil, environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": config.path])
            == home.appendingPathComponent("Downloads").path)
    }

    @Test func withNothingSetItIsTheCurrentFolder() throws {
        for contents in [nil, "XDG_DOWNLOAD_DIR=\"$HOME/\"\n", "XDG_DOWNLOAD_DIR=\"$HOME/NotThere\"\n"] {
            let home = try home(contents)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(DownloadTarget.folder(nil, environment: ["HOME": home.path]) == FileManager.default.currentDirectoryPath,
                    "\(contents ?? "no file")")
        }
    }
}
