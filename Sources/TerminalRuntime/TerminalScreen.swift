import Foundation
import MarkdownANSI

/// The terminal runtime both full-screen programs (customer chat and agent console) stand on:
/// curses started with restoration on fatal signals, the painter, and the effects that concern the
/// screen rather than the chat.
///
/// A program builds its frames and decides what its keys mean; everything it asks of the terminal
/// itself (draw, ring, notify, stop for job control, write a file, open a link) goes through here,
/// so both carry out those effects the same way.
@TerminalActor
package final class TerminalScreen {
    /// The started terminal.
    package let terminal: CursesTerminal
    /// Draws frames, skipping windows that did not change.
    package let painter: CursesPainter
    private let environment: [String: String]

    /// What a program does after the screen carried out one of its effects.
    package enum Outcome: Equatable {
        /// Nothing more.
        case done
        /// The whole screen will be drawn again: the program marks its state dirty.
        case redraw
        /// Show this line to the user (the result of an export, a link, a refused Ctrl-Z).
        case notice(String)
    }

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
        painter.tearDown()
        terminal.stop()
    }

    /// Draws `frame` and sets the window title.
    package func draw(_ frame: Frame, title: String) {
        painter.paint(frame)
        terminal.setTitle(title)
    }

    /// Carries out `effect`; says what the program does next.
    package func carryOut(_ effect: ScreenEffect) -> Outcome {
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
}
