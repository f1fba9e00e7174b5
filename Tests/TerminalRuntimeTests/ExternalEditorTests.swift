import Foundation
import Testing
@testable import TerminalRuntime

/// Ctrl-X Ctrl-E: which editor runs, and what comes back from it.
@Suite("External editor")
struct ExternalEditorTests {
    @Test func editorCommandOrder() {
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano", "VISUAL": "vim"]) == "nano")
        #expect(ExternalEditor.command(environment: ["VISUAL": "vim"]) == "vim")
        #expect(ExternalEditor.command(environment: [:]) == "vi")
    }

    @Test func externalEditorRunsTheScript() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("hl-ed-\(UUID().uuidString).sh").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "#!/bin/sh\necho 'added by editor' >> \"$1\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
        // Through sh: exec'ing a file just written can fail with ETXTBSY while other tests fork.
        #expect(ExternalEditor.edit("draft", environment: ["EDITOR": "sh '\(script)'"]) == "draft\nadded by editor")
        #expect(ExternalEditor.edit("x", environment: ["EDITOR": "false"]) == nil)
    }
}
