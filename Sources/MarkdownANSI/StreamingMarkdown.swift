/// Incremental rendering of a reply that arrives in chunks: finished blocks are cached per width,
/// only the open last block is re-rendered (healed, so half-received markup displays sensibly).
///
/// Block boundaries come from `BlockScanner` (a blank line, then a column-0 line that is not a
/// list item, outside fences and multi-line HTML blocks). The source before the last boundary is
/// split into segments at the boundaries; each is rendered once per width and theme, and the
/// segments are joined with one blank line, exactly as `Markdown.render` joins top-level blocks.
public struct StreamingMarkdown: Sendable {
    /// Rendered lines of the finished segments for one width and theme.
    private struct LineCache: Sendable {
        var width: Int
        var theme: Theme
        var segments: Int
        var lines: [StyledLine]
    }

    /// Styled documents of the finished segments for one theme.
    private struct DocumentCache: Sendable {
        var theme: Theme
        var documents: [[DocBlock]] = []
    }

    /// The whole reply received so far.
    public private(set) var text: String = ""
    /// UTF-8 of the text as the parser sees it (`Sanitizer.clean`: control characters removed).
    private var bytes: [UInt8] = []
    private var scanner = BlockScanner()
    private var documents: DocumentCache?
    private var lineCaches: [LineCache] = []
    /// When true the reply is complete and the tail is rendered without healing.
    public private(set) var isFinished = false
    /// True once the text holds `]:`, which may be a link reference definition (cmark resolves those
    /// across the whole document: a definition may come after its use), or a CR alone (a line end to
    /// cmark but not to the block scanner): the segments are then no longer independent, and every
    /// call renders the whole displayed text instead.
    private var rendersWhole = false

    /// Creates an empty stream.
    public init() {}

    /// Creates a stream that already holds `text`.
    public init(_ text: String) {
        append(text)
    }

    /// Adds the next chunk of the reply.
    public mutating func append(_ chunk: String) {
        guard !chunk.isEmpty else { return }
        text += chunk
        // The bytes are the text as the parser sees it (controls removed), so the block scanner sees it too.
        let start = bytes.count
        bytes.append(contentsOf: Sanitizer.clean(chunk).utf8)
        if !rendersWhole {
            rendersWhole = (max(start, 1)..<max(bytes.count, 1)).contains { index in
                (bytes[index - 1] == 0x5D && bytes[index] == 0x3A) || (bytes[index - 1] == 0x0D && bytes[index] != 0x0A)
            }
        }
        scanner.scan(bytes)
    }

    /// Marks the reply complete: the last block is rendered as written, without healing.
    public mutating func finish() {
        isFinished = true
    }

    /// Lines of the reply so far for `width` and `theme` (finished blocks come from the cache).
    public mutating func lines(width: Int, theme: Theme) -> [StyledLine] {
        let parts = parts(width: width, theme: theme)
        if parts.finished.isEmpty { return parts.open }
        if parts.open.isEmpty { return parts.finished }
        return parts.finished + [StyledLine()] + parts.open
    }

    /// The reply's lines in two parts: those of its finished blocks — for one width and theme they
    /// only ever grow at the end while the reply is appended to, so a caller may keep what it made
    /// of them — and those of its open block, rendered anew. ``lines(width:theme:)`` is the two
    /// joined by a blank line (when both hold lines).
    public mutating func parts(width: Int, theme: Theme) -> (finished: [StyledLine], open: [StyledLine]) {
        let width = max(1, width)
        if rendersWhole { return ([], Markdown.render(displayedText, width: width, theme: theme)) }
        let finished = scanner.boundaries.count
        var cache = takeLineCache(width: width, theme: theme)
        if cache.segments < finished {
            let docs = finishedDocuments(theme: theme, count: finished)
            for segment in cache.segments..<finished {
                let segmentLines = Layout.lines(docs[segment], width: width, theme: theme)
                if !segmentLines.isEmpty && !cache.lines.isEmpty { cache.lines.append(StyledLine()) }
                cache.lines += segmentLines
            }
            cache.segments = finished
        }
        lineCaches.append(cache)
        return (cache.lines, Markdown.render(openText, width: width, theme: theme))
    }

    /// The source of the open (unfinished) part, healed unless the reply is finished.
    var openText: String {
        let start = scanner.boundaries.last ?? 0
        let tail = String(decoding: bytes[start...], as: UTF8.self)
        return isFinished ? tail : Healer.heal(tail)
    }

    /// Finished source followed by the healed open part: what the stream currently shows.
    var displayedText: String {
        let start = scanner.boundaries.last ?? 0
        return String(decoding: bytes[..<start], as: UTF8.self) + openText
    }

    /// Removes and returns the line cache for (width, theme), or a fresh one; keeps at most 3.
    private mutating func takeLineCache(width: Int, theme: Theme) -> LineCache {
        if let index = lineCaches.firstIndex(where: { $0.width == width && $0.theme == theme }) {
            return lineCaches.remove(at: index)
        }
        if lineCaches.count >= 3 { lineCaches.removeFirst() }
        return LineCache(width: width, theme: theme, segments: 0, lines: [])
    }

    /// Styled documents of the first `count` finished segments, parsing only new ones.
    private mutating func finishedDocuments(theme: Theme, count: Int) -> [[DocBlock]] {
        var cache = documents.flatMap { $0.theme == theme ? $0 : nil } ?? DocumentCache(theme: theme)
        let starts = [0] + scanner.boundaries
        while cache.documents.count < count {
            let segment = cache.documents.count
            let source = String(decoding: bytes[starts[segment]..<starts[segment + 1]], as: UTF8.self)
            cache.documents.append(Markdown.document(source, theme: theme))
        }
        documents = cache
        return cache.documents
    }
}
