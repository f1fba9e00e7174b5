import Foundation
import MarkdownANSI

/// A ``TerminalBackend`` in memory: keys are queued by the caller, frames kept as text, and what
/// a program asked of the terminal (bells, notifications, links, titles) recorded, so whole
/// sessions of a program run in-process, in milliseconds, at any size (ratatui's `TestBackend`).
///
/// Exports are written for real (the file is what a user would check); links are recorded, not
/// opened; the editor answers with ``editorAnswer``.
@TerminalActor
package final class TestBackend: TerminalBackend {
    /// The screen's size (change it with ``resize(to:)``).
    package private(set) var size: TerminalSize
    private var queued: [Key] = []
    /// Keys that come while the next turn runs: after it read its keys.
    private var arriving: [Key] = []
    /// Input always waits but reads as no key (a hung-up terminal, bytes that decode to nothing).
    package var inputWithoutKeys = false
    /// The last frame drawn.
    package private(set) var frame: Frame?
    /// Frames drawn so far.
    package private(set) var framesDrawn = 0
    /// The window title, as last set.
    package private(set) var title = ""
    /// Texts drawn ahead of their frames.
    package private(set) var echoes: [String] = []
    /// Times the terminal bell rang.
    package private(set) var bells = 0
    /// Desktop notifications raised (title, body).
    package private(set) var notifications: [(title: String, body: String)] = []
    /// Links the program asked to open.
    package private(set) var openedLinks: [String] = []
    /// Times the program stopped for job control (Ctrl-Z).
    package private(set) var suspensions = 0
    /// Times the screen was forgotten (resize, Ctrl-L, back from the editor).
    package private(set) var invalidations = 0
    /// Texts handed to the editor.
    package private(set) var edited: [String] = []
    /// What the editor answers (nil: the text comes back unchanged).
    package var editorAnswer: EditedText?
    /// The lines of the open plain view (copy mode); nil when none is open.
    package private(set) var plainLines: [StyledLine]?

    /// A backend of `size`.
    package init(size: TerminalSize = TerminalSize(rows: 24, columns: 80)) {
        self.size = size
    }

    /// Queues keys for the program's next turn.
    package func press(_ keys: Key...) {
        queued += keys
    }

    /// Keys that arrive while the program's next turn runs, after it read the keys that were
    /// there (a key typed while a streamed frame is being made).
    package func pressDuringNextTurn(_ keys: Key...) {
        arriving += keys
    }

    /// Queues `text` as typed, one key per character.
    package func type(_ text: String) {
        for character in text { queued.append(.text(String(character))) }
    }

    /// Changes the size, as a terminal window resized does.
    package func resize(to size: TerminalSize) {
        self.size = size
        queued.append(.resize)
    }

    /// The last frame as plain text, one string per row (empty before the first frame).
    package var screen: [String] { frame?.textRows ?? [] }

    /// The whole screen as one string (rows joined with newlines, trailing blanks dropped).
    package var screenText: String {
        screen.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// The terminal cursor of the last frame, if it shows one.
    package var cursor: (row: Int, column: Int)? { frame?.cursor }

    package func readKeys() -> [Key] {
        defer {
            queued = arriving
            arriving = []
        }
        return queued
    }

    package var hasPendingInput: Bool { inputWithoutKeys || !queued.isEmpty }

    package func draw(_ frame: Frame, title: String) {
        self.frame = frame
        self.title = title
        framesDrawn += 1
    }

    package func echoAhead(_ echo: Echo) -> Bool {
        echoes.append(echo.text)
        return true
    }

    package func invalidate() {
        invalidations += 1
    }

    package func carryOut(_ effect: ScreenEffect) -> ScreenOutcome {
        switch effect {
        case .repaint:
            invalidations += 1
            return .redraw
        case .bell:
            bells += 1
            return .done
        case .notify(let title, let body):
            notifications.append((title, body))
            return .done
        case .suspend:
            suspensions += 1
            invalidations += 1
            return .redraw
        case .export(let path, let contents):
            return .notice(ExportFile.write(contents, to: path))
        case .openURL(let url):
            openedLinks.append(url)
            return .notice("Opened \(url)")
        }
    }

    package func edit(_ text: String) -> EditedText {
        edited.append(text)
        invalidations += 1
        return editorAnswer ?? .edited(text)
    }

    package func showPlain(_ lines: [StyledLine]) {
        plainLines = lines
    }

    /// Any queued key closes the plain view (the key is consumed, as in copy mode).
    package func plainViewClosed() -> Bool {
        guard plainLines != nil else { return true }
        guard !queued.isEmpty else { return false }
        queued.removeFirst()
        plainLines = nil
        return true
    }
}

extension Program {
    /// For in-process sessions: takes turns, moving `clock` on by a frame's time before each (so
    /// posted messages fall due), until `done` holds; while it does not, waits for the program's
    /// jobs to post, up to `timeout` of real time. Returns whether `done` came to hold.
    package func turns(clock: inout Date, until done: () -> Bool, timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            clock = clock.addingTimeInterval(FrameClock.interval + 0.001)
            _ = turn(now: clock)
            if done() { return true }
            if isFinished || ContinuousClock.now >= deadline { return false }
            if !hasPosted { try? await Task.sleep(for: .milliseconds(1)) }
        }
    }
}
