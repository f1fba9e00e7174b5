import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

@testable import HelplineScript

/// A chat recorded as it happens (through the session's observers), then replayed by the script runner
/// against the same demo flow: every kind of step the recorder writes.
@Suite("Recording a demo chat and replaying it", .timeLimit(.minutes(3)))
struct RecordingDemoTests {
    /// A fresh folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Drives a chat with the session's own commands, waiting for each reply before the next step.
    struct Driver {
        let session: ChatSession
        let events: EventRecorder

        /// Waits until `count` replies containing `text` have arrived.
        func reply(_ text: String, count: Int = 1) async -> Bool {
            await events.wait(timeout: .seconds(60)) { recorder in
                await recorder.allItemEvents.filter { !$0.isOwn && !$0.isStreaming && $0.displayText.contains(text) }
                    .reduce(into: Set<String>()) { $0.insert($1.id) }.count >= count
            }
        }

        /// Waits until the newest form has loaded.
        func formLoaded() async -> Bool {
            await events.wait(timeout: .seconds(60)) { recorder in
                await recorder.currentItems.last(where: \.isOpenForm)?.form?.isLoaded == true
            }
        }
    }

    @Test("sends, a form (set + pick), list paging, a time picker, a carousel, a streamed reply and the bot's end replay")
    func everyKindOfStep() async throws {
        let harness = try await DemoHarness.start()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptPath = folder.appendingPathComponent("flow.hls").path
        let goldenPath = folder.appendingPathComponent("flow.golden").path
        let scriptRecorder = ScriptRecorder(path: scriptPath, goldenPath: goldenPath)
        let goldenRecorder = GoldenRecorder(path: goldenPath)
        // Recorded as Maria; the replay's customer is Tess (DemoHarness): the greeting's name must not matter.
        let session = DemoChat.session(harness.server, name: "Maria") { $0.observers = [goldenRecorder, scriptRecorder] }
        let chat = Driver(session: session, events: EventRecorder(session.events))
        await session.start()
        #expect(await chat.reply("Welcome"))
        await session.perform(.send("address"))
        #expect(await chat.formLoaded())
        await session.perform(.setField(name: "Street", value: "12 Pine St"))
        await session.perform(.pick(index: 1))
        #expect(await chat.reply("address updated"))
        await session.perform(.send("departments"))
        #expect(await chat.reply("Which department"))
        await session.perform(.pick(index: 4))
        #expect(await chat.reply("Which department", count: 2))
        await session.perform(.pick(index: 2))
        #expect(await chat.reply("Savings it is"))
        await session.perform(.send("callback"))
        #expect(await chat.reply("Schedule a call back"))
        await session.perform(.pick(index: 2))
        #expect(await chat.reply("Booked"))
        await session.perform(.send("trips"))
        #expect(await chat.reply("Popular destinations"))
        await session.perform(.pick(index: 3))
        #expect(await chat.reply("good choice"))
        await session.perform(.send("stream"))
        #expect(await chat.reply("A good client shows one message growing"))
        await session.perform(.send("bye"))
        await session.waitUntilFinished()
        await session.shutdown()

        #expect(scriptRecorder.problem == nil && goldenRecorder.problem == nil)
        let text = try String(contentsOfFile: scriptPath, encoding: .utf8)
        let steps = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(steps.filter { $0.hasPrefix("send ") } == ["send address", "send departments", "send callback", "send trips", "send stream", "send bye"])
        #expect(steps.filter { $0.hasPrefix("pick ") || $0.hasPrefix("set ") }
            == ["set Street 12 Pine St", "pick 1", "pick 4", "pick 2", "pick 2", "pick 3"])
        #expect(steps.suffix(2) == ["expect-event ended", "expect-transcript flow.golden"], "\(text)")
        #expect(text.contains("# Helpline Bot: Hi Maria! Welcome to the Helpline demo."), "the original text is above its expect")
        #expect(text.contains(#"expect Booked: we will call you at \d+-\d+-\d+T\d+:\d+\+\d+:\d+\."#), "\(text)")
        for path in [scriptPath, goldenPath] {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        }

        let result = await harness.runner.run(try ScriptParser.parse(fileAt: scriptPath))
        await harness.server.stop()
        #expect(result.passed, "\(result.steps.map { StepLog.line($0) }.joined(separator: "\n"))\n\(text)")
        #expect(result.steps.count == steps.count)
    }
}
