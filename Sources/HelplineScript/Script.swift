import Foundation

/// A parsed `helpline script` file: a name and its steps in order.
public struct Script: Sendable, Hashable {
    /// The script's name (its file name without the extension).
    public var name: String
    /// The steps, in file order.
    public var steps: [ScriptStep]

    /// Creates a script.
    public init(name: String, steps: [ScriptStep]) {
        self.name = name
        self.steps = steps
    }
}

/// One line of a script, with the line number it came from.
public struct ScriptStep: Sendable, Hashable {
    /// The 1-based line number in the file.
    public var line: Int
    /// What the step does.
    public var action: ScriptAction
    /// The original text of the line (trimmed), for the step log.
    public var source: String

    /// Creates a step.
    public init(line: Int, action: ScriptAction, source: String) {
        self.line = line
        self.action = action
        self.source = source
    }
}

/// The things a script can do.
public enum ScriptAction: Sendable, Hashable {
    /// Send a message.
    case send(String)
    /// The next agent/bot message must match the pattern within the time limit (`nil`: the runner's
    /// ``ScriptRunner/patience``).
    case expect(pattern: String, within: Duration?)
    /// The next event of this kind (optionally about a matching name) must arrive within the time limit
    /// (`nil`: the runner's ``ScriptRunner/patience``).
    case expectEvent(ScriptEventKind, namePattern: String?, within: Duration?)
    /// Answer the latest interactive message with its N-th option (1-based).
    case pick(Int)
    /// Fill in a field of the latest open form (a Connect view).
    case setField(name: String, value: String)
    /// Upload a file.
    case attach(path: String)
    /// The transcript so far must match this golden file (`expect-transcript FILE`).
    case expectTranscript(path: String)
    /// Complete the sign-in the contact center asked for on the demo contact center's sign-in page
    /// (`helpline serve`, the embedded demo), as a browser would: as `name`, or failing it (nil).
    case signIn(name: String?)
    /// Decline the sign-in the contact center asked for (CancelParticipantAuthentication).
    case cancelAuthentication
    /// Pause.
    case wait(Duration)
    /// End the chat.
    case end
}

/// Events `expect-event` can wait for.
public enum ScriptEventKind: String, Sendable, Hashable, CaseIterable {
    /// A participant joined.
    case joined
    /// A participant left.
    case left
    /// A queue position was announced.
    case queue
    /// Someone started typing.
    case typing
    /// The chat ended.
    case ended
    /// A customer sign-in moved on: `initiated`, `offered` (the link is ready), `link-stale`,
    /// `link-unavailable`, then `succeeded`, `failed`, `timeout`, `expired` or `cancelled`.
    case authentication
}
