/// A strict, single-pass reader over UTF-8 JSON bytes: just enough JSON for the `aws/chat` fast path.
///
/// Every method either consumes a well-formed token or reports failure (nil / false); the
/// caller then gives up and lets `JSONDecoder` judge the frame, so this reader never has to
/// produce error messages and never accepts something `JSONDecoder` would reject.
struct JSONByteReader {
    /// A string token: the bytes between the quotes, and whether any of them is an escape.
    struct RawString {
        /// Byte offsets between the quotes.
        var range: Range<Int>
        /// True when the token contains a backslash escape.
        var escaped: Bool
    }

    /// The bytes being read (valid UTF-8).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of the next unread byte.
    var position = 0

    /// Deepest array/object nesting skipped before giving up.
    static let maximumDepth = 64

    /// Creates a reader at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// True once every byte has been read.
    var atEnd: Bool { position >= bytes.count }

    /// The next byte, or nil at the end.
    @inline(__always)
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Skips JSON whitespace (space, tab, LF, CR).
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Consumes `byte` after optional whitespace; false (nothing consumed but whitespace) otherwise.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Reads a string token (the reader must be at its opening quote).
    mutating func readString() -> RawString? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        position += 1
        let start = position
        var escaped = false
        while position < bytes.count {
            skipPlainStringBytes()
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let range = start..<position
                position += 1
                return RawString(range: range, escaped: escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard position + 1 < bytes.count else { return nil }
                switch bytes[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    // A lone surrogate is refused here (JSONDecoder refuses it too), even in a value that is only skipped.
                    guard let unit = hex4(at: position + 2) else { return nil }
                    if unit >= 0xDC00 && unit <= 0xDFFF { return nil }
                    if unit >= 0xD800 && unit <= 0xDBFF {
                        guard position + 7 < bytes.count, bytes[position + 6] == UInt8(ascii: "\\"),
                            bytes[position + 7] == UInt8(ascii: "u"), let low = hex4(at: position + 8), low >= 0xDC00 && low <= 0xDFFF
                        else { return nil }
                        position += 6
                    }
                    position += 6
                default:
                    return nil
                }
                continue
            }
            if byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// The value of four hex digits at `offset`, or nil when they are not there.
    private func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            guard let digit = Self.hexValue(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// Skips bytes that need no attention inside a string (not `"`, `\\` or a control), eight at a time.
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            // A byte of `x` is zero ⇔ its high bit is set in (x − 1) & ~x; `word − 0x20…` flags bytes < 0x20.
            let quote = word ^ (ones &* 0x22)
            let slash = word ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { return }
            position += 8
        }
    }

    /// Skips one JSON value of any type, checking its grammar.
    mutating func skipValue(depth: Int = 0) -> Bool {
        skipWhitespace()
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""):
            return readString() != nil
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { return false }
            position += 1
            if consume(UInt8(ascii: "}")) { return true }
            repeat {
                skipWhitespace()
                guard readString() != nil, consume(UInt8(ascii: ":")), skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { return false }
            position += 1
            if consume(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): return skipLiteral("true")
        case UInt8(ascii: "f"): return skipLiteral("false")
        case UInt8(ascii: "n"): return skipLiteral("null")
        default: return skipNumber()
        }
    }

    /// Consumes `null` if it comes next (after whitespace).
    mutating func skipNull() -> Bool {
        skipWhitespace()
        guard peek == UInt8(ascii: "n") else { return false }
        return skipLiteral("null")
    }

    /// Reads `true` or `false` (after whitespace).
    mutating func readBool() -> Bool? {
        skipWhitespace()
        if peek == UInt8(ascii: "t") { return skipLiteral("true") ? true : nil }
        if peek == UInt8(ascii: "f") { return skipLiteral("false") ? false : nil }
        return nil
    }

    /// Reads a non-negative integer written plainly (`0` or `[1-9][0-9]*`, at most 18 digits, no
    /// sign, fraction or exponent); nil for any other number, which the caller leaves to `JSONDecoder`.
    mutating func readPlainInteger() -> Int? {
        skipWhitespace()
        let start = position
        var value = 0
        while let byte = peek, Self.isDigit(byte) {
            guard position - start < 18 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            position += 1
        }
        let count = position - start
        guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if let next = peek, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            return nil
        }
        return value
    }

    private mutating func skipLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let text = word.utf8Start
        for offset in 0..<count where bytes[position + offset] != text[offset] { return false }
        position += count
        return true
    }

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`
    private mutating func skipNumber() -> Bool {
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, Self.isDigit(first) else { return false }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek, Self.isDigit(digit) else { return false }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek, Self.isDigit(digit) else { return false }
            skipDigits()
        }
        return true
    }

    private mutating func skipDigits() {
        while let byte = peek, Self.isDigit(byte) { position += 1 }
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The value of one hex digit.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension JSONByteReader {
    /// Writes the unescaped UTF-8 of a string token's bytes (checked by `readString`) to `output`,
    /// which must hold at least `raw.count` bytes (unescaping never grows the text); returns the
    /// number of bytes written, or nil on a lone surrogate.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard let source = raw.baseAddress, let target = output.baseAddress, output.count >= raw.count else {
            return raw.isEmpty ? 0 : nil
        }
        var index = 0
        var written = 0
        while index < raw.count {
            var end = index
            while end < raw.count && source[end] != UInt8(ascii: "\\") { end += 1 }
            if end > index {
                (target + written).update(from: source + index, count: end - index)
                written += end - index
                index = end
            }
            guard index < raw.count else { break }
            let kind = source[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): target[written] = 0x08
            case UInt8(ascii: "f"): target[written] = 0x0C
            case UInt8(ascii: "n"): target[written] = 0x0A
            case UInt8(ascii: "r"): target[written] = 0x0D
            case UInt8(ascii: "t"): target[written] = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(raw, at: index)
                index += 4
                if scalar >= 0xDC00 && scalar <= 0xDFFF { return nil }
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard index + 5 < raw.count, source[index] == UInt8(ascii: "\\"), source[index + 1] == UInt8(ascii: "u")
                    else { return nil }
                    let low = hex4(raw, at: index + 2)
                    guard low >= 0xDC00 && low <= 0xDFFF else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                written += writeUTF8(scalar, to: target + written)
                continue
            default: target[written] = kind  // \" \\ \/
            }
            written += 1
        }
        return written
    }

    /// Unescapes a string token's bytes into a new array; nil on a lone surrogate.
    static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, count in
            guard let written = unescape(raw, into: buffer) else {
                failed = true
                count = 0
                return
            }
            count = written
        }
        return failed ? nil : bytes
    }

    /// Four hex digits already checked by `readString`.
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | (hexValue(raw[index + offset]) ?? 0) }
        return value
    }

    /// Writes the UTF-8 of `scalar` at `target`; returns the byte count.
    private static func writeUTF8(_ scalar: UInt32, to target: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            target[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            target[0] = UInt8(0xC0 | scalar >> 6)
            target[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            target[0] = UInt8(0xE0 | scalar >> 12)
            target[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            target[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            target[0] = UInt8(0xF0 | scalar >> 18)
            target[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            target[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            target[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
