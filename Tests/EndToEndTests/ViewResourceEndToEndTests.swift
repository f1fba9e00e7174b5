import ChatEngine
import ChatModel
import DemoServer
import Foundation
import Synchronization
import HelplineTestSupport
import SessionCore
import Testing

/// Connect views (ViewResource) answered with their actions, over loopback against the demo, whose
/// flow checks the exact `interactive.response` and reacts to it.
@Suite struct ViewResourceEndToEndTests {
    static let responseType = "application/vnd.amazonaws.connect.message.interactive.response"

    /// Starts a chat, asks the demo for its address form and waits until the form has loaded.
    static func openForm() async throws -> (DemoContactCenter, ChatSession, EventRecorder, String, ChatItem) {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        await session.send("address")
        let loaded = await recorder.wait { await $0.currentItems.contains { $0.form?.isLoaded == true } }
        let texts = await recorder.currentItems.map(\.text)
        #expect(loaded, "the form loads: \(texts)")
        let form = try #require(await recorder.currentItems.first { $0.form?.isLoaded == true })
        return (server, session, recorder, contactId, form)
    }

    /// What the customer sent with the interactive response content type, as the server recorded it.
    static func responses(_ server: DemoContactCenter, _ contactId: String) async -> [String] {
        await server.transcript(contactId: contactId).filter { $0.contentType == responseType }.compactMap(\.content)
    }

    @Test func submitWithAFilledFieldSendsTheExactAnswerAndTheFlowReacts() async throws {
        let (server, session, recorder, contactId, form) = try await Self.openForm()
        defer { Task { await server.stop() } }
        #expect(form.choices == ["Submit", "Cancel"] && form.isOpenForPicking)
        #expect(form.form?.fields.map(\.name) == ["Street"], "Heading is a text, Street the field")
        #expect(form.text.contains("- Street: —") && form.displayText.contains("1. Submit") && form.displayText.contains("2. Cancel"))

        await session.perform(.setField(name: "Town", value: "x"))
        #expect(await recorder.wait { await $0.events.contains(.notice("The form has no field Town; its fields are Street.")) })
        await session.perform(.setField(name: "street", value: "12 Pine St"))
        let filled = await recorder.wait {
            await $0.currentItems.contains { $0.id == form.id && $0.text.contains("- Street: 12 Pine St") }
        }
        #expect(filled, "the form shows the value filled in")

        await session.perform(.pick(index: 1))
        let reply = await recorder.wait { await $0.currentItems.contains { $0.text == "Thanks, address updated to 12 Pine St." } }
        let texts = await recorder.currentItems.map(\.text)
        #expect(reply, "the flow answers the submitted address: \(texts)")
        #expect(await Self.responses(server, contactId)
            == [#"{"action":"Submit","data":{"Street":"12 Pine St"},"templateType":"ViewResource","version":"1.0"}"#])
        let answered = try #require(await recorder.currentItems.first { $0.id == form.id })
        #expect(!answered.isOpenForPicking && !answered.isOpenForm && answered.displayText.contains("You picked: Submit"))
        let own = await recorder.currentItems.filter { $0.isOwn }.map(\.text)
        #expect(own.last == "Submit — Street: 12 Pine St", "the answer reads as what was chosen: \(own)")
        #expect(own.filter { $0.contains("Submit") }.count == 1, "shown once, echo matched: \(own)")

        await session.perform(.setField(name: "Street", value: "again"))
        #expect(await recorder.wait { await $0.events.contains(.notice("There is no open form to fill in.")) })
        await session.perform(.pick(index: 2))
        #expect(await recorder.wait { await $0.events.contains(.notice("There is nothing to pick from.")) })
        #expect(await Self.responses(server, contactId).count == 1, "an answered form cannot be answered again")
        await session.shutdown()
    }

    @Test func cancelSendsTheActionWithNoDataAndTheFlowSaysSo() async throws {
        let (server, session, recorder, contactId, _) = try await Self.openForm()
        defer { Task { await server.stop() } }
        await session.perform(.pick(index: 2))
        let reply = await recorder.wait { await $0.currentItems.contains { $0.text.contains("your address stays as it was") } }
        #expect(reply)
        #expect(await Self.responses(server, contactId)
            == [#"{"action":"Cancel","data":{},"templateType":"ViewResource","version":"1.0"}"#])
        await session.shutdown()
    }

    @Test("text typed as a form's answer is saved as that form's answer, so a restart before it is sent does not offer the form again")
    func typedAnswerIsSavedWithItsForm() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let saved = Mutex<[SessionSnapshot]>([])
        let session = DemoChat.session(server, name: "Pat") { configuration in
            configuration.onPersist = { snapshot in saved.withLock { $0.append(snapshot) } }
        }
        let recorder = EventRecorder(session.events)
        await session.start()
        await session.send("address")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.form?.isLoaded == true } })
        let form = try #require(await recorder.currentItems.first { $0.form?.isLoaded == true })
        await session.send("7 Oak Lane")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("I noted") } })
        let answers = saved.withLock { $0.flatMap(\.outbox).compactMap(\.answers) }
        #expect(answers.contains(OfferAnswer(offerId: form.id, choice: "7 Oak Lane")), "\(answers)")
        await session.shutdown()
    }

    @Test func textTypedWhileTheFormWaitsIsWrappedAsItsAnswer() async throws {
        let (server, session, recorder, contactId, form) = try await Self.openForm()
        defer { Task { await server.stop() } }
        await session.send("5 \"Elm\" Road")
        let reply = await recorder.wait { await $0.currentItems.contains { $0.text.contains(#"I noted "5 "Elm" Road""#) } }
        let texts = await recorder.currentItems.map(\.text)
        #expect(reply, "\(texts)")
        #expect(await Self.responses(server, contactId)
            == [#"{"action":" ","data":{"content":"5 \"Elm\" Road"},"templateType":"ViewResource","version":"1.0"}"#])
        let answered = try #require(await recorder.currentItems.first { $0.id == form.id })
        #expect(!answered.isOpenForPicking, "typing answered the form")
        #expect(await recorder.currentItems.filter(\.isOwn).last?.text == "5 \"Elm\" Road", "shown as typed")

        // The next message is an ordinary one again.
        await session.send("hours")
        let plain = await recorder.wait { _ in
            await server.transcript(contactId: contactId).contains { $0.content == "hours" && $0.contentType == "text/plain" }
        }
        #expect(plain)
        #expect(await Self.responses(server, contactId).count == 1)
        await session.shutdown()
    }
}
