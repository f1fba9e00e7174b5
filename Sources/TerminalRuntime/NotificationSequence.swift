import ChatModel

/// The bytes of the terminal's operating-system commands Helpline writes — a desktop notification
/// (BEL, OSC 9, OSC 777) and the window title (OSC 2) — with text made safe for OSC.
enum NotificationSequence {
    /// BEL, then `OSC 9 ; body BEL`, then `OSC 777 ; notify ; title ; body BEL`.
    static func bytes(title: String, body: String) -> String {
        let t = clean(title).replacingOccurrences(of: ";", with: ",")
        let b = clean(body)
        return "\u{07}\u{1B}]9;\(b)\u{07}\u{1B}]777;notify;\(t);\(b)\u{07}"
    }

    /// `OSC 2 ; title BEL`: sets the window title.
    static func title(_ text: String) -> String {
        "\u{1B}]2;\(clean(text))\u{07}"
    }

    /// Text without escape sequences (removed whole), control characters (an ESC, BEL or ST would
    /// end the sequence early), line breaks or bidi controls.
    static func clean(_ text: String) -> String { TerminalSafeText.oneLine(text) }
}
