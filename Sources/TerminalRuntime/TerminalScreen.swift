import Foundation
import MarkdownANSI

/// The real terminal as a ``TerminalBackend``: curses started with restoration on fatal signals,
/// the painter, key decoding, and the effects that concern the screen rather than the program.
///
/// Both full-screen programs (customer chat and agent console) run on it through ``Program``, so
/// everything they ask of the terminal itself (draw, ring, notify, stop for job control, write a
/// file, open a link, run the editor, copy mode) is carried out here, one way.
@TerminalActor
package final class TerminalScreen: TerminalBackend {
    /// The started terminal.
    package let terminal: CursesTerminal
    /// Draws frames, skipping windows that did not change.
    package let painter: CursesPainter
    private let environment: [String: String]
    private var decoder = KeyDecoder()
    /// What curses read in one drain (kept, so its storage is reused).
    private var inputs: [RawInput] = []
    private var plainView: BareView?

    private init(terminal: CursesTerminal, environment: [String: String]) {
        self.terminal = terminal
        self.painter = CursesPainter(colorMode: terminal.colorMode)
        self.environment = environment
    }

    /// Starts curses; nil when there is no usable terminal. The caller calls ``stop()``.
    package static func start(color: TerminalColorChoice, mouse: Bool, environment: [String: String]) -> TerminalScreen? {
        let terminal = CursesTerminal()
        guard terminal.start(color: color, mouse: mouse, environment: environment) else { return nil }
        TerminalRestore.install { sig in
            terminal.stop()
            exit(128 + sig)
        }
        return TerminalScreen(terminal: terminal, environment: environment)
    }

    /// True when the terminal shows no colour.
    package var monochrome: Bool { terminal.colorMode == .none }

    /// Releases the painter's windows and gives the terminal back as it was.
    package func stop() {
        plainView?.close()
        plainView = nil
        painter.tearDown()
        terminal.stop()
    }

    /// The terminal's size now.
    package var size: TerminalSize { terminal.size }

    /// Reads and decodes the keys waiting; a stop request (SIGTSTP from outside) suspends first.
    package func readKeys() -> [Key] {
        var keys: [Key] = []
        if TerminalExecutor.shared.takeStopRequest() {
            // SIGTSTP from outside: stop as Ctrl-Z does; back again, the size may have changed
            // and the screen must be drawn anew, as after a resize.
            terminal.suspendProcess()
            keys.append(.resize)
        }
        terminal.readInputs(into: &inputs)
        for input in inputs { decoder.feed(input, into: &keys) }
        decoder.endOfInput(into: &keys)
        return keys
    }

    /// True when bytes wait on the terminal's input.
    package var hasPendingInput: Bool { terminal.hasPendingInput }

    /// Draws `frame` and sets the window title.
    package func draw(_ frame: Frame, title: String) {
        painter.paint(frame)
        terminal.setTitle(title)
    }

    /// Draws typed text at the cursor ahead of its frame; says whether it did.
    package func echoAhead(_ echo: Echo) -> Bool {
        guard painter.echoAhead(echo) else { return false }
        // The echo is out: let whoever reads it (the terminal, sshd, tmux), woken by the write and
        // most often queued on this core, run now rather than after the key's frame is made.
        sched_yield()
        return true
    }

    /// The next frame repaints every cell.
    package func invalidate() {
        painter.invalidate()
    }

    /// Carries out `effect`; says what the program is told.
    package func carryOut(_ effect: ScreenEffect) -> ScreenOutcome {
        switch effect {
        case .repaint:
            painter.invalidate()
            return .redraw
        case .bell:
            terminal.bell()
            return .done
        case .notify(let title, let body):
            terminal.notify(title: title, body: body)
            return .done
        case .suspend:
            guard terminal.suspendForJobControl() else { return .notice(CursesTerminal.noJobControlNotice) }
            painter.invalidate()
            return .redraw
        case .export(let path, let contents):
            return .notice(ExportFile.write(contents, to: path))
        case .openURL(let url):
            return .notice(LinkOpener.open(url, environment: environment))
        }
    }

    /// Leaves curses for the editor and comes back (not after a termination signal: the program
    /// is about to end, and the terminal is given back by its exit path).
    package func edit(_ text: String) -> EditedText {
        terminal.suspend()
        let edited = ExternalEditor.edit(text, environment: environment)
        if ProcessSpawner.signalDuringRun() != nil { return .interrupted(edited ?? text) }
        terminal.resume()
        painter.invalidate()
        return .edited(edited)
    }

    /// Copy mode: curses suspended, the lines printed as terminal text.
    package func showPlain(_ lines: [StyledLine]) {
        plainView = BareView(lines: lines, terminal: terminal)
    }

    /// True (and curses back) once a key closed copy mode.
    package func plainViewClosed() -> Bool {
        guard let view = plainView else { return true }
        guard view.finished() else { return false }
        view.close()
        plainView = nil
        terminal.resume()
        painter.invalidate()
        return true
    }
}
