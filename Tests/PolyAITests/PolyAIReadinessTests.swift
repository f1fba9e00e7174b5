import ChatModel
import Foundation
import PolyAI
import SessionCore
import Testing

/// When a new PolyAI socket may carry messages, driven through the session core by hand: no network,
/// no clock but the dates passed in.
@Suite("PolyAI socket readiness in the session core")
struct PolyAIReadinessTests {
    /// A core resuming a stored session (no REST calls), started, with `typed` queued; its first socket
    /// is asked for.
    struct Driver {
        var core: SessionCore
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var socket: SocketID?

        init() {
            func segment(_ json: String) -> String {
                Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            }
            let token = segment(#"{"alg":"none"}"#) + "." + segment(#"{"exp":4102444800}"#) + ".c2ln"
            var options = PolyAIOptions(
                apiKey: "key", hostId: "tests", environment: .custom(rest: "http://127.0.0.1:9/api/v1", ws: "ws://127.0.0.1:9/ws"),
                streaming: false)
            options.resume = PolyAIResumeRecord(accessToken: token, sessionId: "s-1", lastActivity: now)
            core = SessionCore(wire: PolyAIWire(options: options, ids: IDSource(seed: 1)), ids: IDSource(seed: 2), now: now)
        }

        /// Starts, queues `line` before any socket is ready, and opens the first socket: its id and
        /// what opening it did.
        mutating func openWithQueued(_ line: String) throws -> (SocketID, [SessionEffect]) {
            _ = handle(.start)
            _ = handle(.command(.send(line)))
            let socket = try #require(self.socket)
            return (socket, handle(.socketOpened(socket)))
        }

        /// Handles `input` a little later than the last one; remembers the socket it opens.
        mutating func handle(_ input: SessionInput) -> [SessionEffect] {
            now = now.addingTimeInterval(0.01)
            let effects = core.handle(input, now: now)
            for case .openSocket(let id, _) in effects { socket = id }
            return effects
        }

        /// The frames written in `effects`.
        static func writes(_ effects: [SessionEffect]) -> [String] {
            effects.compactMap { if case .write(_, let frame) = $0 { frame } else { nil } }
        }

        /// The user messages written in `effects`.
        static func messages(_ effects: [SessionEffect]) -> [String] {
            writes(effects).filter { $0.contains("EVENT_TYPE_USER_MESSAGE") }
        }
    }

    static let heartbeatEcho = #"{"type":"EVENT_TYPE_HEARTBEAT","payload":{},"sequence":null}"#

    static func echo(_ text: String, localId: String, sequence: Int) -> String {
        #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[{"id":"e\#(sequence)","sequence":\#(sequence),"#
            + #""timestamp":"2027-01-15T08:00:00Z","type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"\#(text)","#
            + #""message_id":"m\#(sequence)"},"metadata":{"custom":{"local_id":"\#(localId)"}}}]}}"#
    }

    @Test("a socket that hears nothing is ready once the subscribe timeout passes, and the queued line goes out")
    func silentServer() throws {
        var driver = Driver()
        let (_, opened) = try driver.openWithQueued("hello")
        #expect(Driver.writes(opened).contains { $0.contains("EVENT_TYPE_HEARTBEAT") }, "a heartbeat asks the server to answer")
        #expect(Driver.messages(opened).isEmpty, "nothing is sent before the replay could have come")
        let late = driver.handle(.timer(.subscribe))
        #expect(driver.core.connectionState == .open)
        #expect(Driver.messages(late).count == 1 && Driver.messages(late)[0].contains("hello"))
    }

    @Test("the echo of the opening heartbeat makes the socket ready, with or without a SESSION_START")
    func heartbeatEcho() throws {
        var driver = Driver()
        let (socket, _) = try driver.openWithQueued("hello")
        let answered = driver.handle(.socketFrame(socket, Self.heartbeatEcho))
        #expect(driver.core.connectionState == .open)
        #expect(Driver.messages(answered).count == 1)
        #expect(answered.contains { if case .cancelTimer(.subscribe) = $0 { true } else { false } }, "no timer for a state that has left")
    }

    @Test("a line unconfirmed when its socket dropped is in the next socket's replay: confirmed there, never sent twice")
    func unconfirmedInReplay() throws {
        var driver = Driver()
        _ = driver.handle(.start)
        let first = try #require(driver.socket)
        _ = driver.handle(.socketOpened(first))
        _ = driver.handle(.socketFrame(first, Self.heartbeatEcho))
        let sent = driver.handle(.command(.send("only once")))
        #expect(Driver.messages(sent).count == 1)
        let queued = try #require(driver.core.unsentMessages.first?.localId)
        _ = driver.handle(.socketClosed(first, .afterOpen(code: 1006)))
        _ = driver.handle(.timer(.reconnect))
        let second = try #require(driver.socket)
        #expect(second != first)
        var resent = Driver.messages(driver.handle(.socketOpened(second)))
        resent += Driver.messages(driver.handle(.socketFrame(second, Self.echo("only once", localId: queued, sequence: 7))))
        resent += Driver.messages(driver.handle(.socketFrame(second, Self.heartbeatEcho)))
        #expect(driver.core.connectionState == .open)
        #expect(resent.isEmpty, "the replay had it: \(resent)")
        #expect(driver.core.unsentMessages.isEmpty)
        #expect(driver.core.transcript.items.filter { $0.text == "only once" }.count == 1)
    }
}
