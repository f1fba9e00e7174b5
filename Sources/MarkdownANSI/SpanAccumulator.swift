/// Collects the styled spans of one inline run.
///
/// Consecutive text in the same style is joined into one span. The text of the span being built
/// is kept as UTF-8 bytes and becomes a `String` once, when the style changes, a hard break
/// comes or the run is taken; cmark literals are copied straight from C memory, so no `String`
/// is made per text node. A span whose text is "\n" is a hard break.
struct SpanAccumulator {
    /// Finished spans; the open span (if any) logically follows them.
    private var finished: [StyledSpan] = []
    /// UTF-8 of the spans closed since the last take, then of the open span (from `openStart`;
    /// never empty while `isOpen`).
    private var bytes: [UInt8] = []
    /// Where the open span's bytes start.
    private var openStart = 0
    /// Style of the open span.
    private var style = TextStyle.plain
    /// Whether an open span exists.
    private var isOpen = false

    /// Creates an empty accumulator.
    init() {
        bytes.reserveCapacity(256)
    }

    /// Number of spans so far, the open one included.
    var count: Int { finished.count + (isOpen ? 1 : 0) }

    /// Whether no span has been added.
    var isEmpty: Bool { finished.isEmpty && !isOpen }

    /// Whether the last span is a hard break.
    var lastIsBreak: Bool { !isOpen && !finished.isEmpty }

    /// Whether nothing precedes on the current line (no span yet, or a hard break last).
    var atLineStart: Bool { !isOpen }

    /// Whether the last span ends in a space or is a hard break (true when empty).
    var endsInSpaceOrBreak: Bool {
        if isOpen { return bytes.last == 0x20 }
        return true
    }

    /// UTF-8 of the open span.
    private var openBytes: ArraySlice<UInt8> { bytes[openStart...] }

    /// Appends UTF-8 `text` in `style`; with `flatten`, tabs, CR, LF and CR LF become one space each.
    /// Control characters are dropped: the source was cleaned before parsing, but character
    /// references are decoded after it (`&#27;`, `&#x9B;`), and none may reach the terminal.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, _ style: TextStyle, flatten: Bool) {
        guard !text.isEmpty else { return }
        if !ByteScan.mayHoldControl(text) {
            open(style)
            bytes.append(contentsOf: text)
            return
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == 0x0D || byte == 0x0A || byte == 0x09 {
                kept.append(flatten ? 0x20 : byte)
                if flatten && byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A { index += 1 }
            } else if byte == 0xC2 && index + 1 < text.count && text[index + 1] >= 0x80 && text[index + 1] <= 0x9F {
                index += 1  // a C1 control (U+0080…U+009F)
            } else if byte >= 0x20 && byte != 0x7F {
                kept.append(byte)
            }
            index += 1
        }
        // Nothing but controls: no span (an open span is never empty).
        guard !kept.isEmpty else { return }
        open(style)
        bytes.append(contentsOf: kept)
    }

    /// Appends one space in `style` (a soft break).
    mutating func appendSpace(_ style: TextStyle) {
        open(style)
        bytes.append(0x20)
    }

    /// Appends a hard break.
    mutating func appendBreak() {
        close()
        if finished.capacity == 0 { finished.reserveCapacity(4) }
        finished.append(StyledSpan("\n"))
    }

    /// The text of the spans from index `start` on, joined (for comparing link text with its URL).
    func text(from start: Int) -> String {
        var joined: [UInt8] = []
        if start < finished.count {
            for span in finished[start...] { joined.append(contentsOf: span.text.utf8) }
        }
        if isOpen && start <= finished.count { joined.append(contentsOf: openBytes) }
        return String(decoding: joined, as: UTF8.self)
    }

    /// Returns the spans and starts over.
    mutating func take() -> [StyledSpan] {
        close()
        let result = finished
        finished = []
        bytes.removeAll(keepingCapacity: true)
        openStart = 0
        return result
    }

    /// Drops everything added so far.
    mutating func clear() {
        finished.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        openStart = 0
        isOpen = false
    }

    /// Makes the open span one in `newStyle`, closing the current one if its style differs.
    @inline(__always)
    private mutating func open(_ newStyle: TextStyle) {
        if isOpen {
            if style == newStyle { return }
            close()
        }
        style = newStyle
        openStart = bytes.count
        isOpen = true
    }

    /// Turns the open span into a finished one.
    private mutating func close() {
        guard isOpen else { return }
        if finished.capacity == 0 { finished.reserveCapacity(4) }
        let text = bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[openStart...]), as: UTF8.self)
        }
        finished.append(StyledSpan(text, style: style))
        isOpen = false
    }
}
