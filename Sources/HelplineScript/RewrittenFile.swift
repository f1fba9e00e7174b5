/// A file a recorder writes again and again as the chat goes on: written (mode 0600, whole) only when
/// its text changed since the last write, remembering why the last write failed.
struct RewrittenFile: Sendable {
    /// The text last written.
    private var written: String?
    /// Why the file could not be written, if it could not (or why nothing was written).
    var problem: String?

    /// Writes `text` to `path` unless that is what the file already holds.
    mutating func write(_ text: String, to path: String) {
        guard text != written else { return }
        do {
            try PrivateFile.write(text, to: path)
            written = text
            problem = nil
        } catch {
            problem = "\(error)"
        }
    }
}
