/// A link, image or phone number a message carries besides its text (PolyAI attachments and call actions).
public struct ChatCard: Codable, Sendable, Hashable {
    /// What the card is.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// An image to look at.
        case image
        /// A web link.
        case link
        /// A phone number to call.
        case call
        /// Some other file.
        case file
    }

    /// What the card is.
    public var kind: Kind
    /// Its title.
    public var title: String
    /// Where it points (`https://…`, `tel:…`), if anywhere.
    public var url: String?
    /// The button text the sender gave it, if any.
    public var action: String?

    /// Creates a card.
    public init(kind: Kind, title: String, url: String?, action: String? = nil) {
        self.kind = kind
        self.title = title
        self.url = url
        self.action = action
    }

    /// The card as one markdown list line (the link in angle brackets, so it can be opened by number).
    public var line: String {
        let link = url.map { " <\($0)>" } ?? ""
        switch kind {
        case .image: return "- Image: \(title)\(link)"
        case .link: return "- Link: \(title)\(action.map { " (\($0))" } ?? "")\(link)"
        case .call: return "- Call: \(title)\(link)"
        case .file: return "- Attachment: \(title)\(link)"
        }
    }
}
