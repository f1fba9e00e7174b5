import Foundation
import MarkdownANSI

/// What both full-screen apps (chat and agent console) set up first: curses with terminal restoration
/// on fatal signals, and the palette and markdown theme for the terminal's colour depth.
@TerminalActor
struct ScreenSetup {
    /// The started terminal.
    let terminal: CursesTerminal
    /// UI colours: monochrome when the terminal has no colour or the theme asks for none.
    let palette: UIPalette
    /// The markdown theme.
    let theme: Theme

    /// Starts curses for `options`; nil when there is no usable terminal. The caller stops it.
    static func start(_ options: TerminalUIOptions) -> ScreenSetup? {
        let terminal = CursesTerminal()
        guard terminal.start(color: options.color, mouse: options.mouse, environment: options.environment) else {
            return nil
        }
        TerminalRestore.install { sig in
            terminal.stop()
            exit(128 + sig)
        }
        let monochrome = terminal.colorMode == .none || options.themeName == "monochrome"
        return ScreenSetup(
            terminal: terminal,
            palette: monochrome ? UIPalette.monochrome : UIPalette.standard,
            theme: monochrome ? Theme.monochrome : (Theme.named(options.themeName) ?? .default))
    }
}
