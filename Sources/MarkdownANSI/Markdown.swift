import CCmarkGFM

/// Markdown (CommonMark + GFM + the agent HTML subset) to styled terminal lines.
public enum Markdown {
    /// Renders markdown (+ the agent HTML subset) to lines no wider than `width`.
    public static func render(_ text: String, width: Int, theme: Theme = .default) -> [StyledLine] {
        Layout.lines(document(text, theme: theme), width: width, theme: theme)
    }

    /// Wraps plain text (no markdown) to `width`, one style for all of it.
    public static func wrapPlain(_ text: String, width: Int, style: TextStyle = .plain) -> [StyledLine] {
        let clean = Sanitizer.clean(text)
        var lines: [StyledLine] = []
        for paragraph in clean.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(paragraph)
            if line.hasSuffix("\r") { line.removeLast() }
            let flat = Sanitizer.flattenWhitespace(line)
            if flat.isEmpty {
                lines.append(StyledLine())
                continue
            }
            for wrapped in LineWrapper.wrap([StyledSpan(flat, style: style)], width: width) {
                lines.append(StyledLine(wrapped))
            }
        }
        return lines
    }

    /// The width-independent styled document of `text`.
    static func document(_ text: String, theme: Theme) -> [DocBlock] {
        CmarkParser.withDocument(Sanitizer.clean(text)) { DocumentBuilder.build($0, theme: theme) } ?? []
    }
}

extension Markdown {
    /// Seconds spent in each phase (cmark parse, styled document, layout, freeing both) rendering `texts` at `width`; for md-bench.
    @_spi(Benchmark)
    public static func phaseSeconds(_ texts: [String], width: Int, theme: Theme = .default, clock: () -> Double) -> [Double] {
        var parsed: [OpaquePointer?] = []
        parsed.reserveCapacity(texts.count)
        let start = clock()
        for text in texts { parsed.append(CmarkParser.parse(Sanitizer.clean(text))) }
        let afterParse = clock()
        var documents: [[DocBlock]] = []
        documents.reserveCapacity(texts.count)
        for root in parsed {
            guard let root else { continue }
            documents.append(DocumentBuilder.build(root, theme: theme))
            cmark_node_free(root)
        }
        let afterBuild = clock()
        var rendered: [[StyledLine]] = []
        rendered.reserveCapacity(documents.count)
        for document in documents { rendered.append(Layout.lines(document, width: width, theme: theme)) }
        let afterLayout = clock()
        documents.removeAll()
        rendered.removeAll()
        let afterRelease = clock()
        return [afterParse - start, afterBuild - afterParse, afterLayout - afterBuild, afterRelease - afterLayout]
    }
}
