/// What picking one choice of a message sends, when that is not simply the choice's text as plain text
/// (a carousel's JSON selection, a list picker's "show more", an answered form).
public struct ChoiceReply: Codable, Sendable, Hashable {
    /// The content type the reply is sent as.
    public var contentType: String
    /// The content sent on the wire.
    public var content: String
    /// What the transcript shows for the reply (the same text the server's echo is shown with).
    public var display: String

    /// Creates a reply.
    public init(contentType: String, content: String, display: String) {
        self.contentType = contentType
        self.content = content
        self.display = display
    }

    /// The plain-text reply `text`, shown as itself.
    public static func plain(_ text: String) -> ChoiceReply {
        ChoiceReply(contentType: "text/plain", content: text, display: text)
    }
}
