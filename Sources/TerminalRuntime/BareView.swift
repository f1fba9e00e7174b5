import Foundation
import MarkdownANSI

#if canImport(Glibc)
import Glibc
#endif

/// Copy mode: curses is suspended and the transcript printed as ordinary terminal text, so the
/// terminal's own selection, scrollback and OSC 8 links work; any key returns to the chat.
/// The program says what is printed (the chat's copy mode prints its transcript).
@TerminalActor
final class BareView {
    private var savedMode = termios()
    private var haveSavedMode = false
    /// Suspends curses and prints `lines` with a footer.
    init(lines: [StyledLine], terminal: CursesTerminal) {
        terminal.suspend()
        let mode = terminal.colorMode
        var text = "\n" + ANSIWriter.string(lines, mode: mode, hyperlinks: true) + "\n\n"
        text += ANSIWriter.string(
            [StyledLine([StyledSpan("── copy mode: select freely; press any key to return to the chat ──", style: TextStyle(bold: true))])],
            mode: mode) + "\n"
        terminal.writeTerminal(text)
        // Keys one at a time and unechoed, so any key (not just Enter) returns at once.
        if tcgetattr(STDIN_FILENO, &savedMode) == 0 {
            haveSavedMode = true
            var mode = savedMode
            mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &mode.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &mode)
        }
    }

    /// Puts back the terminal mode copy mode found (call before resuming curses).
    func close() {
        if haveSavedMode { tcsetattr(STDIN_FILENO, TCSANOW, &savedMode) }
        haveSavedMode = false
    }

    /// True once any key has been pressed (the key itself is consumed); never blocks.
    func finished() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return count >= 0
    }
}
