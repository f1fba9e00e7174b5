import Foundation

/// An attachment not yet accepted by the server, as saved for a restart: a program that stops
/// while it uploads can then show it as not sent, with `/retry`, instead of losing it.
public struct SavedUpload: Codable, Sendable, Hashable {
    /// The local id its item had in the chat.
    public var localId: String
    /// The file, as it was attached.
    public var file: AttachmentFile
    /// When it was attached.
    public var attachedAt: Date

    /// Creates a record.
    public init(localId: String, file: AttachmentFile, attachedAt: Date) {
        self.localId = localId
        self.file = file
        self.attachedAt = attachedAt
    }
}
