import ChatModel
import Foundation
import TerminalRuntime

/// Everything that can change the UI, merged into one stream: keys, engine events, ticks, resizes.
package enum UIEvent: Sendable {
    /// A decoded key, paste or wheel notch.
    case key(Key)
    /// Something the engine published.
    case engine(ChatEvent)
    /// The engine's event stream finished.
    case engineFinished
    /// The terminal has a new size.
    case resize(TerminalSize)
    /// The frame clock ticked (typing expiry, countdowns).
    case tick
    /// A notice from an effect that finished (e.g. an export).
    case notice(String)
    /// The external editor returned this draft (nil when it failed or was abandoned).
    case draftEdited(String?)
    /// The names in `path` (folders marked with a trailing `/`; nil when it cannot be read), as
    /// asked for with ``UIEffect/listFolder(_:)``.
    case folderListed(path: String, names: [String]?)
}

/// What the reducer asks the outside world to do.
package enum UIEffect: Equatable, Sendable {
    /// Send a command to the engine.
    case send(ChatCommand)
    /// Leave the UI with this result.
    case exit(TerminalExit)
    /// Write the transcript to a file (mode 0600) and report back with a notice.
    case export(path: String, contents: String)
    /// Redraw the whole screen from scratch (Ctrl-L).
    case repaint
    /// Stop the process like Ctrl-Z in a shell (job control); the screen comes back on `fg`.
    case suspend
    /// Ring the terminal bell (a live agent joined).
    case bell
    /// Leave curses and print the transcript as plain terminal text, with clickable links,
    /// until Enter (copy mode).
    case bareView
    /// Raise a desktop notification (bell, OSC 9, OSC 777) about a new message.
    case notify(title: String, body: String)
    /// Suspend curses and edit the draft in `$VISUAL`/`$EDITOR`/`vi`; answer with `.draftEdited`.
    case editDraft(String)
    /// Open a link with `xdg-open`, or print it for copying where that is not possible.
    case openURL(String)
    /// List the names in a folder (Tab completion of a path, `/attach`'s check); answer with
    /// ``UIEvent/folderListed(path:names:)``.
    case listFolder(String)
}
