/// A piece of raw HTML: text or a tag (comments and declarations are dropped while tokenizing).
enum HTMLToken: Sendable, Hashable {
    case text(String)
    case tag(name: String, closing: Bool, href: String?)
    case image(alt: String, url: String)
}

/// Tokenizes raw HTML and decodes character entities (the agent HTML subset).
enum HTMLSubset {
    /// Splits `html` into text and tags; comments, `<!…>` and `<?…?>` vanish, a stray `<` stays text.
    static func tokenize(_ html: String) -> [HTMLToken] {
        var tokens: [HTMLToken] = []
        let bytes = Array(html.utf8)
        var index = 0
        var textStart = 0
        func flushText(_ end: Int) {
            if end > textStart {
                tokens.append(.text(decodeEntities(String(decoding: bytes[textStart..<end], as: UTF8.self))))
            }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let end = tagEnd(bytes, from: index) else {
                index += 1
                continue
            }
            flushText(index)
            if let token = parseTag(bytes[(index + 1)..<end]) { tokens.append(token) }
            index = end + 1
            textStart = index
        }
        flushText(bytes.count)
        return tokens
    }

    /// Index of the `>` closing the markup that starts at `start`, or nil if it is not markup.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        let next = start + 1
        guard next < bytes.count else { return nil }
        let first = bytes[next]
        if first == UInt8(ascii: "!") && next + 2 < bytes.count
            && bytes[next + 1] == UInt8(ascii: "-") && bytes[next + 2] == UInt8(ascii: "-") {
            var scan = next + 3
            while scan + 2 < bytes.count {
                if bytes[scan] == UInt8(ascii: "-") && bytes[scan + 1] == UInt8(ascii: "-")
                    && bytes[scan + 2] == UInt8(ascii: ">") {
                    return scan + 2
                }
                scan += 1
            }
            return nil
        }
        let isLetter = (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        guard isLetter || first == UInt8(ascii: "/") || first == UInt8(ascii: "!") || first == UInt8(ascii: "?")
        else { return nil }
        var quote: UInt8 = 0
        var scan = next
        while scan < bytes.count {
            let byte = bytes[scan]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return scan
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
            scan += 1
        }
        return nil
    }

    /// Parses the inside of `<…>`; nil for comments, declarations and processing instructions.
    private static func parseTag(_ inner: ArraySlice<UInt8>) -> HTMLToken? {
        var index = inner.startIndex
        guard index < inner.endIndex else { return nil }
        if inner[index] == UInt8(ascii: "!") || inner[index] == UInt8(ascii: "?") { return nil }
        var closing = false
        if inner[index] == UInt8(ascii: "/") {
            closing = true
            index += 1
        }
        let nameStart = index
        while index < inner.endIndex, isNameByte(inner[index]) { index += 1 }
        let name = String(decoding: inner[nameStart..<index], as: UTF8.self).lowercased()
        guard !name.isEmpty else { return nil }
        if name == "img" && !closing {
            let attributes = String(decoding: inner[index...], as: UTF8.self)
            return .image(alt: attribute("alt", in: attributes) ?? "", url: attribute("src", in: attributes) ?? "")
        }
        var href: String?
        if name == "a" && !closing {
            href = attribute("href", in: String(decoding: inner[index...], as: UTF8.self))
        }
        return .tag(name: name, closing: closing, href: href)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// Value of attribute `name` in an attribute list, entities decoded.
    private static func attribute(_ name: String, in attributes: String) -> String? {
        let chars = Array(attributes)
        let wanted = Array(name)
        var index = 0
        while index + wanted.count <= chars.count {
            let matches = chars[index..<(index + wanted.count)].elementsEqual(wanted) {
                $0.lowercased() == $1.lowercased()
            }
            let boundary = index == 0 || chars[index - 1] == " " || chars[index - 1] == "\n"
            guard matches && boundary else {
                index += 1
                continue
            }
            var scan = index + wanted.count
            while scan < chars.count, chars[scan] == " " { scan += 1 }
            guard scan < chars.count, chars[scan] == "=" else {
                index += 1
                continue
            }
            scan += 1
            while scan < chars.count, chars[scan] == " " { scan += 1 }
            guard scan < chars.count else { return "" }
            var value = ""
            if chars[scan] == "\"" || chars[scan] == "'" {
                let quote = chars[scan]
                scan += 1
                while scan < chars.count, chars[scan] != quote {
                    value.append(chars[scan])
                    scan += 1
                }
            } else {
                while scan < chars.count, chars[scan] != " ", chars[scan] != "/" {
                    value.append(chars[scan])
                    scan += 1
                }
            }
            return decodeEntities(value)
        }
        return nil
    }

    /// Named entities the agent subset decodes (beyond numeric references).
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "laquo": "«", "raquo": "»", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "middot": "·",
        "bull": "•", "times": "×", "divide": "÷", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓",
        "check": "✓", "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü",
        "szlig": "ß", "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à", "ntilde": "ñ",
        "ccedil": "ç",
    ]

    /// Replaces `&name;`, `&#NNN;` and `&#xHHH;` with their characters; unknown references stay as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(32).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            if let decoded = decodeReference(name) {
                result += decoded
                rest = after[after.index(after: semi)...]
            } else {
                result += "&"
                rest = after
            }
        }
        result += rest
        return result
    }

    private static func decodeReference(_ name: Substring) -> String? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let code = value, digits.count <= 8 else { return nil }
            if code == 0 { return "\u{FFFD}" }
            guard let scalar = Unicode.Scalar(code) else { return "\u{FFFD}" }
            return Sanitizer.isControl(scalar.value) ? "" : String(Character(scalar))
        }
        return named[String(name)]
    }
}
