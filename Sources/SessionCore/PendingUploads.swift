import Foundation

/// Our attachments that the server has not accepted yet, by local id, kept so a failed upload
/// can be retried from the same file.
struct PendingUploads: Sendable {
    private var files: [String: AttachmentFile] = [:]
    private var running: Set<String> = []
    private var failed: Set<String> = []
    private var order: [String] = []
    /// Failed tries of each upload since it last started.
    private var attempts: [String: Int] = [:]
    /// When each was attached.
    private var attachedAt: [String: Date] = [:]

    /// Remembers a file to upload, attached at `time`.
    mutating func add(_ file: AttachmentFile, localId: String, at time: Date) {
        files[localId] = file
        attachedAt[localId] = time
        order.append(localId)
    }

    /// The file for a local id, if it is still waiting.
    func file(localId: String) -> AttachmentFile? { files[localId] }

    /// Uploads that wait to start (neither running nor failed), oldest first.
    var waiting: [String] { order.filter { !running.contains($0) && !failed.contains($0) } }

    /// True when the upload failed for good (a `/retry` starts it again).
    func hasFailed(localId: String) -> Bool { failed.contains(localId) }

    /// Marks an upload as running; false when it already is (or is unknown).
    mutating func begin(localId: String) -> Bool {
        guard files[localId] != nil else { return false }
        failed.remove(localId)
        return running.insert(localId).inserted
    }

    /// Counts a failed try; returns the count.
    mutating func countFailure(localId: String) -> Int {
        running.remove(localId)
        attempts[localId, default: 0] += 1
        return attempts[localId] ?? 0
    }

    /// Marks an upload as failed for good (it stays, for a retry).
    mutating func fail(localId: String) {
        running.remove(localId)
        failed.insert(localId)
        attempts[localId] = nil
    }

    /// Makes a failed upload wait to start again.
    mutating func revive(localId: String) {
        failed.remove(localId)
        attempts[localId] = nil
    }

    /// Forgets an upload the server accepted.
    mutating func remove(localId: String) {
        files[localId] = nil
        attachedAt[localId] = nil
        running.remove(localId)
        failed.remove(localId)
        attempts[localId] = nil
        order.removeAll { $0 == localId }
    }

    /// The uploads not accepted yet, oldest first, as saved for a restart.
    var saved: [SavedUpload] {
        order.compactMap { id in
            files[id].map { SavedUpload(localId: id, file: $0, attachedAt: attachedAt[id] ?? .distantPast) }
        }
    }

    /// The files not accepted yet, oldest first: still uploading (`running`) or failed.
    var unfinished: [UnfinishedUpload] {
        order.compactMap { id in
            files[id].map { UnfinishedUpload(name: $0.name, path: $0.path, running: !failed.contains(id)) }
        }
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
