/// Our attachments that the server has not accepted yet, by local id, kept so a failed upload
/// can be retried from the same file.
struct PendingUploads: Sendable {
    private var files: [String: AttachmentFile] = [:]
    private var running: Set<String> = []

    /// Remembers a file to upload.
    mutating func add(_ file: AttachmentFile, localId: String) { files[localId] = file }

    /// The file for a local id, if it is still waiting.
    func file(localId: String) -> AttachmentFile? { files[localId] }

    /// Marks an upload as running; false when it already is (or is unknown).
    mutating func begin(localId: String) -> Bool {
        guard files[localId] != nil else { return false }
        return running.insert(localId).inserted
    }

    /// Marks an upload as stopped (failed: it stays, for a retry).
    mutating func stop(localId: String) { running.remove(localId) }

    /// Forgets an upload the server accepted (or the user dropped).
    mutating func remove(localId: String) {
        files[localId] = nil
        running.remove(localId)
    }
}
