import Foundation
import TerminalRuntime

/// Which front end a chat gets: the full screen, line mode, or the accessible mode.
public enum FrontEnd: Equatable, Sendable {
    /// The full-screen chat.
    case fullScreen
    /// Line mode: transcript lines on stdout, messages from stdin (pipes, scripts, `--plain`).
    case lineMode
    /// The accessible mode for screen readers (`--screen-reader`, or a terminal that cannot draw a screen).
    case screenReader

    /// The front end for these flags and this terminal, and the one line that says why when the
    /// terminal chose it rather than the user.
    ///
    /// `--plain` wins (line mode is what scripts ask for), then `--screen-reader`; without a terminal
    /// on both ends it is line mode; a terminal that cannot draw a full screen (`TERM=dumb`, or no
    /// `TERM`: a speech or braille console, Emacs' shell) gets the accessible mode, and is told so.
    public static func choose(
        plain: Bool, screenReader: Bool, stdinIsTerminal: Bool, stdoutIsTerminal: Bool, environment: [String: String]
    ) -> (frontEnd: FrontEnd, notice: String?) {
        if plain { return (.lineMode, nil) }
        if screenReader { return (.screenReader, nil) }
        guard stdinIsTerminal, stdoutIsTerminal else { return (.lineMode, nil) }
        if let reason = FullScreenSupport.refusal(environment: environment) {
            return (.screenReader, "helpline: \(reason): using the accessible mode (--screen-reader; --plain for line mode)")
        }
        return (.fullScreen, nil)
    }
}
