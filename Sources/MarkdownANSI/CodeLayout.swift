/// Lays out code block lines: padded background, hard-wrapped with `↩` only when too wide.
enum CodeLayout {
    /// Display lines of a code block in `width` columns.
    static func lines(_ code: [String], width: Int, theme: Theme) -> [[StyledSpan]] {
        let style = theme.codeBlock
        let padding = width >= 6 ? 1 : 0
        let inner = max(1, width - 2 * padding)
        var pieces: [(text: String, width: Int, wrapped: Bool)] = []
        for line in code {
            let lineWidth = TerminalWidth.of(line)
            if lineWidth <= inner {
                pieces.append((line, lineWidth, false))
            } else {
                hardWrap(line, inner: inner, into: &pieces)
            }
        }
        if pieces.isEmpty { pieces.append(("", 0, false)) }
        var blockWidth = 0
        for piece in pieces { blockWidth = max(blockWidth, piece.width + (piece.wrapped ? 1 : 0)) }
        blockWidth = min(inner, blockWidth)
        let pad = Repeated.spaces(padding)
        return pieces.map { piece in
            var spans: [StyledSpan] = []
            let fill = max(0, blockWidth - piece.width - (piece.wrapped ? 1 : 0))
            var text = pad
            text.reserveCapacity(padding + piece.text.utf8.count + fill)
            text += piece.text
            text += Repeated.spaces(fill)
            spans.append(StyledSpan(text, style: style))
            if piece.wrapped { spans.append(StyledSpan("↩", style: theme.wrapMarker)) }
            if padding > 0 { spans.append(StyledSpan(pad, style: style)) }
            return spans
        }
    }

    /// Cuts one overlong line into chunks of `inner - 1` columns, each but the last marked wrapped.
    private static func hardWrap(
        _ line: String, inner: Int, into pieces: inout [(text: String, width: Int, wrapped: Bool)]
    ) {
        let marked = inner >= 2
        let limit = marked ? inner - 1 : inner
        var chunk = ""
        var chunkWidth = 0
        for character in line {
            let characterWidth = TerminalWidth.of(character)
            if chunkWidth + characterWidth > limit && chunkWidth > 0 {
                pieces.append((chunk, chunkWidth, marked))
                chunk = ""
                chunkWidth = 0
            }
            chunk.append(character)
            chunkWidth += characterWidth
        }
        pieces.append((chunk, chunkWidth, false))
    }
}
