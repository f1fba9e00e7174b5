/// Makes untrusted text (messages, display names, notices, server errors) safe to write to a
/// terminal: escape sequences are removed whole — CSI (`ESC [` or U+009B … final byte), OSC
/// (`ESC ]` or U+009D … BEL or ST), DCS, SOS, PM and APC (… ST) and two-byte `ESC x` — and every
/// other C0 control but tab and line feed, DEL and every C1 control are dropped. A carriage return
/// becomes a line feed (`\r\n` one line feed), so text cannot overwrite a line it follows.
///
/// Line mode writes through it whether or not stdout is a terminal: a transcript piped to a file is
/// often `cat`-ed later; the full-screen UI cleans message bodies, notices and names with it, and
/// ``oneLine(_:)`` makes names, file names and the window title safe (no bidi controls either).
public enum TerminalSafeText {
    /// `text` without escape sequences or control characters (tab and line feed kept).
    public static func clean(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                skipEscape(&scalars)
            case 0x9B:
                skipControlSequence(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:
                skipString(&scalars)
            case 0x0D:
                if scalars.first?.value != 0x0A { out.append("\n") }
            case 0x09, 0x0A:
                out.append(scalar)
            case 0..<0x20, 0x7F...0x9F:
                continue
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` cleaned (``clean(_:)``) and on one line (line feeds and tabs become spaces), without
    /// bidirectional formatting controls: for names, file names, titles and other one-line labels,
    /// which an override (U+202E) could otherwise show reversed (`invoice‮txt.exe`).
    public static func oneLine(_ text: String) -> String {
        // Printable ASCII (most names) needs nothing.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in clean(text).unicodeScalars where !isBidiControl(scalar) {
            out.append(scalar == "\n" || scalar == "\t" ? " " : scalar)
        }
        return String(out)
    }

    /// Whether `scalar` is a bidirectional formatting control: the embeddings and overrides
    /// (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks LRM, RLM and ALM.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Whether `text` holds anything ``clean(_:)`` would change (a fast byte scan).
    static func needsCleaning(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20, byte != 0x09, byte != 0x0A { return true }
            if byte == 0x7F { return true }
            if previous == 0xC2, byte >= 0x80, byte <= 0x9F { return true }
            previous = byte
        }
        return false
    }

    /// After ESC: the rest of the sequence it starts.
    private static func skipEscape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let next = scalars.popFirst() else { return }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default:
            // `ESC` intermediates (0x20…0x2F) then one final byte, e.g. `ESC ( B`, `ESC c`.
            var current = next
            while (0x20...0x2F).contains(current.value), let following = scalars.popFirst() { current = following }
        }
    }

    /// A CSI's parameters and intermediates up to and including its final byte (0x40…0x7E).
    private static func skipControlSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let scalar = scalars.popFirst() {
            if (0x40...0x7E).contains(scalar.value) { return }
            // A control inside a CSI ends it (terminals execute it; here it is dropped as well).
            if scalar.value < 0x20 || scalar.value > 0x7E { return }
        }
    }

    /// A control string (OSC, DCS, SOS, PM, APC) up to and including BEL, `ESC \` or U+009C.
    private static func skipString(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                if scalars.first == "\\" { scalars.removeFirst() }
                return
            default: continue
            }
        }
    }
}
