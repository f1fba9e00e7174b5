import ChatModel

extension Participant {
    /// The participant's name, safe to put on screen on one line (see ``TerminalSafeText/oneLine(_:)``).
    var displayName: String { TerminalSafeText.oneLine(name) }
}
