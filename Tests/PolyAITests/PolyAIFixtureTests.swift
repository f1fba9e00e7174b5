import ChatModel
import SessionCore
import Foundation
import Testing

@testable import PolyAI

@Suite("PolyAI fixtures")
struct PolyAIFixtureTests {
    @Test("every fixture is valid JSON and there are 47 of them")
    func everyFixtureParses() throws {
        let names = try PolyAIFixtures.names()
        #expect(names.count >= 40)
        for name in names {
            let data = Data(try PolyAIFixtures.text(name).utf8)
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(name)")
        }
    }

    @Test("every in_* fixture decodes to at least one known event")
    func everyInboundFixtureDecodes() throws {
        for name in try PolyAIFixtures.names() where name.hasPrefix("in_") {
            let envelopes = PolyAIFrameDecoder.decode(try PolyAIFixtures.text(name))
            #expect(!envelopes.isEmpty, "\(name) decoded to nothing")
            for envelope in envelopes {
                #expect(PolyAIEventType.known.contains(envelope.type), "\(name): \(envelope.type)")
            }
        }
    }

    @Test("out_* fixtures equal the frames the client writes")
    func outboundFramesMatch() throws {
        let pairs: [(String, String)] = [
            ("out_heartbeat", PolyAIOutgoing.heartbeat),
            ("out_request_poly_agent_join", PolyAIOutgoing.join),
            ("out_user_end_session", PolyAIOutgoing.endSession),
            ("out_user_typing_started", PolyAIOutgoing.typingStarted),
            ("out_user_typing_stopped", PolyAIOutgoing.typingStopped),
            ("out_user_message", PolyAIOutgoing.userMessage(
                text: "Can I move my booking to Friday at 7pm?", localId: "C3A1F7E2-4B6D-4E19-8F0A-9D2B5C7E1A34")),
        ]
        for (name, frame) in pairs {
            let expected = PolyAIFixtures.object(try PolyAIFixtures.text(name))
            #expect(expected != nil)
            #expect(PolyAIFixtures.object(frame) == expected, "\(name)")
        }
    }

    @Test("rest fixtures: the token is a usable JWT and the session id is read")
    func restFixtures() throws {
        let token = PolyAIFixtures.object(try PolyAIFixtures.text("rest_access_token_response"))?["access_token"] as? String
        #expect(token.map { PolyAIJWT.isUsable($0, now: Date()) } == true)
        #expect(PolyAIJWT.isUsable("a.b", now: Date()) == false)
        let session = PolyAIFixtures.object(try PolyAIFixtures.text("rest_session_create_response"))
        #expect(session?["session_id"] as? String == "5b0f6c2e-8a31-4d7e-9c44-71e2a9d3f0b8")
    }

    @Test("the replay batch is sorted by sequence and the oneof variant keeps its payload")
    func batches() throws {
        let replay = PolyAIFrameDecoder.decode(try PolyAIFixtures.text("in_event_batch_replay"))
        #expect(replay.map(\.sequence) == [4, 5, 6])
        let oneof = PolyAIFrameDecoder.decode(try PolyAIFixtures.text("in_event_batch_oneof_variant"))
        #expect(oneof.last?.payload.text == "Hi, I'm Ada. How can I help?")
        let broken = #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[{"id":"a","sequence":1,"timestamp":"2026-05-07T12:00:00Z","type":"EVENT_TYPE_HEARTBEAT","payload":{}},7]}}"#
        #expect(PolyAIFrameDecoder.decode(broken).isEmpty)
    }

