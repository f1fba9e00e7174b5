import Foundation
import MarkdownANSI

/// Where a ``Program`` reads keys and draws frames: curses on the real terminal
/// (``TerminalScreen``), or a buffer in memory (``TestBackend``) so whole sessions run in-process.
///
/// Like ratatui's `Backend`: the program knows frames and keys, the backend knows the device.
@TerminalActor
package protocol TerminalBackend: AnyObject {
    /// The screen's size now.
    var size: TerminalSize { get }
    /// Reads the keys that are there, decoded, without blocking (``Key/resize`` after a resize).
    func readKeys() -> [Key]
    /// True when input waits to be read (looked at, not read), so a frame no key asked for can
    /// give way to a key that came while it was being made.
    var hasPendingInput: Bool { get }
    /// Draws `frame` (skipping what did not change since the last one) and sets the window title.
    func draw(_ frame: Frame, title: String)
    /// Draws typed text at the composer's cursor at once, ahead of its frame; says whether it did.
    @discardableResult func echoAhead(_ echo: Echo) -> Bool
    /// Forgets what is on the screen, so the next frame is drawn whole (after a resize, Ctrl-L).
    func invalidate()
    /// Carries out a screen effect; says what the program is told.
    func carryOut(_ effect: ScreenEffect) -> ScreenOutcome
    /// Suspends the screen, edits `text` in the external editor, and resumes it (unless a signal
    /// came meanwhile: then the screen stays suspended).
    func edit(_ text: String) -> EditedText
    /// Leaves the full screen and prints `lines` as plain text (copy mode).
    func showPlain(_ lines: [StyledLine])
    /// True once a key closed the plain view; the full screen is back then. Never blocks.
    func plainViewClosed() -> Bool
}

/// What a program is told after the screen carried out one of its effects.
package enum ScreenOutcome: Equatable, Sendable {
    /// Nothing more.
    case done
    /// The whole screen is drawn again with the next frame.
    case redraw
    /// Show this line to the user (the result of an export, a link, a refused Ctrl-Z).
    case notice(String)
}

/// Typed text a program draws at the composer's cursor at once, ahead of the key's frame.
package struct Echo: Equatable, Sendable {
    /// The characters typed (printable ASCII).
    package var text: String
    /// True when they replace what the row shows from the cursor on (a placeholder), in the plain
    /// style; false when they extend the row's text, in the style of its last span.
    package var replacesRest: Bool

    /// An echo of `text`.
    package init(_ text: String, replacesRest: Bool = false) {
        self.text = text
        self.replacesRest = replacesRest
    }
}
