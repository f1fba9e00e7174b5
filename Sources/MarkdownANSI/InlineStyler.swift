/// Turns inline nodes (and the agent HTML subset) into styled spans; "\n" spans are hard breaks.
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
    private(set) var spans: [StyledSpan] = []
    private var openTags: [OpenTag] = []
    private var openLists: [OpenList] = []
    /// Collapse HTML whitespace (runs → one space, none at line starts); used for HTML blocks.
    private let collapseWhitespace: Bool

    /// Creates a styler; `collapseWhitespace` gives HTML-block whitespace rules.
    init(theme: Theme, collapseWhitespace: Bool = false) {
        self.theme = theme
        self.collapseWhitespace = collapseWhitespace
    }

    /// Styles `nodes` in a paragraph context whose base style is `base`; returns the spans.
    static func spans(_ nodes: [InlineNode], base: TextStyle, theme: Theme) -> [StyledSpan] {
        var styler = InlineStyler(theme: theme)
        return styler.run(nodes, base: base)
    }

    /// Styles `nodes` over `base` with this styler (state is reset first, so one styler serves a whole document).
    mutating func run(_ nodes: [InlineNode], base: TextStyle) -> [StyledSpan] {
        spans = []
        openTags.removeAll(keepingCapacity: true)
        openLists.removeAll(keepingCapacity: true)
        emit(nodes, style: base)
        finish(base: base)
        return spans
    }

    /// Styles an HTML block's raw markup; returns the spans with leading/trailing breaks trimmed.
    static func htmlBlockSpans(_ html: String, base: TextStyle, theme: Theme) -> [StyledSpan] {
        var styler = InlineStyler(theme: theme, collapseWhitespace: true)
        for token in HTMLSubset.tokenize(html) { styler.handle(token, base: base) }
        styler.finish(base: base)
        var result = styler.spans
        while let last = result.last, last.text == "\n" || last.text.allSatisfy({ $0 == " " }) { result.removeLast() }
        while let first = result.first, first.text == "\n" || first.text.allSatisfy({ $0 == " " }) { result.removeFirst() }
        return result
    }

    /// Appends the spans of `nodes` drawn over `style`.
    mutating func emit(_ nodes: [InlineNode], style: TextStyle) {
        for node in nodes { emit(node, style: style) }
    }

    private func effective(_ style: TextStyle) -> TextStyle {
        var result = style
        for tag in openTags { result = result.merged(with: tag.style) }
        return result
    }

    private mutating func emit(_ node: InlineNode, style: TextStyle) {
        switch node {
        case .text(let text):
            append(Sanitizer.flattenWhitespace(text), effective(style))
        case .softBreak:
            append(" ", effective(style))
        case .lineBreak:
            appendBreak()
        case .code(let code):
            append(Sanitizer.flattenWhitespace(code), effective(style).merged(with: theme.codeSpan))
        case .html(let html):
            for token in HTMLSubset.tokenize(html) { handle(token, base: style) }
        case .emphasis(let children):
            emit(children, style: style.merged(with: theme.emphasis))
        case .strong(let children):
            emit(children, style: style.merged(with: theme.strong))
        case .strikethrough(let children):
            emit(children, style: style.merged(with: theme.strikethrough))
        case .link(let url, _, let children):
            var linkStyle = style.merged(with: theme.link)
            linkStyle.link = url.isEmpty ? nil : url
            let start = spans.count
            emit(children, style: linkStyle)
            appendURL(url, textFrom: start, style: style)
        case .image(let url, _, let children):
            var imageStyle = effective(style).merged(with: theme.image)
            imageStyle.link = url.isEmpty ? nil : url
            appendImage(alt: InlineStyler.plainText(children), url: url, style: imageStyle)
        }
    }

    /// Shows an image as `[image: alt](url)` (`[image](url)` without alt text).
    private mutating func appendImage(alt: String, url: String, style: TextStyle) {
        let suffix = url.isEmpty ? "]" : "](\(Sanitizer.flattenWhitespace(url)))"
        append((alt.isEmpty ? "[image" : "[image: " + Sanitizer.flattenWhitespace(alt)) + suffix, style)
    }

    /// Shows ` (url)` after link text unless the text already is the URL.
    private mutating func appendURL(_ url: String, textFrom start: Int, style: TextStyle) {
        guard !url.isEmpty else { return }
        var text = ""
        for span in spans[min(start, spans.count)...] { text += span.text }
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
            openTags.append(OpenTag(name: name, style: style, url: style.link, firstSpan: spans.count))
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
            if let last = spans.last, last.text != "\n" { append(" ", effective(base)) }
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
        openTags.append(OpenTag(name: name, style: style, url: nil, firstSpan: spans.count))
    }

    /// Closes HTML tags left open at the end of the inline content.
    mutating func finish(base: TextStyle) {
        while let tag = openTags.popLast() {
            if let url = tag.url { appendURL(url, textFrom: tag.firstSpan, style: base) }
        }
    }

    private var atLineStart: Bool {
        guard let last = spans.last else { return true }
        return last.text == "\n"
    }

    private mutating func appendBreak(unlessAtLineStart: Bool = false) {
        if unlessAtLineStart && atLineStart { return }
        spans.append(StyledSpan("\n"))
    }

    private mutating func append(_ text: String, _ style: TextStyle) {
        var text = text
        if collapseWhitespace {
            text = InlineStyler.collapse(text)
            let previousEndsInSpace = spans.last.map { $0.text == "\n" || $0.text.hasSuffix(" ") } ?? true
            if previousEndsInSpace && text.hasPrefix(" ") { text.removeFirst() }
        }
        guard !text.isEmpty else { return }
        let lastIndex = spans.count - 1
        if lastIndex >= 0, spans[lastIndex].style == style, spans[lastIndex].text != "\n" {
            spans[lastIndex].text += text
        } else {
            spans.append(StyledSpan(text, style: style))
        }
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

    /// The visible text of inline nodes without styling (image alt text).
    static func plainText(_ nodes: [InlineNode]) -> String {
        var result = ""
        for node in nodes {
            switch node {
            case .text(let text), .code(let text): result += Sanitizer.flattenWhitespace(text)
            case .softBreak, .lineBreak: result += " "
            case .html: break
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                result += plainText(children)
            case .link(_, _, let children), .image(_, _, let children):
                result += plainText(children)
            }
        }
        return result
    }
}
