import ChatModel
import Foundation
import PolyAI
import SessionCore
import Testing

/// The session core with the PolyAI wire, driven input by input (no server, no clock): offers of
/// suggestions and the streamed replies that carry them.
@Suite("PolyAI offers and streamed replies in the core")
struct PolyAIOfferTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    /// An unsigned token that never expires (the wire only reads `exp`).
    let token = "eyJhbGciOiJub25lIn0.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln"

    /// A core rejoining session `s1` (no REST calls), with `outbox` left unsent by an earlier run, its socket
    /// open and (`answered`) live: the server has answered the heartbeat written on opening.
    func connectedCore(restoring outbox: [OutboxEntry] = [], answered: Bool = true) throws -> (core: SessionCore, socket: SocketID) {
        var options = PolyAIOptions(
            apiKey: "key", hostId: "tests", environment: .custom(rest: "http://polyai.test/api/v1", ws: "ws://polyai.test/ws"),
            streaming: true)
        options.resume = PolyAIResumeRecord(accessToken: token, sessionId: "s1", lastActivity: t0)
        var core = SessionCore(
            wire: PolyAIWire(options: options, ids: IDSource(seed: 1)), ids: IDSource(seed: 2), now: t0, restoring: outbox,
            startedAt: t0)
        let effects = core.handle(.start, now: t0)
        let socket = try #require(effects.lazy.compactMap { effect -> SocketID? in
            if case .openSocket(let id, _) = effect { id } else { nil }
        }.first)
        _ = core.handle(.socketOpened(socket), now: t0)
        if answered { _ = core.handle(.socketFrame(socket, #"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#), now: t0) }
        return (core, socket)
    }

    func event(_ sequence: Int, _ type: String, _ payload: String, metadata: String? = nil) -> String {
        let meta = metadata.map { #","metadata":\#($0)"# } ?? ""
        return #"{"id":"evt-\#(sequence)","sequence":\#(sequence),"timestamp":"2027-01-15T08:00:00.000Z","type":"EVENT_TYPE_\#(type)","payload":\#(payload)\#(meta)}"#
    }

    func batch(_ events: [String]) -> String {
        #"{"id":"transient-1","sequence":null,"timestamp":"2027-01-15T08:00:00.000Z","type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":["#
            + events.joined(separator: ",") + "]}}"
    }

    func chunk(_ sequence: Int, _ index: Int, _ text: String, last: Bool = false, suggestions: [String] = []) -> String {
        let offered = suggestions.map { #"{"message_text":"\#($0)"}"# }.joined(separator: ",")
        return event(
            sequence, "POLY_AGENT_MESSAGE_CHUNK",
            #"{"message_id":"amsg-1","chunk_index":\#(index),"is_complete":\#(last),"text":"\#(text)","response_suggestions":[\#(offered)]}"#)
    }

    var sessionStart: String { event(1, "SESSION_START", #"{"capabilities":{"streaming":true}}"#) }

    @Test("a reply picked from before its late chunks came (settled by the next stream) still grows whole (sim seed 4075)")
    func answeredStreamStillGrows() throws {
        var (core, socket) = try connectedCore()
        _ = core.handle(.socketFrame(socket, batch([sessionStart])), now: t0)
        // Chunk 1; another stream starts, which settles this one (no gap so far); then the last chunk
        // with the suggestions, overtaking chunk 2.
        for frame in [
            chunk(2, 1, "You said: "),
            event(5, "POLY_AGENT_MESSAGE_CHUNK", #"{"message_id":"amsg-5","chunk_index":1,"is_complete":true,"text":"Other."}"#),
            chunk(4, 3, " is noted.", last: true, suggestions: ["Yes", "No thanks"]),
        ] {
            _ = core.handle(.socketFrame(socket, frame), now: t0)
        }
        #expect(core.openPicker?.id == "amsg-1")
        _ = core.handle(.command(.pick(index: 2)), now: t0)
        // The missing middle chunk arrives after the pick.
        _ = core.handle(.socketFrame(socket, chunk(3, 2, "m1 help. That")), now: t0)
        let item = try #require(core.transcript.items.first { $0.id == "amsg-1" })
        #expect(item.text == "You said: m1 help. That is noted.")
        #expect(item.answer == "No thanks")
        #expect(item.choices == ["Yes", "No thanks"])
        #expect(core.openPicker == nil)
    }

    @Test("an offer whose picked answer a restart left unsent stays answered when the replay brings it back (sim seed 12739)")
    func restoredAnswerKeepsTheOfferAnswered() throws {
        let answer = OutboxEntry(
            localId: "L1", clientToken: "T1", text: "No thanks", contentType: "text/plain", createdAt: t0,
            answers: OfferAnswer(offerId: "amsg-1", choice: "No thanks"))
        var (core, socket) = try connectedCore(restoring: [answer])
        _ = core.handle(.socketFrame(socket, batch([sessionStart, chunk(2, 1, "Well?", last: true, suggestions: ["Yes", "No thanks"])])), now: t0)
        let offer = try #require(core.transcript.items.first { $0.id == "amsg-1" })
        #expect(offer.answer == "No thanks")
        #expect(core.openPicker == nil, "the offer must not be offered again: picking it would send the choice twice")
        #expect(core.unsentMessages.map(\.text) == ["No thanks"])
    }

    @Test("the outbox entry of a pick names the offer it answers, and survives a save")
    func pickRecordsTheOffer() throws {
        var (core, socket) = try connectedCore()
        _ = core.handle(.socketFrame(socket, batch([sessionStart, chunk(2, 1, "Well?", last: true, suggestions: ["Yes", "No thanks"])])), now: t0)
        _ = core.handle(.command(.pick(index: 1)), now: t0)
        let entry = try #require(core.unsentMessages.first)
        #expect(entry.answers == OfferAnswer(offerId: "amsg-1", choice: "Yes"))
        let saved = try JSONDecoder().decode(OutboxEntry.self, from: JSONEncoder().encode(entry))
        #expect(saved == entry)
        let older = try JSONDecoder().decode(
            OutboxEntry.self, from: Data(#"{"localId":"L","clientToken":"T","text":"x","contentType":"text/plain","createdAt":0,"failed":false}"#.utf8))
        #expect(older.answers == nil, "an outbox saved before this field still loads")
    }
}
