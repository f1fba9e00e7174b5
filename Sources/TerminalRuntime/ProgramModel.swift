import Foundation
import MarkdownANSI

/// A full-screen program as a value: what it starts with, how a message changes it and what that
/// asks of the world, and what it looks like. ``Program`` runs one on a ``TerminalBackend``.
///
/// The shape is The Elm Architecture's (Bubble Tea's `Init`/`Update`/`View`): the model never
/// touches the terminal, a file or the network itself; it answers with ``ProgramEffect``s, and
/// what they lead to comes back to ``update(_:now:)`` as an event. Redraws are not asked for: the
/// program builds ``view(now:)`` after what it applied and draws it when it differs.
package protocol ProgramModel {
    /// What the program's own jobs (engine events, a desk's answers) post back to it.
    associatedtype Message: Sendable
    /// What the program hands outside (a command for a chat engine), in order, one hop.
    associatedtype Output: Sendable

    /// The effects to carry out as the program starts (jobs that listen for events, say).
    mutating func start(now: Date) -> [ProgramEffect<Message, Output>]

    /// Applies one event; returns what the program asks of the world.
    mutating func update(_ event: ProgramEvent<Message>, now: Date) -> [ProgramEffect<Message, Output>]

    /// The whole screen as it is at `now`.
    func view(now: Date) -> Frame

    /// The terminal window's title.
    var title: String { get }

    /// When the screen next changes by time alone (a clock's minute, a countdown), nil for never.
    func nextChange(after now: Date) -> Date?

    /// What `keys` will change on the screen when it is only text added at the cursor (and, in an
    /// empty composer, the placeholder after it cleared), drawn at once ahead of the frame (see
    /// ``TerminalBackend/echoAhead(_:)``); nil when the key must wait for its frame.
    func echoAhead(for keys: [Key]) -> Echo?

    /// What of one turn's outputs is handed over, in order: an output that a later one of the same
    /// turn makes redundant may be left out (a burst of messages read at once needs one read
    /// receipt, for the newest).
    func coalesced(_ outputs: [Output]) -> [Output]
}

extension ProgramModel {
    /// No echo ahead of the frame unless the program says which keys allow one.
    package func echoAhead(for keys: [Key]) -> Echo? { nil }

    /// Every output is handed over unless the program says which make others redundant.
    package func coalesced(_ outputs: [Output]) -> [Output] { outputs }
}

/// One thing that happened to a program.
package enum ProgramEvent<Message: Sendable>: Sendable {
    /// A key, a paste or a wheel notch.
    case key(Key)
    /// The terminal has a new size.
    case resized(TerminalSize)
    /// A program's job posted this.
    case message(Message)
    /// Time passed (once a turn, after everything else the turn applied).
    case tick
    /// What an effect came to, in words for the user (an export written, a link opened or not,
    /// Ctrl-Z refused).
    case notice(String)
    /// The external editor returned.
    case edited(EditedText)
    /// The plain view (copy mode) was closed by a key; the program's screen is back.
    case plainViewClosed
}

/// How an edit in the external editor ended.
package enum EditedText: Equatable, Sendable {
    /// The editor returned this text (nil: it failed, or the user left it without saving).
    case edited(String?)
    /// A termination signal came while the editor ran: this is what was being edited. The program
    /// will end; the terminal stays suspended.
    case interrupted(String)
}

/// What a program asks of the world; the ``Program`` carries each out, and its answer (if any)
/// comes back as a ``ProgramEvent``.
package enum ProgramEffect<Message: Sendable, Output: Sendable> {
    /// Hand this to the program's outlet: after the turn's frame is drawn, in order.
    case output(Output)
    /// Something the terminal does (bell, notification, Ctrl-Z, repaint, export, open a link);
    /// a notice comes back as ``ProgramEvent/notice(_:)``.
    case screen(ScreenEffect)
    /// Start a job: it runs beside the program and posts messages back; a named job replaces one
    /// of the same name.
    case run(ProgramJob<Message>)
    /// Cancel the job of this name.
    case cancel(String)
    /// Carry this out at once on the terminal thread, before the next event (a small local write
    /// such as the input history, which must happen even if a signal ends the program next).
    case perform(@Sendable () -> Void)
    /// Suspend the screen and edit this text in the external editor; the answer comes back as
    /// ``ProgramEvent/edited(_:)``.
    case editText(String)
    /// Leave the full screen and print these lines as plain terminal text until a key (copy mode);
    /// ``ProgramEvent/plainViewClosed`` follows.
    case showPlain([StyledLine])
    /// The program is done.
    case quit
}

/// Work a program runs beside itself, posting what it learns back as messages.
///
/// A job runs on the terminal thread (``TerminalActor``) between turns: an event it awaits (the
/// engine's next one) wakes that thread alone, and its post is taken by the next turn — one hop
/// from the engine to the screen. What it awaits elsewhere (a desk's answer) runs where it runs.
package struct ProgramJob<Message: Sendable>: Sendable {
    /// The job's name, for ``ProgramEffect/cancel(_:)`` (nil: it is cancelled only when the
    /// program ends).
    package var name: String?
    /// The work; `post` hands a message to the program.
    package var body: @TerminalActor @Sendable (_ post: ProgramPost<Message>) async -> Void

    /// Creates a job.
    package init(name: String? = nil, _ body: @escaping @TerminalActor @Sendable (_ post: ProgramPost<Message>) async -> Void) {
        self.name = name
        self.body = body
    }
}

/// Hands messages to a running program from any thread.
package struct ProgramPost<Message: Sendable>: Sendable {
    private let deliver: @Sendable (Message) -> Void

    /// A post that calls `deliver` for each message.
    package init(_ deliver: @escaping @Sendable (Message) -> Void) {
        self.deliver = deliver
    }

    /// Posts `message` to the program.
    package func callAsFunction(_ message: Message) {
        deliver(message)
    }
}
