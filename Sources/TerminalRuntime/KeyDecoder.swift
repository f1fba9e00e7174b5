/// What one `wget_wch` call produced, before escape sequences and pastes are put together.
enum RawInput: Hashable, Sendable {
    /// A character code (`OK` from `wget_wch`).
    case char(UInt32)
    /// A key ncurses already recognised (`KEY_CODE_YES`), mapped to a ``Key``.
    case key(Key)
}

/// Turns raw terminal input into ``Key``s: Alt prefixes, CSI sequences ncurses leaves alone
/// (Ctrl-arrows under `TERM=screen`, SGR mouse) and bracketed pastes.
///
/// Pure and incremental: feed every input of one drain, then call ``endOfInput()``.
struct KeyDecoder {
    private enum Mode: Equatable {
        case normal
        case escape
        case csi(String)
        case ss3
        case paste
    }

    private var mode: Mode = .normal
    private var text = ""
    private var pasteBuffer: [Unicode.Scalar] = []
    private var staleDrains = 0
    private static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]

    /// Creates a decoder in its initial state.
    init() {}

    /// True while a bracketed paste is being collected.
    var isInPaste: Bool { mode == .paste }

    /// Feeds one raw input; appends the keys completed by it to `out`.
    mutating func feed(_ input: RawInput, into out: inout [Key]) {
        staleDrains = 0
        switch input {
        case .key(let key):
            feedKey(key, into: &out)
        case .char(let code):
            guard let scalar = Unicode.Scalar(code) else { return }
            feedScalar(scalar, into: &out)
        }
    }

    /// Ends one drain of input: flushes typed text and a lone Esc (appended to `out`); drops
    /// sequences that never finish.
    mutating func endOfInput(into out: inout [Key]) {
        flushText(into: &out)
        switch mode {
        case .escape:
            mode = .normal
            out.append(.escape)
        case .csi, .ss3:
            staleDrains += 1
            if staleDrains > 3 { mode = .normal }
        case .paste:
            staleDrains += 1
            if staleDrains > 100 {
                mode = .normal
                out.append(.paste(Self.normalise(pasteBuffer)))
                pasteBuffer = []
            }
        case .normal:
            break
        }
    }

    private mutating func feedKey(_ key: Key, into out: inout [Key]) {
        switch mode {
        case .paste:
            if key == .enter { pasteBuffer.append("\n") }
        case .escape:
            mode = .normal
            if key == .enter {
                out.append(.altEnter)
            } else if key == .backspace {
                out.append(.altBackspace)
            } else {
                out.append(.escape)
                out.append(key)
            }
        case .csi, .ss3:
            mode = .normal
            out.append(key)
        case .normal:
            flushText(into: &out)
            out.append(key)
        }
    }

    private mutating func feedScalar(_ s: Unicode.Scalar, into out: inout [Key]) {
        switch mode {
        case .paste:
            pasteBuffer.append(s)
            if pasteBuffer.count >= 6, Array(pasteBuffer.suffix(6)) == Self.pasteEnd {
                pasteBuffer.removeLast(6)
                out.append(.paste(Self.normalise(pasteBuffer)))
                pasteBuffer = []
                mode = .normal
            }
        case .escape:
            mode = .normal
            switch s.value {
            case 0x5B: mode = .csi("")
            case 0x4F: mode = .ss3
            case 13, 10: out.append(.altEnter)
            case 127, 8: out.append(.altBackspace)
            case 27:
                out.append(.escape)
                mode = .escape
            case 32...:
                out.append(.alt(Character(s)))
            default:
                out.append(.escape)
                feedScalar(s, into: &out)
            }
        case .csi(let params):
            if (0x20...0x3F).contains(s.value) {
                mode = .csi(params + String(s))
            } else {
                mode = .normal
                if let key = Self.csiKey(params: params, final: s) {
                    if key == .paste("") {
                        mode = .paste
                        pasteBuffer = []
                    } else {
                        out.append(key)
                    }
                }
            }
        case .ss3:
            mode = .normal
            if let key = Self.csiKey(params: "", final: s) { out.append(key) }
        case .normal:
            feedNormal(s, into: &out)
        }
    }

    private mutating func feedNormal(_ s: Unicode.Scalar, into out: inout [Key]) {
        switch s.value {
        case 27:
            flushText(into: &out)
            mode = .escape
        case 13, 10:
            flushText(into: &out)
            out.append(.enter)
        case 9:
            flushText(into: &out)
            out.append(.tab)
        case 127, 8:
            flushText(into: &out)
            out.append(.backspace)
        case 1...26:
            flushText(into: &out)
            if let letter = Unicode.Scalar(s.value + 96) { out.append(.ctrl(Character(letter))) }
        case 31:
            flushText(into: &out)
            out.append(.ctrl("_"))
        case 0..<32:
            break
        default:
            text.unicodeScalars.append(s)
        }
    }

    private mutating func flushText(into out: inout [Key]) {
        if !text.isEmpty {
            out.append(.text(text))
            text = ""
        }
    }

    /// Maps a CSI/SS3 sequence to a key; the paste-start marker comes back as `.paste("")`.
    private static func csiKey(params: String, final: Unicode.Scalar) -> Key? {
        let parts = params.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let modifier = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        let ctrl = modifier == 5 || modifier == 3
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return ctrl ? .ctrlRight : .right
        case "D": return ctrl ? .ctrlLeft : .left
        case "H": return ctrl ? .ctrlHome : .home
        case "F": return ctrl ? .ctrlEnd : .end
        case "Z": return .backTab
        case "I": return params.isEmpty ? .focusIn : nil
        case "O": return params.isEmpty ? .focusOut : nil
        case "M", "m":
            guard params.hasPrefix("<"), let button = Int(parts[0].dropFirst()) else { return nil }
            if final == "M" && button == 64 { return .wheelUp }
            if final == "M" && button == 65 { return .wheelDown }
            // Cells are 1-based; anything else (0, negative, Int.min) is no click on the screen.
            if final == "M" && button == 0, parts.count == 3, let x = Int(parts[1]), let y = Int(parts[2]), x >= 1, y >= 1 {
                return .click(row: y - 1, column: x - 1)
            }
            return nil
        case "~":
            switch parts.first ?? "" {
            case "200": return .paste("")
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Turns CR and CRLF into LF and drops other control characters except tab.
    private static func normalise(_ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var previousCR = false
        for s in scalars {
            switch s.value {
            case 13:
                out.append("\n")
                previousCR = true
                continue
            case 10:
                if !previousCR { out.append("\n") }
            case 9:
                out.append(s)
            case 0..<32, 127:
                break
            default:
                out.append(s)
            }
            previousCR = false
        }
        return String(out)
    }
}
