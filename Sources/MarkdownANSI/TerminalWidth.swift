/// Column widths of text in a terminal, per grapheme cluster, from Helpline's own Unicode tables.
public enum TerminalWidth {
    /// Columns one grapheme cluster occupies: 0, 1 or 2 (CJK/emoji 2, combining marks and controls 0).
    public static func of(_ c: Character) -> Int {
        if let ascii = c.asciiValue {
            return (ascii < 0x20 || ascii == 0x7F) ? 0 : 1
        }
        return clusterWidth(c.unicodeScalars)
    }

    /// Columns a string occupies (sum over its grapheme clusters, ASCII fast path).
    public static func of(_ s: some StringProtocol) -> Int {
        if let fast = s.utf8.withContiguousStorageIfAvailable({ ByteScan.isPrintableASCII($0) }) {
            if fast { return s.utf8.count }
        } else if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return s.utf8.count
        }
        var total = 0
        for character in s { total += of(character) }
        return total
    }

    /// Width of the scalar sequence of one non-ASCII grapheme cluster.
    static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        let baseWidth = scalarWidth(base.value)
        var sawVS16 = false
        var sawVS15 = false
        var sawJoiner = false
        while let next = iterator.next() {
            switch next.value {
            case 0xFE0F: sawVS16 = true
            case 0xFE0E: sawVS15 = true
            case 0x200D: sawJoiner = true
            case 0x1F1E6...0x1F1FF: return 2
            default: break
            }
        }
        if sawVS15 { return baseWidth == 0 ? 0 : 1 }
        // VS16 asks for emoji presentation, which only an emoji base has (❤️, 1️⃣); after anything
        // else (a space, a letter) terminals ignore it, and so does the width (found by fuzzing:
        // a reply starting with U+FE0F joined the indent's space and overflowed the line).
        if sawVS16 { return base.properties.isEmoji ? 2 : baseWidth }
        if sawJoiner && baseWidth == 2 { return 2 }
        return baseWidth
    }

    /// Width of a single scalar considered as the base of a cluster.
    @inline(__always)
    static func scalarWidth(_ value: UInt32) -> Int {
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        if value >= 0x1F1E6 && value <= 0x1F1FF { return 2 }
        if WidthTables.contains(WidthTables.zero, value) { return 0 }
        if WidthTables.contains(WidthTables.wide, value) { return 2 }
        return 1
    }
}
