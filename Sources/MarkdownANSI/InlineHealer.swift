/// Closes inline constructs left open at the end of a streaming paragraph.
enum InlineHealer {
    /// A delimiter run that opened and is not closed yet.
    private struct Opener: Equatable {
        var marker: Character
        var length: Int
    }

    /// `block` with open code spans, emphasis, strikethrough and link destinations closed.
    static func heal(_ block: String) -> String {
        var text = stripDanglingOpener(stripDanglingTag(block))
        let characters = Array(text)
        var stack: [Opener] = []
        var codeRun = 0
        var inURL = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                index += 2
                continue
            }
            if character == "`" {
                let run = runLength(characters, index)
                if codeRun == 0 { codeRun = run } else if codeRun == run { codeRun = 0 }
                index += run
                continue
            }
            if codeRun > 0 {
                index += 1
                continue
            }
            if inURL {
                if character == ")" || character == " " { inURL = false }
                index += 1
                continue
            }
            if character == "]" && index + 1 < characters.count && characters[index + 1] == "(" {
                inURL = true
                index += 2
                continue
            }
            if character == "*" || character == "_" || character == "~" {
                let run = runLength(characters, index)
                let before: Character? = index > 0 ? characters[index - 1] : nil
                let after: Character? = index + run < characters.count ? characters[index + run] : nil
                apply(marker: character, run: run, before: before, after: after, stack: &stack)
                index += run
                continue
            }
            index += 1
        }
        var suffix = ""
        if codeRun > 0 {
            suffix += String(repeating: "`", count: codeRun)
        } else {
            if inURL { suffix += ")" }
            for opener in stack.reversed() { suffix += String(repeating: opener.marker, count: opener.length) }
        }
        if suffix.isEmpty { return text }
        while let last = text.last, last == " " || last == "\n" || last == "\t" || last == "\r" { text.removeLast() }
        if text.isEmpty { return "" }
        return text + suffix
    }

    private static func apply(marker: Character, run: Int, before: Character?, after: Character?, stack: inout [Opener]) {
        let spaceBefore = before.map { $0.isWhitespace } ?? true
        let spaceAfter = after.map { $0.isWhitespace } ?? true
        if marker == "_", let left = before, let right = after, left.isLetter || left.isNumber, right.isLetter || right.isNumber {
            return
        }
        if !spaceBefore, let position = stack.lastIndex(where: { $0.marker == marker }) {
            if after == nil && run < stack[position].length {
                stack[position].length -= run
                stack.removeSubrange((position + 1)...)
            } else {
                stack.removeSubrange(position...)
            }
            return
        }
        if !spaceAfter && after != nil {
            let length = marker == "~" ? min(run, 2) : min(run, 3)
            stack.append(Opener(marker: marker, length: length))
        }
    }

    private static func runLength(_ characters: [Character], _ start: Int) -> Int {
        var end = start
        while end < characters.count && characters[end] == characters[start] { end += 1 }
        return end - start
    }

    /// Removes a trailing run of `*`, `_`, `~` or backticks with nothing after it (an opener still arriving).
    private static func stripDanglingOpener(_ text: String) -> String {
        var result = text
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        guard let last = result.last, last == "*" || last == "_" || last == "~" || last == "`" else { return text }
        var trimmed = result
        while trimmed.last == last { trimmed.removeLast() }
        if trimmed.isEmpty || trimmed.last == " " || trimmed.last == "\n" {
            let lineStart = trimmed.lastIndex(of: "\n").map { trimmed.index(after: $0) } ?? trimmed.startIndex
            if trimmed[lineStart...].allSatisfy({ $0 == " " }) && last != "`" { return text }
            return trimmed
        }
        return text
    }

    /// Removes a half-received HTML tag (`<b`, `<a href="…`) at the very end.
    private static func stripDanglingTag(_ text: String) -> String {
        guard let open = text.lastIndex(of: "<") else { return text }
        let rest = text[text.index(after: open)...]
        guard let first = rest.first, first.isLetter || first == "/" else { return text }
        if rest.contains(">") || rest.contains("\n") { return text }
        return String(text[..<open])
    }
}
