import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Every interactive template answered with a pick sends what the official clients send, as the demo
/// server records it (spec §3.6 "How the customer answers").
@Suite struct TemplatePickEndToEndTests {
    static let responseType = "application/vnd.amazonaws.connect.message.interactive.response"

    /// Waits for a new open picker whose text contains `marker`, then returns it.
    static func picker(_ recorder: EventRecorder, containing marker: String) async throws -> ChatItem {
        let shown = await recorder.wait {
            await $0.currentItems.contains { $0.isOpenForPicking && $0.displayText.contains(marker) }
        }
        let texts = await recorder.currentItems.map(\.text)
        #expect(shown, "a picker with \(marker): \(texts)")
        return try #require(await recorder.currentItems.last { $0.isOpenForPicking && $0.displayText.contains(marker) })
    }

    /// The customer's messages after the first `skip`, as (content type, content) from the server's record.
    static func sent(_ server: DemoContactCenter, _ contactId: String) async -> [String] {
        await server.transcript(contactId: contactId).filter { $0.participantRole == "CUSTOMER" && $0.type == "MESSAGE" }
            .map { "\($0.contentType) \($0.content ?? "")" }
    }

    @Test func listPickerTitlesAndPagingSendTheirPayloads() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        await session.send("departments")
        let first = try await Self.picker(recorder, containing: "Loans")
        #expect(first.choices == ["Billing", "Cards", "Loans", "More departments"])
        await session.perform(.pick(index: 4))
        let second = try await Self.picker(recorder, containing: "Insurance")
        #expect(second.choices == ["Insurance", "Savings", "Complaints", "Previous departments"])
        await session.perform(.pick(index: 4))
        let third = try await Self.picker(recorder, containing: "Loans")
        #expect(third.id != first.id, "the first page again, as a new message")
        await session.perform(.pick(index: 1))
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.hasPrefix("Billing it is.") } })
        let paging = { (action: String, next: Int) in
            #"{"version":"1.0","data":{"actionName":""# + action + #"","preIndex":0,"nextIndex":"# + String(next)
                + #","listId":"departments","templateType":"ListPicker","referenceId":"departments-ref"},"action":""#
                + action + #""}"#
        }
        #expect(await Self.sent(server, contactId) == [
            "text/plain departments",
            "\(Self.responseType) \(paging("SHOW_MORE", 3))",
            "\(Self.responseType) \(paging("PREVIOUS_OPTIONS", 6))",
            "text/plain Billing",
        ])
        let own = await recorder.currentItems.filter(\.isOwn).map(\.text)
        #expect(own == ["departments", "Show more options", "Previous options", "Billing"], "\(own)")
        await session.shutdown()
    }

    @Test func timePickerSendsTheSlotAndCarouselItsJSONSelection() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        await session.send("callback")
        let slots = try await Self.picker(recorder, containing: "Seattle branch")
        let first = try #require(slots.choices?.first)
        #expect(first.contains("13") && !first.contains("2025-06-13T") && first.hasSuffix("(30 min)"), "shown as people read it: \(first)")
        await session.perform(.pick(index: 2))
        #expect(await recorder.wait {
            await $0.currentItems.contains { $0.text == "Booked: we will call you at 2025-06-13T17:30+00:00." }
        })
        // The slot went out as its date, and the server's copy reads so: the reply still shows as
        // picked, and is not taken for one the contact center redacted.
        let picked = try #require(slots.choices?.dropFirst().first)
        let slotReply = await recorder.currentItems.last { $0.isOwn }
        #expect(slotReply?.text == picked && slotReply?.isRedacted == false && slotReply?.delivery != .pending,
                "\(String(describing: slotReply))")

        await session.send("trips")
        let carousel = try await Self.picker(recorder, containing: "Kyoto")
        #expect(carousel.choices == ["Lisbon: Book flights", "Lisbon: Book hotels", "Kyoto: Book flights", "Kyoto: Book hotels"])
        await session.perform(.pick(index: 4))
        #expect(await recorder.wait {
            await $0.currentItems.contains { $0.text.hasPrefix("Kyoto: Book hotels: good choice!") }
        })
        #expect(await Self.sent(server, contactId) == [
            "text/plain callback", "text/plain 2025-06-13T17:30+00:00", "text/plain trips",
            #"text/plain {"templateIdentifier":"kyoto","listTitle":"Kyoto","selectionText":"Book hotels"}"#,
        ])
        let own = await recorder.currentItems.filter(\.isOwn).map(\.text)
        #expect(own.last == "Kyoto: Book hotels", "the selection reads as chosen: \(own)")
        await session.shutdown()
    }

    @Test func panelAndQuickReplyFixturesSendTheElementTitle() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        for (fixture, pick, title) in [("panel", 2, "Report lost card"), ("quickreply", 3, "Poor")] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/specs/fixtures/connect/message-interactive-\(fixture).json")
            let frame = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            let item = try JSONSerialization.jsonObject(with: Data(((frame?["content"] as? String) ?? "").utf8)) as? [String: Any]
            let content = try #require(item?["Content"] as? String)
            _ = try #require(await server.injectMessage(
                contactId: contactId, text: content, role: .customBot,
                contentType: "application/vnd.amazonaws.connect.message.interactive"))
            _ = try await Self.picker(recorder, containing: title)
            await session.perform(.pick(index: pick))
            #expect(await recorder.wait { _ in await Self.sent(server, contactId).last == "text/plain \(title)" }, "\(fixture)")
        }
        await session.shutdown()
    }
}
