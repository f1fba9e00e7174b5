/// An id as a transcript item stores it: a UUID-shaped id (what both protocols' servers hand out)
/// as its 16 bytes and its letter case, any other id as its string.
///
/// A UUID kept as a string costs a heap allocation of 80 bytes per item; kept this way it costs
/// none. ``string`` gives back exactly the text it was made from.
enum CompactID: Hashable, Sendable {
    /// A `8-4-4-4-12` hex id, all of whose letters are lowercase (or, with `uppercase`, all uppercase).
    case uuid(high: UInt64, low: UInt64, uppercase: Bool)
    /// Any other id.
    case text(String)

    /// The compact form of `string`.
    init(_ string: String) {
        var string = string
        let parsed = string.withUTF8 { Self.parseUUID($0) }
        if let parsed {
            self = .uuid(high: parsed.high, low: parsed.low, uppercase: parsed.uppercase)
        } else {
            self = .text(string)
        }
    }

    /// The id's text, as it was made from.
    var string: String {
        switch self {
        case .text(let text):
            return text
        case .uuid(let high, let low, let uppercase):
            return String(unsafeUninitializedCapacity: 36) { buffer in
                let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
                var written = 0
                for nibble in 0..<32 {
                    if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                        buffer[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    let word = nibble < 16 ? high : low
                    let shift = UInt64(60 - 4 * (nibble % 16))
                    buffer[written] = digits.utf8Start[Int((word >> shift) & 0xF)]
                    written += 1
                }
                return written
            }
        }
    }

    /// The 16 bytes and letter case of a `8-4-4-4-12` hex id whose letters share one case; nil otherwise.
    private static func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt64, uppercase: Bool)? {
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var nibbles = 0
        var sawLower = false
        var sawUpper = false
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                value = byte - UInt8(ascii: "a") + 10
                sawLower = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                value = byte - UInt8(ascii: "A") + 10
                sawUpper = true
            default: return nil
            }
            if nibbles < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            nibbles += 1
        }
        guard !(sawLower && sawUpper) else { return nil }
        return (high, low, sawUpper)
    }
}
