/// Fast byte-level scans over a string's UTF-8 storage.
public enum ByteScan {
    /// Whether every byte is printable ASCII (0x20…0x7E).
    @inline(__always)
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Bit 7 of (b + 1) flags b ≥ 0x7F; bit 7 of (b − 0x20) flags b < 0x20 (and b ≥ 0xA0).
        // Branch-free so the loop vectorizes.
        var flags: UInt8 = 0
        for byte in bytes {
            flags |= (byte &+ 1) | (byte &- 0x20)
        }
        return flags & 0x80 == 0
    }

    /// Whether every byte of `text` is printable ASCII (so each character is one column).
    public static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPrintableASCII($0) }
    }

    /// Whether `text` holds a C0 control other than tab/LF/CR, DEL, or a C1 control (U+0080…U+009F).
    static func hasControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // Fast branch-free pre-check: any byte below 0x20, equal to 0x7F or 0xC2 (lead byte of C1)?
            var suspicious: UInt8 = 0
            for byte in bytes {
                let low: UInt8 = byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D ? 1 : 0
                let special: UInt8 = byte == 0x7F || byte == 0xC2 ? 1 : 0
                suspicious |= low | special
            }
            if suspicious == 0 { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 {
                    if byte != 0x09 && byte != 0x0A && byte != 0x0D { return true }
                } else if byte == 0x7F || (previous == 0xC2 && byte < 0xA0 && byte >= 0x80) {
                    return true
                }
                previous = byte
            }
            return false
        }
    }

    /// Whether `bytes` may hold a tab, LF, CR or control character: a byte below 0x20, DEL, or 0xC2
    /// (the lead byte of the C1 controls, and of U+00A0…U+00BF). Branch-free, so the loop vectorizes.
    @inline(__always)
    static func mayHoldControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var flags: UInt8 = 0
        for byte in bytes {
            flags |= (byte < 0x20 || byte == 0x7F || byte == 0xC2) ? 1 : 0
        }
        return flags != 0
    }

    /// Whether `text` holds a tab, LF or CR.
    static func hasLineOrTab(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { hasLineOrTab($0) }
    }

    /// Whether `bytes` hold a tab, LF or CR.
    @inline(__always)
    static func hasLineOrTab(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x0E && (byte == 0x09 || byte == 0x0A || byte == 0x0D) { return true }
        return false
    }
}
