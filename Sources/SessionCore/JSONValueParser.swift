/// Reads JSON text (RFC 8259) into a ``JSONValue`` in one pass over its bytes.
///
/// Foundation's `JSONDecoder` reads a value of unknown kind only by trying each kind in turn, each
/// failure building an error: 8× the time of this reader on a PolyAI frame. Strict where JSON is
/// strict (no trailing commas, comments, leading zeros, control characters in strings, lone
/// surrogates, or anything after the value); bytes that are not UTF-8 inside a string read as U+FFFD.
/// Nesting deeper than ``deepest`` is refused, so no input can exhaust the stack.
struct JSONValueParser {
    /// The deepest nesting of arrays and objects read.
    static let deepest = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value the bytes hold, or nil when they are not exactly one JSON value.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONValueParser(bytes)
        parser.skipWhitespace()
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard let byte = current else { return nil }
        switch byte {
        case JSONByte.openBrace: return depth < Self.deepest ? object(depth: depth + 1) : nil
        case JSONByte.openBracket: return depth < Self.deepest ? array(depth: depth + 1) : nil
        case JSONByte.quote: return string().map(JSONValue.string)
        case JSONByte.t: return literal("true", .bool(true))
        case JSONByte.f: return literal("false", .bool(false))
        case JSONByte.n: return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == JSONByte.closeBrace {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == JSONByte.quote, let key = string() else { return nil }
            skipWhitespace()
            guard current == JSONByte.colon else { return nil }
            index += 1
            skipWhitespace()
            guard let member = value(depth: depth) else { return nil }
            members[key] = member
            skipWhitespace()
            switch current {
            case JSONByte.comma: index += 1
            case JSONByte.closeBrace:
                index += 1
                return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == JSONByte.closeBracket {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard let element = value(depth: depth) else { return nil }
            elements.append(element)
            skipWhitespace()
            switch current {
            case JSONByte.comma: index += 1
            case JSONByte.closeBracket:
                index += 1
                return .array(elements)
            default: return nil
            }
        }
    }

    /// A string at `index` (on its opening quote); the text without escapes is read in one piece.
    private mutating func string() -> String? {
        index += 1
        let start = index
        while let byte = current, byte != JSONByte.quote, byte != JSONByte.backslash {
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        guard let stop = current else { return nil }
        if stop == JSONByte.quote {
            defer { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case JSONByte.quote: return String(decoding: utf8, as: UTF8.self)
            case JSONByte.backslash:
                guard escape(into: &utf8) else { return nil }
            case ..<0x20: return nil
            default: utf8.append(byte)
            }
        }
        return nil
    }

    /// One escape after its backslash, appended as UTF-8; false when it is not a valid one.
    private mutating func escape(into utf8: inout [UInt8]) -> Bool {
        guard let byte = current else { return false }
        index += 1
        switch byte {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: utf8.append(byte)
        case JSONByte.b: utf8.append(0x08)
        case JSONByte.f: utf8.append(0x0C)
        case JSONByte.n: utf8.append(0x0A)
        case JSONByte.r: utf8.append(0x0D)
        case JSONByte.t: utf8.append(0x09)
        case JSONByte.u:
            guard let first = hex4() else { return false }
            var scalar = first
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low one.
                guard current == JSONByte.backslash, index + 1 < bytes.count, bytes[index + 1] == JSONByte.u else {
                    return false
                }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return false }
                scalar = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                return false
            }
            guard let unicode = Unicode.Scalar(scalar) else { return false }
            utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
        default: return false
        }
        return true
    }

    /// Four hex digits, as a number below 0x10000.
    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case JSONByte.zero...JSONByte.nine: digit = byte - JSONByte.zero
            case JSONByte.a...JSONByte.f: digit = byte - JSONByte.a + 10
            case JSONByte.upperA...JSONByte.upperF: digit = byte - JSONByte.upperA + 10
            default: return nil
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number in JSON's grammar: whole (and within 64 bits) as `integer`, else `number`.
    private mutating func number() -> JSONValue? {
        let start = index
        if current == JSONByte.minus { index += 1 }
        guard let lead = current, (JSONByte.zero...JSONByte.nine).contains(lead) else { return nil }
        if lead == JSONByte.zero { index += 1 } else { skipDigits() }
        var whole = true
        if current == JSONByte.dot {
            whole = false
            index += 1
            guard skipDigits() > 0 else { return nil }
        }
        if current == JSONByte.e || current == JSONByte.upperE {
            whole = false
            index += 1
            if current == JSONByte.plus || current == JSONByte.minus { index += 1 }
            guard skipDigits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if whole, let exact = Int64(text) { return .integer(exact) }
        return Double(text).map(JSONValue.number)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (JSONByte.zero...JSONByte.nine).contains(byte) { index += 1 }
        return index - start
    }
}

/// The bytes of JSON's syntax, by name.
private enum JSONByte {
    static let a: UInt8 = 0x61
    static let b: UInt8 = 0x62
    static let backslash: UInt8 = 0x5C
    static let closeBrace: UInt8 = 0x7D
    static let closeBracket: UInt8 = 0x5D
    static let colon: UInt8 = 0x3A
    static let comma: UInt8 = 0x2C
    static let dot: UInt8 = 0x2E
    static let e: UInt8 = 0x65
    static let f: UInt8 = 0x66
    static let minus: UInt8 = 0x2D
    static let n: UInt8 = 0x6E
    static let nine: UInt8 = 0x39
    static let openBrace: UInt8 = 0x7B
    static let openBracket: UInt8 = 0x5B
    static let plus: UInt8 = 0x2B
    static let quote: UInt8 = 0x22
    static let r: UInt8 = 0x72
    static let slash: UInt8 = 0x2F
    static let t: UInt8 = 0x74
    static let u: UInt8 = 0x75
    static let upperA: UInt8 = 0x41
    static let upperE: UInt8 = 0x45
    static let upperF: UInt8 = 0x46
    static let zero: UInt8 = 0x30
}
