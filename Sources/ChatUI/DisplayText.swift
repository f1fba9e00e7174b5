import ChatModel

/// Text from the other side made safe for one line on screen: control characters (C0, DEL,
/// C1 — escape sequences included) are dropped and newlines become spaces.
enum DisplayText {
    /// `text` without control characters, on one line.
    static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 10, 13, 9: out.append(" ")
            case 0..<32, 0x7F...0x9F: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

extension Participant {
    /// The participant's name, safe to put on screen (see ``DisplayText``).
    var displayName: String { DisplayText.oneLine(name) }
}
