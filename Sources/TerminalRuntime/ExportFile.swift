import ChatModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The file an export (`/export`, Ctrl-S) is written to: created or replaced, mode 0600.
package enum ExportFile {
    /// Writes `contents` to `path` (a leading `~` is expanded) with mode 0600; returns a notice.
    package static func write(_ contents: String, to path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let fd = open(expanded, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else {
            return "Could not write \(path): \(String(cString: strerror(errno)))"
        }
        defer { close(fd) }
        _ = fchmod(fd, 0o600)
        let error = DescriptorWriter.write(Data(contents.utf8), to: fd)
        guard error == 0 else { return "Could not write \(path): \(String(cString: strerror(error)))" }
        return "Transcript saved to \(expanded)."
    }
}