    @Test("the agent message keeps text, cards and suggestions apart, and shows them as readable blocks")
    func richMessage() throws {
        var conversation = PolyAIConversation(showsStreaming: true)
        let events = conversation.handle(frame: try PolyAIFixtures.text("in_poly_agent_message"), now: Date())
        let item = try #require(events.compactMap { event -> ChatItem? in
            if case .item(let item) = event { return item } else { return nil }
        }.first)
        #expect(item.id == "msg_01HX9W3K2QF7")
        #expect(item.sender.role == .bot)
        #expect(item.text.hasPrefix("Hi, I'm Ada from Bella Cucina. 👋\n\nHow can I help"))
        #expect(!item.text.contains("Change my booking") && !item.text.contains("https://"), "the text is the text alone")
        #expect(item.choices?.prefix(2) == ["Change my booking", "Opening hours"], "suggestions are pickable")
        #expect(item.cards?.map(\.kind) == [.image, .link, .call])
        let shown = item.displayText
        #expect(shown.contains("Image: Our dining room <https://cdn.example.com/img/dining-room.jpg>"))
        #expect(shown.contains("Link: See the menu (Open menu) <https://www.example.com/menu>"))
        #expect(shown.contains("Call: Call the restaurant +442071234567"))
        #expect(shown.contains("1. Change my booking\n2. Opening hours"))
    }

    @Test("chunks grow one item and settle into the final message; without streaming only the final shows")
    func chunks() throws {
        for streaming in [true, false] {
            var conversation = PolyAIConversation(showsStreaming: streaming)
            var items: [ChatItem] = []
            for name in ["first", "middle", "final"] {
                let frame = try PolyAIFixtures.text("in_poly_agent_message_chunk_\(name)")
                for case .item(let item) in conversation.handle(frame: frame, now: Date()) { items.append(item) }
            }
            #expect(items.count == (streaming ? 3 : 1))
            #expect(Set(items.map(\.id)) == ["msg_01HX9W4C1R8T"])
            #expect(items.dropLast().allSatisfy { $0.isStreaming })
            let last = try #require(items.last)
            #expect(!last.isStreaming)
            #expect(last.text == "Sure, I can move that to Friday 19:00 for 2 guests.", "the whole text, nothing else")
            #expect(last.choices?.first == "Yes, confirm")
            #expect(last.displayText.contains("1. Yes, confirm"))
        }
    }

    @Test("echo carries the local id; a repeated event id is dropped; the cursor waits for gaps to fill")
    func echoAndDedup() throws {
        var conversation = PolyAIConversation(showsStreaming: true)
        let echo = try PolyAIFixtures.text("in_user_message_echo")
        let first = conversation.handle(frame: echo, now: Date())
        guard case .item(let item) = first.first else { Issue.record("no item"); return }
        #expect(item.localId == "C3A1F7E2-4B6D-4E19-8F0A-9D2B5C7E1A34")
        #expect(item.id == "umsg_01HX9W4B7D2M")
        #expect(conversation.handle(frame: echo, now: Date()).isEmpty)
        _ = conversation.handle(frame: try PolyAIFixtures.text("in_event_batch_initial"), now: Date())
        _ = conversation.handle(frame: try PolyAIFixtures.text("in_event_batch_replay"), now: Date())
        #expect(conversation.lastSequence == 1, "sequences 2 and 3 have not been seen: a reconnect replays from 1")
    }

    @Test("handoff ladder and system messages map to protocol-neutral events")
    func handoffLadder() throws {
        var conversation = PolyAIConversation(showsStreaming: true)
        func kinds(_ name: String) throws -> [String] {
            conversation.handle(frame: try PolyAIFixtures.text(name), now: Date()).map { event in
                switch event {
                case .item(let item):
                    if case .event(let kind) = item.kind { return kind.rawValue }
                    return "message"
                case .queuePosition(let position): return "queue:\(position.map(String.init) ?? "nil")"
                case .typing: return "typing"
                case .typingStopped: return "typingStopped"
                case .serverError: return "error"
                default: return "other"
                }
            }
        }
        #expect(try kinds("in_poly_agent_thinking") == ["typing"])
        #expect(try kinds("in_poly_agent_triggered_handoff") == ["typingStopped", "handoff"])
        #expect(try kinds("in_client_handoff_required") == ["handoff"])
        #expect(try kinds("in_handoff_accepted") == ["queued"])
        #expect(try kinds("in_handoff_queue_status") == ["queue:2"])
        #expect(try kinds("in_live_agent_joined") == ["queue:nil", "joined"])
        #expect(try kinds("in_live_agent_typing_started") == ["typing"])
        #expect(try kinds("in_live_agent_typing_stopped") == ["typingStopped"])
        #expect(try kinds("in_live_agent_message") == ["typingStopped", "message"])
        #expect(try kinds("in_live_agent_left") == ["typingStopped", "left"])
        #expect(try kinds("in_handoff_failed") == ["queue:nil", "transferFailed"])
        #expect(try kinds("in_system_message_info") == ["other"])
        #expect(try kinds("in_system_message_error") == ["error"])
        #expect(try kinds("in_session_idle_warning") == ["idle"])
        #expect(try kinds("in_poly_agent_message_end_conversation") == ["typingStopped", "message", "chatEnded"])
        #expect(try kinds("in_session_end") == ["typingStopped", "chatEnded"])
    }
}
