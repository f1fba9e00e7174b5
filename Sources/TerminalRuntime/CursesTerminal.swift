import ChatModel
import CNcursesw
import Foundation
import MarkdownANSI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGCONT handler while the process is suspended with Ctrl-Z.
private let processContinued = Atomic<Bool>(false)

/// Owns curses: start-up (locale, modes, colour, mouse, bracketed paste), key reading, shutdown.
///
/// - Important: Every method runs on the ``TerminalActor``; curses is single-threaded.
@TerminalActor
package final class CursesTerminal {
    private var input: UnsafeMutablePointer<WINDOW>?
    private var extendedKeys: [Int32: Key] = [:]
    private var title: String?
    /// The curses screen, made once per process and resumed by later runs (after `/new`).
    private static var screen: OpaquePointer?
    /// True between ``start()`` and ``stop()``.
    private(set) var isRunning = false
    /// The colour depth in use after ``start()``.
    package private(set) var colorMode: ColorMode = .none

    /// Creates a terminal owner (nothing happens until ``start()``).
    init() {}

    /// Sets the locale (falling back to C.UTF-8), starts curses and turns on raw keys, the
    /// mouse wheel (unless `mouse` is false), bracketed paste and focus reports. Returns false
    /// when there is no usable terminal.
    func start(color: TerminalColorChoice, mouse: Bool, environment: [String: String]) -> Bool {
        let locale = setlocale(LC_ALL, "").map { String(cString: $0) } ?? "C"
        if !locale.uppercased().contains("UTF") { setlocale(LC_ALL, "C.UTF-8") }
        TerminalRestore.saveTerminalMode()
        if let screen = Self.screen {
            set_term(screen)
        } else {
            TerminalExecutor.shared.forwardStops()
            // newterm, unlike initscr, returns nil for an unknown TERM instead of exiting.
            guard let screen = newterm(nil, cnc_stdout(), cnc_stdin()) else {
                let term = environment["TERM"] ?? "(unset)"
                StandardStreams.err("helpline: the full-screen UI cannot start: curses does not know TERM=\(term)")
                return false
            }
            Self.screen = screen
        }
        isRunning = true
        raw()
        noecho()
        nonl()
        // Every doupdate() draws to the end: no check for pending input in the middle of a frame
        // (two poll(2) calls per frame, and a key arriving meanwhile would hold its own echo back).
        typeahead(-1)
        set_escdelay(25)
        curs_set(1)
        let win = newwin(1, 1, 0, 0)
        input = win
        keypad(win, true)
        wtimeout(win, 0)
        colorMode = chooseColorMode(color, environment: environment)
        mousemask(mouse ? cnc_wheel_mask() : 0, nil)
        mouseinterval(0)
        for (name, key) in [("kLFT5", Key.ctrlLeft), ("kRIT5", .ctrlRight), ("kLFT3", .ctrlLeft),
                            ("kRIT3", .ctrlRight), ("kHOM5", .ctrlHome), ("kEND5", .ctrlEnd)] {
            let code = key_defined(name)
            if code > 0 { extendedKeys[code] = key }
        }
        writeTerminal("\u{1B}[22;2t" + Self.modesOn)
        title = nil
        return true
    }

    /// Ends curses and turns bracketed paste and the mouse off again (idempotent).
    func stop() {
        guard isRunning else { return }
        isRunning = false
        if let input { delwin(input) }
        input = nil
        writeTerminal(Self.modesOff)
        TerminalRestore.restore()
        writeTerminal("\u{1B}[23;2t")
    }

    /// Leaves curses for plain terminal output (copy mode); ``resume()`` comes back.
    package func suspend() {
        writeTerminal(Self.modesOff)
        endwin()
    }

    /// Returns to curses after ``suspend()``.
    package func resume() {
        doupdate()
        writeTerminal(Self.modesOn)
    }

    /// What Ctrl-Z says where there is no job control to come back with.
    static let noJobControlNotice = "Ctrl-Z needs a shell with job control; /quit leaves."

    /// Ctrl-Z: stops the process like ``suspendProcess()`` when it is a job of its own (a shell
    /// with job control can continue it); false, doing nothing, otherwise.
    func suspendForJobControl() -> Bool {
        guard getpgrp() == getpid() else { return false }
        suspendProcess()
        return true
    }

    /// Ctrl-Z: leaves curses, stops the process with SIGTSTP (job control) and returns to curses
    /// once the shell continues it (`fg`); where stopping is not possible (no job control) it
    /// comes straight back.
    ///
    /// The signal goes to the whole process (the terminal thread may have inherited a mask that
    /// blocks signals); a SIGCONT handler tells us when we run again.
    func suspendProcess() {
        suspend()
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        var previousStop = sigaction()
        sigaction(SIGTSTP, &stop, &previousStop)
        var onContinue = sigaction()
        onContinue.__sigaction_handler.sa_handler = { _ in processContinued.store(true, ordering: .sequentiallyConsistent) }
        var previousContinue = sigaction()
        sigaction(SIGCONT, &onContinue, &previousContinue)
        processContinued.store(false, ordering: .sequentiallyConsistent)
        kill(getpid(), SIGTSTP)
        // Stopped processes do not run this loop; without job control it gives up after 300 ms.
        var waited = 0
        while !processContinued.load(ordering: .sequentiallyConsistent) && waited < 300 {
            usleep(1000)
            waited += 1
        }
        sigaction(SIGCONT, &previousContinue, nil)
        sigaction(SIGTSTP, &previousStop, nil)
        resume()
    }

    /// The terminal size now.
    package var size: TerminalSize {
        TerminalSize(rows: Int(cnc_lines()), columns: Int(cnc_cols()))
    }

    /// Reads every pending input without blocking (until `ERR`) into `out` (emptied first, its
    /// storage kept unless a paste made it large, so a key read allocates nothing).
    func readInputs(into out: inout [RawInput], limit: Int = 4096) {
        out.removeAll(keepingCapacity: out.capacity <= 256)
        guard let input else { return }
        var wc: wint_t = 0
        while out.count < limit {
            let result = wget_wch(input, &wc)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if let key = mapKeyCode(Int32(wc)) { out.append(.key(key)) }
            } else {
                out.append(.char(UInt32(wc)))
            }
        }
    }

    /// True when bytes wait on standard input (one `poll(2)` that does not wait; curses keeps
    /// none back: ``readInputs(into:limit:)`` reads until it has nothing). A hung-up or failed input
    /// has none.
    var hasPendingInput: Bool {
        guard input != nil else { return false }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        return descriptor.revents & Int16(POLLIN) != 0 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0
    }

    /// Sets the terminal window title (OSC 2) when it changed; the old title is pushed on
    /// start and popped on stop (xterm window ops 22/23).
    func setTitle(_ text: String) {
        guard text != title else { return }
        title = text
        writeTerminal(NotificationSequence.title(text))
    }

    /// Bracketed paste and focus reporting (mode 1004) on.
    static let modesOn = "\u{1B}[?2004h\u{1B}[?1004h"
    /// Bracketed paste and focus reporting off again.
    static let modesOff = "\u{1B}[?1004l\u{1B}[?2004l"

    /// The bell plus a desktop notification as OSC 9 (iTerm2, WezTerm, Windows Terminal…) and
    /// OSC 777 (rxvt, foot, Ghostty, VTE); both travel over SSH like any output.
    package func notify(title: String, body: String) {
        writeTerminal(NotificationSequence.bytes(title: title, body: body))
    }

    /// Rings the terminal bell.
    func bell() { beep() }

    private func mapKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case KEY_MOUSE:
            var y: Int32 = 0
            var x: Int32 = 0
            let state = cnc_getmouse_bstate(&y, &x)
            if state & cnc_button4_pressed() != 0 { return .wheelUp }
            if state & cnc_button5_pressed() != 0 { return .wheelDown }
            if state & cnc_button1_pressed() != 0 { return .click(row: Int(y), column: Int(x)) }
            return nil
        default:
            if let key = extendedKeys[code] { return key }
            for n in 1...12 where code == cnc_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }

    private func chooseColorMode(_ override: TerminalColorChoice, environment: [String: String]) -> ColorMode {
        guard override != .never, has_colors() else { return .none }
        var env = environment
        if override == .always { env["NO_COLOR"] = nil }
        var mode = ColorMode.detect(environment: env, isTTY: true)
        if override == .always && mode == .none { mode = .ansi16 }
        guard mode != .none else { return .none }
        start_color()
        use_default_colors()
        let colors = cnc_colors()
        if colors < 8 { return .none }
        if colors < 256 { return .ansi16 }
        if mode == .ansi16 { return .ansi16 }
        // 24-bit only where the terminal description can express it (RGB flag, e.g. xterm-direct);
        // with xterm-256color curses has no sequence for it, whatever COLORTERM says.
        if mode == .truecolor && cnc_has_direct_color() != 0 { return .truecolor }
        return .ansi256
    }

    /// Writes a control sequence straight to the terminal (outside curses' screen model).
    package func writeTerminal(_ sequence: String) {
        fflush(nil)
        let bytes = Array(sequence.utf8)
        bytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
