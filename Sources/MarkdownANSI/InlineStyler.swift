/// Turns inline content (cmark inline nodes and the agent HTML subset) into styled spans; "\n" spans are hard breaks.
struct InlineStyler {
    /// An HTML element opened in the inline stream and not yet closed.
    private struct OpenTag {
        var name: String
        var style: TextStyle
        var url: String?
        var firstSpan: Int
    }

    /// An HTML list opened by `<ul>` / `<ol>`.
    private struct OpenList {
        var ordered: Bool
        var counter: Int
    }

    let theme: Theme
    /// The spans styled so far.
    var output = SpanAccumulator()
    private var openTags: [OpenTag] = []
    private var openLists: [OpenList] = []
    /// Collapse HTML whitespace (runs → one space, none at line starts); used for HTML blocks.
    private let collapseWhitespace: Bool

    /// Creates a styler; `collapseWhitespace` gives HTML-block whitespace rules.
    init(theme: Theme, collapseWhitespace: Bool = false) {
        self.theme = theme
        self.collapseWhitespace = collapseWhitespace
    }

    /// Clears the state left by a previous run (one styler serves a whole document).
    mutating func reset() {
        output.clear()
        openTags.removeAll(keepingCapacity: true)
        openLists.removeAll(keepingCapacity: true)
    }

    /// Styles an HTML block's raw markup; returns the spans with leading/trailing breaks trimmed.
    static func htmlBlockSpans(_ html: String, base: TextStyle, theme: Theme) -> [StyledSpan] {
        var styler = InlineStyler(theme: theme, collapseWhitespace: true)
        for token in HTMLSubset.tokenize(html) { styler.handle(token, base: base) }
        styler.finish(base: base)
        var result = styler.output.take()
        while let last = result.last, last.text == "\n" || last.text.allSatisfy({ $0 == " " }) { result.removeLast() }
        while let first = result.first, first.text == "\n" || first.text.allSatisfy({ $0 == " " }) { result.removeFirst() }
        return result
    }

    /// Whether HTML tags opened in the inline stream are still open.
    var hasOpenTags: Bool { !openTags.isEmpty }

    /// `style` with the styles of the open HTML tags layered on top.
    func effective(_ style: TextStyle) -> TextStyle {
        if openTags.isEmpty { return style }
        var result = style
        for tag in openTags { result = result.merged(with: tag.style) }
        return result
    }

    /// Shows an image as `[image: alt](url)` (`[image](url)` without alt text).
    mutating func appendImage(alt: String, url: String, style: TextStyle) {
        let suffix = url.isEmpty ? "]" : "](\(Sanitizer.flattenWhitespace(url)))"
        append((alt.isEmpty ? "[image" : "[image: " + Sanitizer.flattenWhitespace(alt)) + suffix, style)
    }

    /// Shows ` (url)` after link text unless the text already is the URL.
    mutating func appendURL(_ url: String, textFrom start: Int, style: TextStyle) {
        guard !url.isEmpty else { return }
        let text = output.text(from: start)
        if text == url || "mailto:" + text == url || "http://" + text == url || "https://" + text == url { return }
        var urlStyle = effective(style).merged(with: theme.linkURL)
        urlStyle.link = url
        append(" (" + Sanitizer.flattenWhitespace(url) + ")", urlStyle)
    }

    /// Applies one HTML token of the agent subset.
    mutating func handle(_ token: HTMLToken, base: TextStyle) {
        switch token {
        case .text(let text):
            append(text, effective(base))
        case .tag(let name, let closing, let href):
            if closing { close(name, base: base) } else { open(name, href: href, base: base) }
        case .image(let alt, let url):
            var style = effective(base).merged(with: theme.image)
            style.link = url.isEmpty ? nil : url
            appendImage(alt: alt, url: url, style: style)
        }
    }

    private mutating func open(_ name: String, href: String?, base: TextStyle) {
        switch name {
        case "b", "strong": push(name, theme.strong)
        case "i", "em": push(name, theme.emphasis)
        case "code", "tt", "kbd": push(name, theme.codeSpan)
        case "s", "strike", "del": push(name, theme.strikethrough)
        case "u", "ins": push(name, TextStyle(underline: true))
        case "a":
            var style = theme.link
            style.link = href.flatMap { $0.isEmpty ? nil : $0 }
            guard openTags.count < 64 else { return }
            openTags.append(OpenTag(name: name, style: style, url: style.link, firstSpan: output.count))
        case "br": appendBreak()
        case "p", "div", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table":
            appendBreak(unlessAtLineStart: true)
        case "ul", "ol":
            appendBreak(unlessAtLineStart: true)
            openLists.append(OpenList(ordered: name == "ol", counter: 0))
        case "li":
            appendBreak(unlessAtLineStart: true)
            let depth = max(0, openLists.count - 1)
            let indent = String(repeating: "  ", count: depth)
            if openLists.isEmpty {
                append(indent + "• ", theme.listMarker)
            } else {
                openLists[openLists.count - 1].counter += 1
                let list = openLists[openLists.count - 1]
                append(indent + (list.ordered ? "\(list.counter). " : "• "), theme.listMarker)
            }
        case "td", "th":
            if !output.isEmpty && !output.lastIsBreak { append(" ", effective(base)) }
        case "hr":
            appendBreak(unlessAtLineStart: true)
        default:
            break
        }
    }

    private mutating func close(_ name: String, base: TextStyle) {
        switch name {
        case "p", "div", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "li":
            appendBreak(unlessAtLineStart: true)
        case "ul", "ol":
            if !openLists.isEmpty { openLists.removeLast() }
            appendBreak(unlessAtLineStart: true)
        default:
            guard let index = openTags.lastIndex(where: { $0.name == name }) else { return }
            let tag = openTags[index]
            openTags.removeSubrange(index...)
            if let url = tag.url { appendURL(url, textFrom: tag.firstSpan, style: base) }
        }
    }

    private mutating func push(_ name: String, _ style: TextStyle) {
        guard openTags.count < 64 else { return }
        openTags.append(OpenTag(name: name, style: style, url: nil, firstSpan: output.count))
    }

    /// Closes HTML tags left open at the end of the inline content.
    mutating func finish(base: TextStyle) {
        while let tag = openTags.popLast() {
            if let url = tag.url { appendURL(url, textFrom: tag.firstSpan, style: base) }
        }
    }

    /// Appends a hard break (unless one is not wanted at the start of a line).
    mutating func appendBreak(unlessAtLineStart: Bool = false) {
        if unlessAtLineStart && output.atLineStart { return }
        output.appendBreak()
    }

    /// Appends text in `style` (HTML-block whitespace rules applied when collapsing).
    mutating func append(_ text: String, _ style: TextStyle) {
        var text = text
        if collapseWhitespace {
            text = InlineStyler.collapse(text)
            if output.endsInSpaceOrBreak && text.hasPrefix(" ") { text.removeFirst() }
        }
        // Flattened like text nodes: the text of inline HTML (a CDATA section, say) may span lines.
        text.withUTF8 { output.append($0, style, flatten: true) }
    }

    /// HTML whitespace collapsing: every run of spaces, tabs and newlines becomes one space.
    private static func collapse(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" || character == "\r\n" {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        return result
    }
}
