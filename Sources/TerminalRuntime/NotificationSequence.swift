/// The bytes of a desktop notification: BEL, OSC 9 and OSC 777, with text made safe for OSC.
enum NotificationSequence {
    /// BEL, then `OSC 9 ; body BEL`, then `OSC 777 ; notify ; title ; body BEL`.
    static func bytes(title: String, body: String) -> String {
        let t = clean(title).replacingOccurrences(of: ";", with: ",")
        let b = clean(body)
        return "\u{07}\u{1B}]9;\(b)\u{07}\u{1B}]777;notify;\(t);\(b)\u{07}"
    }

    /// Drops control characters (an ESC or BEL would end the sequence early).
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 32 && !(0x7F...0x9F).contains($0.value) }))
    }
}
