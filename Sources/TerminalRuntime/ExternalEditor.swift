import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Edits a draft in the user's editor: `$EDITOR`, else `$VISUAL`, else `vi`, on a private
/// temporary file (mode 0600) that is removed afterwards.
package enum ExternalEditor {
    /// The editor command line to use (may contain arguments, run through `sh`).
    static func command(environment: [String: String]) -> String {
        for name in ["EDITOR", "VISUAL"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `draft` (as a file ending in a newline) and returns the edited text (one trailing newline removed), or
    /// nil when the file could not be made or the editor failed. Blocks until the editor exits.
    package static func edit(_ draft: String, environment: [String: String]) -> String? {
        var template = Array((NSTemporaryDirectory() + "/helpline-draft-XXXXXX.md").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, 3)
        }
        guard fd >= 0 else { return nil }
        let path = String(cString: template)
        defer { unlink(path) }
        let bytes = Array((draft + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { return nil }
        let script = command(environment: environment) + " \"$1\""
        let status = ProcessSpawner.run(["/bin/sh", "-c", script, "sh", path])
        // An editor ended by a signal passed on to it (SIGTERM to Helpline) leaves what it saved.
        guard status == 0 || (status != nil && ProcessSpawner.signalDuringRun() != nil),
              let data = FileManager.default.contents(atPath: path),
              var text = String(data: data, encoding: .utf8)
        else { return nil }
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
