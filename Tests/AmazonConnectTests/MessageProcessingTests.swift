import AmazonConnect
import ChatModel
import Foundation
import SessionCore
import Testing

/// Amazon Connect's message processing (`MessageProcessingStatus` on SendMessage answers and items)
/// through the session core: what the user sees of a message being checked, blocked, failed or redacted.
@Suite("Session core over Amazon Connect: message processing")
struct MessageProcessingTests {
    typealias Driver = CoreHandleTests.Driver

    /// An `aws/chat` frame holding `item` (JSON of the inner item).
    static func chat(_ item: String) -> String {
        let inner = try? JSONSerialization.data(withJSONObject: ["content": item, "contentType": "application/json", "topic": "aws/chat"])
        return String(decoding: inner ?? Data(), as: UTF8.self)
    }

    /// Our own message as the socket sends it back.
    static func echo(id: String, text: String) -> String {
        chat(#"{"AbsoluteTime":"2027-01-15T08:00:01.000Z","Content":"\#(text)","ContentType":"text/plain","Id":"\#(id)","Type":"MESSAGE","ParticipantRole":"CUSTOMER","DisplayName":"Maria","InitialContactId":"c1","ContactId":"c1"}"#)
    }

    static func answer(id: String, status: String?) -> HTTPResult {
        let metadata = status.map { #","MessageMetadata":{"MessageProcessingStatus":"\#($0)"}"# } ?? ""
        return Driver.ok(#"{"Id":"\#(id)","AbsoluteTime":"2027-01-15T08:00:01.000Z"\#(metadata)}"#)
    }

    /// A live chat with "text" sent: the driver, its SendMessage call and the socket.
    static func sending(_ text: String) throws -> (Driver, RequestID, HTTPRequest, SocketID) {
        var driver = Driver()
        var settings = CoreSettings()
        settings.recordsTranscript = true
        driver.core = SessionCore(
            wire: ConnectWire(start: .participantToken("p", displayName: "Maria"), endpoint: "https://p.example", ids: IDSource(seed: 1)),
            settings: settings, ids: IDSource(seed: 2), now: driver.now)
        let socket = try driver.connect(from: driver.handle(.start))
        let sent = driver.handle(.command(.send(text)))
        let call = try #require(Driver.calls("/participant/message", in: sent).first)
        return (driver, call.id, call.request, socket)
    }

    static func own(_ driver: Driver) -> ChatItem? { driver.core.transcript.items.last { $0.isOwn } }

    static func records(_ effects: [SessionEffect]) -> [TranscriptRecord] {
        effects.compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    @Test("PROCESSING shows the message as being checked, not sent; its redacted copy makes it sent, showing what was delivered and keeping what was typed")
    func processingThenRedactedCopy() throws {
        var (driver, call, _, socket) = try Self.sending("my card is 4111 1111 1111 1111")
        driver.handle(.http(call, Self.answer(id: "m1", status: "PROCESSING")))
        #expect(Self.own(driver)?.delivery == .checking)
        let copied = driver.handle(.socketFrame(socket, Self.echo(id: "m1", text: "my card is [PII]")))
        let item = try #require(Self.own(driver))
        #expect(item.delivery == .sent)
        #expect(item.text == "my card is [PII]")
        #expect(item.typedText == "my card is 4111 1111 1111 1111")
        #expect(item.isRedacted)
        #expect(driver.core.transcript.items.filter(\.isOwn).count == 1)
        let record = try #require(Self.records(copied).last)
        #expect(record.text == "my card is [PII]" && record.typed == "my card is 4111 1111 1111 1111" && record.delivery == "sent")
    }

    @Test("a redacted copy that comes while the send call is out is the same message: one item, sent, redacted")
    func redactedCopyBeforeTheAnswer() throws {
        var (driver, call, _, socket) = try Self.sending("write to ana@example.com please")
        driver.handle(.socketFrame(socket, Self.echo(id: "m1", text: "write to [EMAIL] please")))
        driver.handle(.http(call, Self.answer(id: "m1", status: "PROCESSING")))
        let own = driver.core.transcript.items.filter(\.isOwn)
        #expect(own.count == 1)
        #expect(own.first?.delivery == .sent)
        #expect(own.first?.typedText == "write to ana@example.com please")
    }

    @Test("REJECTED: never sent, a receipt does not move it, /retry does not send it, the next message goes on")
    func rejected() throws {
        var (driver, call, _, socket) = try Self.sending("my password is hunter2")
        let answered = driver.handle(.http(call, Self.answer(id: "m1", status: "REJECTED")))
        #expect(Self.own(driver)?.delivery == .rejected)
        #expect(Self.records(answered).last?.delivery == "rejected")
        #expect(Self.records(answered).last?.text == "my password is hunter2")
        driver.handle(.socketFrame(socket, Self.chat(#"{"AbsoluteTime":"2027-01-15T08:00:02.000Z","ContentType":"application/vnd.amazonaws.connect.event.message.metadata","Id":"r1","Type":"MESSAGEMETADATA","MessageMetadata":{"MessageId":"m1","Receipts":[{"DeliveredTimestamp":"2027-01-15T08:00:02.000Z","ReadTimestamp":"2027-01-15T08:00:02.000Z","RecipientParticipantId":"agent"}]},"InitialContactId":"c1","ContactId":"c1"}"#)))
        #expect(Self.own(driver)?.delivery == .rejected)
        let localId = try #require(Self.own(driver)?.localId)
        let retried = driver.handle(.command(.retry(localId: localId)))
        #expect(Driver.calls("/participant/message", in: retried).isEmpty)
        let next = driver.handle(.command(.send("hello")))
        #expect(Driver.calls("/participant/message", in: next).count == 1)
    }

    @Test("FAILED: not delivered; /retry sends its text again as a new message (a new ClientToken), the failed attempt staying as it was")
    func failedThenRetried() throws {
        var (driver, call, request, _) = try Self.sending("a glitch")
        driver.handle(.http(call, Self.answer(id: "m1", status: "FAILED")))
        let item = try #require(Self.own(driver))
        #expect(item.delivery == .notProcessed)
        let retried = driver.handle(.command(.retry(localId: try #require(item.localId))))
        let again = try #require(Driver.calls("/participant/message", in: retried).first)
        #expect(Driver.clientToken(again.request) != Driver.clientToken(request))
        #expect(Self.own(driver)?.delivery == .pending)
        driver.handle(.http(again.id, Self.answer(id: "m2", status: nil)))
        #expect(Self.own(driver)?.delivery == .sent)
        #expect(Self.own(driver)?.id == "m2")
        let attempts = driver.core.transcript.items.filter(\.isOwn)
        #expect(attempts.map(\.id) == ["m1", "m2"] && attempts.first?.delivery == .notProcessed)
        // The spent attempt no longer offers /retry: the newest message /retry would pick is none.
        #expect(attempts.first?.isResent == true && attempts.allSatisfy { !$0.canRetry })
        let twice = driver.handle(.command(.retry(localId: try #require(item.localId))))
        #expect(Driver.calls("/participant/message", in: twice).isEmpty, "the failed attempt was retried once")
    }

    @Test("a verdict that comes later on the socket, as MESSAGEMETADATA or on the message item, stops a message being checked")
    func laterVerdicts() throws {
        for frame in [
            #"{"AbsoluteTime":"2027-01-15T08:00:02.000Z","ContentType":"application/vnd.amazonaws.connect.event.message.metadata","Id":"x1","Type":"MESSAGEMETADATA","MessageMetadata":{"MessageId":"m1","MessageProcessingStatus":"REJECTED"},"InitialContactId":"c1","ContactId":"c1"}"#,
            #"{"AbsoluteTime":"2027-01-15T08:00:01.000Z","Content":"my password","ContentType":"text/plain","Id":"m1","Type":"MESSAGE","ParticipantRole":"CUSTOMER","MessageMetadata":{"MessageId":"m1","MessageProcessingStatus":"REJECTED"},"InitialContactId":"c1","ContactId":"c1"}"#,
        ] {
            var (driver, call, _, socket) = try Self.sending("my password")
            driver.handle(.http(call, Self.answer(id: "m1", status: "PROCESSING")))
            driver.handle(.socketFrame(socket, Self.chat(frame)))
            #expect(Self.own(driver)?.delivery == .rejected)
            #expect(driver.core.transcript.items.filter(\.isOwn).count == 1)
            #expect(driver.core.unsentMessages.first?.refusal != nil, "kept, so /drop can remove it, and not retried as it is")
        }
    }

    @Test("a verdict that comes before the send answer is applied when the answer names its message")
    func verdictBeforeTheAnswer() throws {
        var (driver, call, _, socket) = try Self.sending("my password")
        driver.handle(.socketFrame(socket, Self.chat(#"{"AbsoluteTime":"2027-01-15T08:00:02.000Z","ContentType":"application/vnd.amazonaws.connect.event.message.metadata","Id":"x1","Type":"MESSAGEMETADATA","MessageMetadata":{"MessageId":"m1","MessageProcessingStatus":"REJECTED"},"InitialContactId":"c1","ContactId":"c1"}"#)))
        driver.handle(.http(call, Self.answer(id: "m1", status: "PROCESSING")))
        #expect(Self.own(driver)?.delivery == .rejected)
    }

    @Test("an unknown MessageProcessingStatus says nothing: the message is sent")
    func unknownStatus() throws {
        var (driver, call, _, _) = try Self.sending("hello")
        driver.handle(.http(call, Self.answer(id: "m1", status: "SOMETHING_NEW")))
        #expect(Self.own(driver)?.delivery == .sent)
    }
}
