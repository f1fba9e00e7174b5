import Foundation

/// A contact center a simulation runs a client against: it answers HTTP calls and socket frames
/// with its own JSON (written from the specs, never the client's types), and says what it holds
/// so the run can be checked. Single-threaded: the simulation's scheduler calls it.
public protocol SimService: AnyObject {
    /// Where the client starts: the values its wire is made with.
    var entry: SimEntry { get }
    /// Answers an HTTP call; nil when the service does not answer (the call times out on the client).
    func http(_ request: SimRequest, now: Int64) -> SimResponse?
    /// Opens a socket at `url`: its connection number and first frames, or nil to refuse the upgrade.
    func openSocket(url: String, now: Int64) -> (connection: Int, output: SimSocketOutput)?
    /// False when the service takes the connection for an upgrade to `url` and never answers it (the
    /// client's transport gives the upgrade up after its deadline, as the live `UpgradeDeadline` does).
    func answersUpgrade(url: String, now: Int64) -> Bool
    /// A frame from the client.
    func frame(_ text: String, on connection: Int, now: Int64) -> SimSocketOutput
    /// The client's socket went away.
    func socketClosed(_ connection: Int, now: Int64)
    /// Whatever the service does on its own by `now` (bot replies due, agent messages): frames per connection.
    func tick(now: Int64) -> [(connection: Int, output: SimSocketOutput)]
    /// When the service next has something to do on its own.
    var nextWake: Int64? { get }
    /// The agent or bot says `text` now (the plan's spontaneous messages).
    func agentSays(_ text: String, now: Int64) -> [(connection: Int, output: SimSocketOutput)]
    /// The agent ends the chat now.
    func endChat(now: Int64) -> [(connection: Int, output: SimSocketOutput)]
    /// Connection tokens (or access tokens) stop working now; the client must get new ones.
    func expireTokens()
    /// True once the chat has ended on the service.
    var hasEnded: Bool { get }
    /// The customer's messages as the service holds them, in order (texts).
    var customerMessages: [String] { get }
    /// The conversation as the service holds it, in order, as the checks compare it.
    var transcript: [SimItem] { get }
    /// The customer's messages the contact center stopped (blocked, or failed their check), id → what
    /// was typed: nobody saw them, so the client must never show them as sent.
    var stoppedMessages: [String: String] { get }
    /// The fault knobs.
    var faults: SimServiceFaults { get set }
}

extension SimService {
    /// Every upgrade is answered, unless a service reads the spec otherwise.
    public func answersUpgrade(url: String, now: Int64) -> Bool { true }

    /// No message is stopped, unless a service checks them.
    public var stoppedMessages: [String: String] { [:] }
}

/// What a client starts with.
public struct SimEntry: Sendable {
    /// The start-chat URL (Connect) or REST base (PolyAI).
    public var startURL: String
    /// The service endpoint (Participant Service) or socket URL (PolyAI).
    public var endpoint: String
    /// The API key (PolyAI).
    public var apiKey: String
}

/// One item as the service holds it, for comparison with the client's transcript.
public struct SimItem: Sendable, Hashable, CustomStringConvertible {
    /// The id the client sees.
    public var id: String
    /// `message`, `event` (with its kind) — what it is.
    public var kind: String
    /// The message text (the whole of a streamed one).
    public var text: String
    /// The choices offered, if any.
    public var choices: [String]

    /// Creates an item.
    public init(id: String, kind: String, text: String, choices: [String] = []) {
        self.id = id
        self.kind = kind
        self.text = text
        self.choices = choices
    }

    /// `kind id "text" [choices]`.
    public var description: String {
        "\(kind) \(id.prefix(8)) \"\(text.prefix(40))\"" + (choices.isEmpty ? "" : " \(choices)")
    }
}

/// Faults a service injects itself (the network's are the simulation's).
public struct SimServiceFaults: Sendable {
    /// A REST call fails with 5xx or 429 before it does anything.
    public var restFailure: Double = 0
    /// A REST call is carried out, but its answer is lost (the client times out and tries again).
    public var lostAnswer: Double = 0
    /// A user message is taken but its echo is never sent (PolyAI).
    public var lostEcho: Double = 0

    /// No faults.
    public init() {}
}
