import Foundation

/// A streamed message's text, read either way a server may mean its chunks (spec §7.2).
///
/// The docs call chunk texts raw fragments to be concatenated as they are ("Hello " + "there, "); the
/// official SDK joins the non-empty ones with one space, so a server written for it sends chunks with
/// no whitespace at their edges ("Hello" + "there,"). Which one a server does is read per stream: a
/// stream in which some non-empty chunk begins or ends with whitespace carries its own spacing and is
/// concatenated; one in which none does is SDK-style and joined with one space. Both readings are
/// kept as the chunks come (one append each), so a late chunk that settles the question costs nothing.
struct PolyAIStreamText: Sendable, Hashable {
    /// The chunks concatenated as they are.
    private var raw = ""
    /// The non-empty chunks joined with one space.
    private var spaced = ""
    /// True once a non-empty chunk began or ended with whitespace.
    private(set) var carriesSpacing = false

    /// An empty text.
    init() {}

    /// Appends the next chunk's text.
    mutating func append(_ part: String) {
        raw += part
        guard let first = part.first, let last = part.last else { return }
        if first.isWhitespace || last.isWhitespace { carriesSpacing = true }
        if !spaced.isEmpty { spaced += " " }
        spaced += part
    }

    /// Appends a run of chunks read the same way.
    mutating func append(_ other: PolyAIStreamText) {
        raw += other.raw
        carriesSpacing = carriesSpacing || other.carriesSpacing
        if !other.spaced.isEmpty {
            if !spaced.isEmpty { spaced += " " }
            spaced += other.spaced
        }
    }

    /// The text as the stream's own form says to read it.
    var text: String { carriesSpacing ? raw : spaced }
}
