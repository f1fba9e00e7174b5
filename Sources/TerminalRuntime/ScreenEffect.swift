/// Something a program asks of the terminal itself, carried out by the ``TerminalBackend``.
package enum ScreenEffect: Equatable, Sendable {
    /// Draw the whole screen again from scratch (Ctrl-L).
    case repaint
    /// Ring the terminal bell.
    case bell
    /// Raise a desktop notification (bell, OSC 9, OSC 777).
    case notify(title: String, body: String)
    /// Stop the process like Ctrl-Z in a shell (job control); the screen comes back on `fg`.
    case suspend
    /// Write `contents` to the file at `path` (mode 0600) and report back with a notice.
    case export(path: String, contents: String)
    /// Open a link with `xdg-open`, or say how to copy it where that is not possible.
    case openURL(String)
}
