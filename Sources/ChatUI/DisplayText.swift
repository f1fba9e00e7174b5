import ChatModel

extension Participant {
    /// The participant's name, safe to put on screen on one line (see ``TerminalSafeText/oneLine(_:)``).
    var displayName: String { TerminalSafeText.oneLine(name) }
}

extension Attachment {
    /// The file's name as the server gave it, safe to put on screen on one line.
    var displayName: String { TerminalSafeText.oneLine(name) }
}

extension FileTransfer {
    /// ``FileTransfer/summary`` (which holds the server's file name), safe to put on screen.
    var displaySummary: String { TerminalSafeText.oneLine(summary) }
}
