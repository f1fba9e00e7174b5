import AmazonConnect
import ChatModel
import Foundation
import SessionCore
import Testing

/// The session core's `handle` driven by hand over the Amazon Connect wire: no network, no clock but
/// the dates passed in; each test reads the effects the core returns.
@Suite("Session core over Amazon Connect: handle")
struct CoreHandleTests {
    /// A core with a participant token (no StartChatContact call) and every effect it returned.
    struct Driver {
        var core: SessionCore
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var effects: [SessionEffect] = []

        init() {
            let wire = ConnectWire(
                start: .participantToken("p", displayName: "Maria"), endpoint: "https://p.example", ids: IDSource(seed: 1))
            core = SessionCore(wire: wire, ids: IDSource(seed: 2), now: now)
        }

        /// Handles `input` a little later than the last one.
        @discardableResult
        mutating func handle(_ input: SessionInput) -> [SessionEffect] {
            now = now.addingTimeInterval(0.01)
            let out = core.handle(input, now: now)
            effects += out
            return out
        }

        /// The calls in `effects` to `path` (e.g. "/participant/message"), with their ids.
        static func calls(_ path: String, in effects: [SessionEffect]) -> [(id: RequestID, request: HTTPRequest)] {
            effects.compactMap { effect in
                guard case .http(let id, let request) = effect, request.url.hasSuffix(path) else { return nil }
                return (id, request)
            }
        }

        /// The sockets opened in `effects`.
        static func opened(in effects: [SessionEffect]) -> [SocketID] {
            effects.compactMap { if case .openSocket(let id, _) = $0 { id } else { nil } }
        }

