import ChatEngine
import ChatModel
import DemoServer
import Foundation
import Testing

/// A quick reply from the demo bot is shown as numbered options and answered with /pick.
@Suite struct PickTests {
    @Test func pickingAQuickReplySendsTheTitleAndClosesThePicker() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        await session.send("feedback")
        let offered = await recorder.wait { await $0.currentItems.contains { $0.isOpenForPicking } }
        #expect(offered, "the survey offers choices")
        let picker = try #require(await recorder.currentItems.first { $0.isOpenForPicking })
        #expect(picker.choices == ["Great", "OK", "Poor"])
        #expect(picker.displayText.contains("1. Great") && !picker.text.contains("templateType"), "shown as a readable block")

        await session.perform(.pick(index: 5))
        #expect(await recorder.wait { await $0.events.contains { $0 == .notice("Pick a number from 1 to 3.") } })

        await session.perform(.pick(index: 1))
        let answered = await recorder.wait { recorder in
            await recorder.currentItems.contains { $0.id == picker.id && $0.answer == "Great" && !$0.isOpenForPicking }
        }
        #expect(answered, "the picker shows its answer and is closed")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Thanks for your feedback") } })
        let sent = await server.transcript(contactId: contactId).filter { $0.content == "Great" }
        #expect(sent.count == 1 && sent.first?.contentType == "text/plain", "the element title, as plain text")

        await session.perform(.pick(index: 1))
        #expect(await recorder.wait { await $0.events.contains { $0 == .notice("There is nothing to pick from.") } })
        #expect(await server.transcript(contactId: contactId).filter { $0.content == "Great" }.count == 1)
        await session.shutdown()
    }

    @Test func answeredPickersAndFormsStayAnsweredWhenTheTranscriptIsReloaded() async throws {
        let (server, session, recorder, _) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        await session.send("feedback")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.isOpenForPicking } })
        await session.perform(.pick(index: 1))
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Thanks for your feedback") } })
        await session.send("address")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.form?.isLoaded == true && $0.answer == nil } })
        await session.perform(.pick(index: 2))
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("your address stays") } })

        await session.perform(.reset)
        #expect(await recorder.wait { await ResetEndToEndTests.resetItems($0) != nil })
        let reloaded = try #require(await ResetEndToEndTests.resetItems(recorder))
        let survey = try #require(reloaded.first { $0.choices == ["Great", "OK", "Poor"] })
        #expect(survey.answer == "Great" && !survey.isOpenForPicking && survey.displayText.contains("You picked: Great"))
        let form = try #require(reloaded.first { $0.form != nil })
        #expect(form.answer == "Cancel" && !form.isOpenForPicking, "\(form.text)")
        let loaded = await recorder.wait { recorder in
            await recorder.currentItems.contains { $0.id == form.id && $0.displayText.contains("1. Submit") && $0.displayText.contains("You picked: Cancel") }
        }
        #expect(loaded, "the view loads again, still answered")
        await session.perform(.pick(index: 1))
        #expect(await recorder.wait { await $0.events.contains { $0 == .notice("There is nothing to pick from.") } })
        await session.shutdown()
    }
}
