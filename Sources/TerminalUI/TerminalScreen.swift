import Foundation
import MarkdownANSI

/// The terminal runtime both full-screen apps (customer chat and agent console) stand on: curses
/// started with restoration on fatal signals, the painter, the palette and markdown theme for the
/// terminal's colour depth, and the effects that concern the screen rather than the chat.
///
/// An app builds its frames and decides what its keys mean; everything it asks of the terminal
/// itself (draw, ring, notify, stop for job control, write a file, open a link) goes through here,
/// so the two apps carry out those effects the same way.
@TerminalActor
package final class TerminalScreen {
    /// The started terminal.
    package let terminal: CursesTerminal
    /// Draws frames, skipping windows that did not change.
    package let painter: CursesPainter
    /// UI colours: monochrome when the terminal has no colour or the theme asks for none.
    package let palette: UIPalette
    /// The markdown theme.
    package let theme: Theme
    private let environment: [String: String]

    /// What an app does after the screen carried out one of its effects.
    package enum Outcome: Equatable {
        /// Nothing more.
        case done
        /// The whole screen will be drawn again: the app marks its state dirty.
        case redraw
        /// Show this line to the user (the result of an export, a link, a refused Ctrl-Z).
        case notice(String)
        /// Not the screen's business (send, exit, edit, copy mode): the app carries it out.
        case forTheApp
    }

    private init(terminal: CursesTerminal, options: TerminalUIOptions) {
        self.terminal = terminal
        self.painter = CursesPainter(colorMode: terminal.colorMode)
        let monochrome = terminal.colorMode == .none || options.themeName == "monochrome"
        self.palette = monochrome ? UIPalette.monochrome : UIPalette.standard
        self.theme = monochrome ? Theme.monochrome : (Theme.named(options.themeName) ?? .default)
        self.environment = options.environment
    }

    /// Starts curses for `options`; nil when there is no usable terminal. The caller calls ``stop()``.
    package static func start(_ options: TerminalUIOptions) -> TerminalScreen? {
        let terminal = CursesTerminal()
        guard terminal.start(color: options.color, mouse: options.mouse, environment: options.environment) else {
            return nil
        }
        TerminalRestore.install { sig in
            terminal.stop()
            exit(128 + sig)
        }
        return TerminalScreen(terminal: terminal, options: options)
    }

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

    /// Carries out `effect` where it concerns the terminal; says what the app does next.
    package func carryOut(_ effect: UIEffect) -> Outcome {
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
            return .notice(TranscriptExport.write(contents, to: path))
        case .openURL(let url):
            return .notice(LinkOpener.open(url, environment: environment))
        case .send, .exit, .editDraft, .bareView:
            return .forTheApp
        }
    }
}