        /// Answers the connection call in `effects`, opens its socket, confirms the subscription and
        /// answers the transcript fetch with nothing missed: the chat is live on the socket returned.
        mutating func connect(from effects: [SessionEffect]) throws -> SocketID {
            let call = try #require(Self.calls("/participant/connection", in: effects).first)
            let answered = handle(.http(call.id, Self.ok(
                #"{"Websocket":{"Url":"wss://s.example/c"},"ConnectionCredentials":{"ConnectionToken":"t"}}"#)))
            let socket = try #require(Self.opened(in: answered).first)
            handle(.socketOpened(socket))
            let subscribed = handle(.socketFrame(socket, #"{"topic":"aws/subscribe","content":{"status":"success","topics":["aws/chat"]}}"#))
            let fetch = try #require(Self.calls("/participant/transcript", in: subscribed).first)
            handle(.http(fetch.id, Self.ok(#"{"InitialContactId":"c1","Transcript":[]}"#)))
            return socket
        }

        static func ok(_ body: String) -> HTTPResult { .response(HTTPResponse(status: 200, body: Data(body.utf8))) }

        /// The `ClientToken` in a call's JSON body.
        static func clientToken(_ request: HTTPRequest) -> String? {
            guard let body = request.body, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
            return object["ClientToken"] as? String
        }
    }

    @Test("a 403 answer to SendMessage leads to exactly one reconnect, and the resend carries the same ClientToken")
    func refusedSendReconnectsOnceAndResendsTheSameToken() throws {
        var driver = Driver()
        let first = try driver.connect(from: driver.handle(.start))
        #expect(driver.core.connectionState == .open)

        let sent = driver.handle(.command(.send("hello")))
        let send = try #require(Driver.calls("/participant/message", in: sent).first)
        let token = try #require(Driver.clientToken(send.request))

        let refused = driver.handle(.http(send.id, .response(HTTPResponse(status: 403, body: Data(#"{"message":"expired"}"#.utf8)))))
        #expect(refused.contains { if case .closeSocket(first) = $0 { true } else { false } }, "the socket of the refused token is replaced")
        #expect(refused.filter { if case .startTimer(.reconnect, _) = $0 { true } else { false } }.count == 1)
        #expect(Driver.calls("/participant/message", in: refused).isEmpty, "nothing is sent before a new connection")
        guard case .reconnecting = driver.core.connectionState else {
            Issue.record("not reconnecting: \(driver.core.connectionState)")
            return
        }

        let second = try driver.connect(from: driver.handle(.timer(.reconnect)))
        #expect(second != first)
        #expect(driver.core.connectionState == .open)

        let sends = Driver.calls("/participant/message", in: driver.effects)
        #expect(sends.count == 2, "the message is sent again once")
        #expect(sends.last.flatMap { Driver.clientToken($0.request) } == token, "with the same ClientToken: the server keeps one copy")
        #expect(Driver.calls("/participant/connection", in: driver.effects).count == 2, "one connection, then exactly one reconnect")
        #expect(Driver.opened(in: driver.effects).count == 2)

        let resend = try #require(sends.last)
        driver.handle(.http(resend.id, Driver.ok(#"{"Id":"m1","AbsoluteTime":"2027-01-15T08:00:00.000Z"}"#)))
        #expect(driver.core.unsentMessages.isEmpty, "delivered")
    }

    @Test("a SendMessage refused 403 after its copy came on the socket was delivered: shown once, not sent again")
    func refusedSendWhoseCopyCameIsDelivered() throws {
        var driver = Driver()
        let socket = try driver.connect(from: driver.handle(.start))
        let sent = driver.handle(.command(.send("hello")))
        let send = try #require(Driver.calls("/participant/message", in: sent).first)
        // The service carried it out (its copy comes to every socket), then answered 403: the
        // token ran out while it worked (simulator seed 251, expiry-mid-call).
        let item = #"{\"Id\":\"m1\",\"Type\":\"MESSAGE\",\"AbsoluteTime\":\"2027-01-15T08:00:00.000Z\",\"ContentType\":\"text/plain\","#
            + #"\"Content\":\"hello\",\"ParticipantId\":\"me\",\"ParticipantRole\":\"CUSTOMER\",\"ContactId\":\"c1\",\"InitialContactId\":\"c1\"}"#
        driver.handle(.socketFrame(socket, #"{"topic":"aws/chat","contentType":"application/json","content":""# + item + #""}"#))
        driver.handle(.http(send.id, .response(HTTPResponse(status: 403, body: Data(#"{"message":"Access denied"}"#.utf8)))))

        #expect(driver.core.unsentMessages.isEmpty, "the server's copy settled it")
        let shown = driver.core.transcript.items.filter { $0.text == "hello" }
        #expect(shown.count == 1, "one item for the message, not its copy beside a pending one")
        #expect(shown.first?.id == "m1" && shown.first?.delivery.map { $0 >= .sent } == true)
        let renewed = try driver.connect(from: driver.handle(.timer(.reconnect)))
        #expect(renewed != socket)
        #expect(Driver.calls("/participant/message", in: driver.effects).count == 1, "not sent again")
    }

    @Test("a SendMessage refused 403 whose copy the next transcript page holds was delivered: shown once, not sent again")
    func refusedSendFoundInTheTranscriptIsDelivered() throws {
        var driver = Driver()
        let socket = try driver.connect(from: driver.handle(.start))
        let sent = driver.handle(.command(.send("hello")))
        let send = try #require(Driver.calls("/participant/message", in: sent).first)
        // Carried out, then refused (the token ran out meanwhile); the socket closed before its copy came
        // (simulator seed 117, expiry-mid-call).
        driver.handle(.http(send.id, .response(HTTPResponse(status: 403, body: Data(#"{"message":"Access denied"}"#.utf8)))))
        let reconnect = driver.handle(.timer(.reconnect))
        let call = try #require(Driver.calls("/participant/connection", in: reconnect).first)
        let answered = driver.handle(.http(call.id, Driver.ok(
            #"{"Websocket":{"Url":"wss://s.example/d"},"ConnectionCredentials":{"ConnectionToken":"t2"}}"#)))
        let renewed = try #require(Driver.opened(in: answered).first)
        #expect(renewed != socket)
        driver.handle(.socketOpened(renewed))
        let subscribed = driver.handle(.socketFrame(renewed, #"{"topic":"aws/subscribe","content":{"status":"success","topics":["aws/chat"]}}"#))
        let fetch = try #require(Driver.calls("/participant/transcript", in: subscribed).first)
        let time = driver.now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        driver.handle(.http(fetch.id, Driver.ok(
            #"{"InitialContactId":"c1","Transcript":[{"Id":"m1","Type":"MESSAGE","AbsoluteTime":""# + time
                + #"","ContentType":"text/plain","Content":"hello","ParticipantId":"me","ParticipantRole":"CUSTOMER","ContactId":"c1"}]}"#)))

        #expect(driver.core.unsentMessages.isEmpty, "the server's copy settled it")
        #expect(driver.core.transcript.items.filter { $0.text == "hello" }.map(\.id) == ["m1"])
        #expect(Driver.calls("/participant/message", in: driver.effects).count == 1, "not sent again")
    }

    @Test("/end with a message unsent sends the message first, then the end; the server's end closes the chat as the user's")
    func endWaitsForTheOutbox() throws {
        var driver = Driver()
        let socket = try driver.connect(from: driver.handle(.start))
        let sent = driver.handle(.command(.send("bye")))
        let send = try #require(Driver.calls("/participant/message", in: sent).first)

        let asked = driver.handle(.command(.end))
        #expect(Driver.calls("/participant/disconnect", in: asked).isEmpty, "the message goes first")
        #expect(driver.core.connectionState == .open)

        let delivered = driver.handle(.http(send.id, Driver.ok(#"{"Id":"m1","AbsoluteTime":"2027-01-15T08:00:00.000Z"}"#)))
        let disconnect = try #require(Driver.calls("/participant/disconnect", in: delivered).first)
        #expect(driver.core.connectionState == .closing)

        let answered = driver.handle(.http(disconnect.id, Driver.ok("{}")))
        #expect(answered.contains { if case .startTimer(.endGrace, _) = $0 { true } else { false } }, "waits a moment for the server's end")
        let ended = driver.handle(.socketFrame(socket, Self.chatEnded))
        #expect(driver.core.connectionState == .closed(reason: .byYou))
        #expect(ended.contains { if case .finished = $0 { true } else { false } })
    }

    static let chatEnded =
        #"{"topic":"aws/chat","contentType":"application/json","content":"{\"AbsoluteTime\":\"2027-01-15T08:00:01.000Z\","#
        + #"\"ContentType\":\"application/vnd.amazonaws.connect.event.chat.ended\",\"Id\":\"e1\",\"Type\":\"EVENT\","#
        + #"\"ParticipantRole\":\"SYSTEM\",\"InitialContactId\":\"c1\",\"ContactId\":\"c1\"}"}"#
}
