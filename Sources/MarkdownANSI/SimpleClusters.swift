/// Grapheme clusters that can be found from UTF-8 bytes alone, without Unicode segmentation.
///
/// A "standalone" scalar here never joins a neighbour into one grapheme cluster: it is not a
/// mark, joiner, variation selector, emoji modifier, regional indicator, prepend character,
/// Hangul jamo or control. So a standalone scalar followed by ASCII, the end of the text or
/// another standalone scalar is one cluster by itself, and its width is its scalar width. The
/// ranges cover Latin, punctuation, arrows, symbols, box drawing, CJK, kana, Hangul syllables
/// and the common emoji blocks; everything else goes the general (grapheme) way.
enum SimpleClusters {
    /// Sorted inclusive ranges of standalone non-ASCII scalars.
    private static let standalone: [ClosedRange<UInt32>] = [
        0x00A0...0x00AC, 0x00AE...0x02FF, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20BF,
        0x2100...0x214F, 0x2190...0x23FF, 0x2460...0x25FF, 0x2600...0x26FF, 0x2700...0x27BF,
        0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x3105...0x312F,
        0x3131...0x318E, 0x3190...0x31FF, 0x3200...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0xFFE0...0xFFEE,
        0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ]

    /// Whether non-ASCII `scalar` is standalone (see the type's description).
    @inline(__always)
    static func isStandalone(_ scalar: UInt32) -> Bool {
        scalar >= 0x00A0 && WidthTables.contains(standalone, scalar)
    }

    /// The scalar starting at `offset` of valid UTF-8 `bytes` and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: UInt32, length: Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        let value = (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
            | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
        return (value, 4)
    }

    /// The grapheme cluster starting at `offset` when it can be told from the bytes: its first
    /// scalar, byte length and terminal width; nil when Unicode segmentation is needed.
    @inline(__always)
    static func cluster(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: UInt32, length: Int, width: Int)? {
        let (scalar, length) = decode(bytes, at: offset)
        let width: Int
        if scalar < 0x80 {
            guard scalar >= 0x20 && scalar < 0x7F else { return nil }
            width = 1
        } else {
            guard isStandalone(scalar) else { return nil }
            width = TerminalWidth.scalarWidth(scalar)
        }
        let next = offset + length
        if next < bytes.count && bytes[next] >= 0x80 {
            guard isStandalone(decode(bytes, at: next).scalar) else { return nil }
        }
        return (scalar, length, width)
    }

    /// Whether every character of `text` is printable ASCII or a standalone scalar one column wide
    /// (so each is its own grapheme cluster of one column, breaking like a letter).
    static func isNarrow(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte < 0x80 {
                    guard byte >= 0x20 && byte < 0x7F else { return false }
                    offset += 1
                    continue
                }
                let (scalar, length) = decode(bytes, at: offset)
                guard isStandalone(scalar), TerminalWidth.scalarWidth(scalar) == 1 else {
                    return false
                }
                offset += length
            }
            return true
        }
    }
}
