/// Our attachments that the server has not accepted yet, by local id, kept so a failed upload
/// can be retried from the same file.
struct PendingUploads: Sendable {
    private var files: [String: AttachmentFile] = [:]
    private var running: Set<String> = []
    private var order: [String] = []

    /// Remembers a file to upload.
    mutating func add(_ file: AttachmentFile, localId: String) {
        files[localId] = file
        order.append(localId)
    }

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
        order.removeAll { $0 == localId }
    }

    /// The files not accepted yet, oldest first: still uploading (`running`) or failed.
    var unfinished: [UnfinishedUpload] {
        order.compactMap { id in files[id].map { UnfinishedUpload(name: $0.name, path: $0.path, running: running.contains(id)) } }
    }
}

/// A file the server has not accepted: what the user is told when Helpline quits before it was sent.
public struct UnfinishedUpload: Sendable, Hashable {
    /// The file name shown in the chat.
    public var name: String
    /// Where the file is on disk.
    public var path: String
    /// True while it was still uploading (false: it had failed).
    public var running: Bool

    /// Creates a record.
    public init(name: String, path: String, running: Bool) {
        self.name = name
        self.path = path
        self.running = running
    }

    /// The line printed on quit for some unfinished uploads (nil when there are none).
    public static func report(_ uploads: [UnfinishedUpload]) -> String? {
        guard !uploads.isEmpty else { return nil }
        let names = uploads.map { "\($0.name)" + ($0.running ? " (still uploading)" : " (failed)") }
        let them = uploads.count == 1 ? "it" : "them"
        return "helpline: not sent, Helpline quit first: \(names.joined(separator: ", ")). /attach \(them) again in the next chat."
    }
}
