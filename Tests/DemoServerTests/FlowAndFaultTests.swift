import Foundation
import Testing

@testable import DemoServer

@Suite struct FlowAndFaultTests {
    @Test func embeddedDefaultFlowLoads() throws {
        #expect(DemoContactCenter.flowNames() == ["default", "handoff", "idle", "silent"])
        for name in DemoContactCenter.flowNames() {
            #expect(throws: Never.self) { try FlowLoader.load(name: name, directory: nil) }
        }
        let flow = try FlowLoader.load(name: "default", directory: nil)
        #expect(flow.name == "default")
        #expect(flow.description?.hasPrefix("Helpline demo: a scripted bot") == true)
        #expect(flow.participants["bot"]?.role == .customBot)
        for keyword in ["help", "hours", "order", "markdown", "agent"] {
            #expect(flow.steps(for: "please \(keyword)!", in: "bot") != flow.states["bot"]?.fallback)
        }
        #expect(flow.steps(for: "zzz", in: "bot") == flow.states["bot"]?.fallback)
    }

    @Test("the flows compiled into the binary are the repository's JSON files (run `make flows` after editing one)")
    func embeddedFlowsAreTheRepositoryFiles() throws {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/DemoServer/Resources/flows")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted()
        #expect(names == EmbeddedFlows.files.keys.sorted())
        for name in names {
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("\(name).json")))
            let embedded = try JSONSerialization.jsonObject(with: Data(try #require(EmbeddedFlows.files[name]).utf8))
            #expect((file as? NSDictionary)?.isEqual(embedded) == true, "\(name).json differs from EmbeddedFlows.swift")
            #expect(try FlowLoader.load(name: name, directory: folder) == FlowLoader.load(name: name, directory: nil))
        }
    }

    @Test func documentedExampleIsAValidFlow() throws {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/flows.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "```json\n"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let flow = try FlowLoader.decode(Data(doc[start.upperBound..<end.lowerBound].utf8))
        #expect(flow.states["bot"]?.idle.count == 2)
    }

    @Test func customFlowDirectory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"""
            {"name":"echo","participants":{"bot":{"role":"CUSTOM_BOT","displayName":"Echo"}},
             "initialState":"main","onStart":[{"say":"ready","as":"bot","typing":false}],
             "states":{"main":{"responder":"bot","rules":[{"keywords":["stop"],"steps":[{"end":true}]}],
                               "fallback":[{"say":"you said {{message}}","as":"bot"}]}}}
            """#
        try Data(json.utf8).write(to: folder.appendingPathComponent("echo.json"))
        let config = DemoClient.serverConfig {
            $0.flowsDirectory = folder
            $0.flowName = "echo"
        }
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            #expect(await socket.inbox.first { TestSocket.chatItem($0)?["Content"] as? String == "ready" } != nil)
            _ = try await client.send(chat, "ping")
            #expect(await socket.inbox.first { TestSocket.chatItem($0)?["Content"] as? String == "you said ping" } != nil)
            _ = try await client.send(chat, "stop")
            #expect(await socket.inbox.waitClosed())
            #expect(await server.hasEnded(contactId: chat.contactId))
        }
        await #expect(throws: (any Error).self) {
            _ = try await DemoContactCenter.start(DemoClient.serverConfig {
                $0.flowsDirectory = folder
                $0.flowName = "missing"
            })
        }
    }

    @Test func silentFlowNeverSpeaks() async throws {
        try await withDemoServer(DemoClient.serverConfig { $0.flowName = "silent" }) { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "hello?")
            try await Task.sleep(for: .milliseconds(100))
            let record = await server.transcript(contactId: chat.contactId)
            #expect(record.map(\.participantRole) == ["CUSTOMER", "CUSTOMER"])
            #expect(record.last?.receipts.isEmpty == true)
            let id = try #require(await server.injectMessage(contactId: chat.contactId, text: "Ava here"))
            let item = await socket.inbox.first { TestSocket.chatItem($0)?["Id"] as? String == id }
            #expect(item.flatMap(TestSocket.chatItem)?["DisplayName"] as? String == "Ava")
            await socket.close()
        }
    }

    @Test func interactiveRepliesFallBackToPlainText() async throws {
        try await withDemoServer { server, client in
            let interactive = "application/vnd.amazonaws.connect.message.interactive"
            let rich = try await client.startChat(types: ["text/plain", interactive])
            _ = try await client.send(rich, "feedback")
            let plain = try await client.startChat(types: nil)
            _ = try await client.send(plain, "feedback")
            // Wait (bounded) until both surveys have been sent; the greetings come first.
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline {
                let richDone = await server.transcript(contactId: rich.contactId).contains { $0.contentType == interactive }
                let plainDone = await server.transcript(contactId: plain.contactId).contains {
                    $0.content?.hasPrefix("How was your experience") == true
                }
                if richDone && plainDone { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let richReply = await server.transcript(contactId: rich.contactId).last { $0.participantRole == "CUSTOM_BOT" }
            #expect(richReply?.contentType == interactive)
            #expect(richReply?.content?.contains(#""templateType":"QuickReply""#) == true)
            let plainReply = await server.transcript(contactId: plain.contactId).last { $0.participantRole == "CUSTOM_BOT" }
            #expect(plainReply?.contentType == "text/plain")
            #expect(plainReply?.content == "How was your experience with the Helpline demo? Reply Great, OK or Poor.")
        }
    }

    @Test func idleStagesFireAndAMessageResetsThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"""
            {"name":"quick-idle","participants":{"bot":{"role":"CUSTOM_BOT","displayName":"Bot"}},
             "initialState":"main","onStart":[{"join":"bot"}],
             "states":{"main":{"responder":"bot","fallback":[{"say":"ok","as":"bot","typing":false}],
               "idle":[{"after":4,"steps":[{"event":"participant.idle","as":"customer"}]},
                       {"after":40,"steps":[{"event":"participant.autodisconnection","as":"customer"},{"end":true}]}]}}}
            """#
        try Data(json.utf8).write(to: folder.appendingPathComponent("quick-idle.json"))
        // Idle timers wait on a stepped sleeper: each stage fires exactly when the test releases it.
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig {
            $0.flowsDirectory = folder
            $0.flowName = "quick-idle"
            $0.replyDelay = .milliseconds(50)
            $0.timerSleep = { try await sleeper.sleep($0) }
        }
        let idleType = EventType.prefix + "participant.idle"
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            #expect(await sleeper.waitForSleeper(.seconds(2)), "both idle stages are armed")
            #expect(await socket.inbox.first(timeout: .milliseconds(300)) { TestSocket.chatItem($0)?["ContentType"] as? String == idleType } == nil,
                    "nothing fires before the clock moves")
            #expect(await sleeper.release(.milliseconds(200)))
            let idle = await socket.inbox.first { TestSocket.chatItem($0)?["ContentType"] as? String == idleType }
            let idleItem = try #require(idle.flatMap(TestSocket.chatItem))
            #expect(idleItem["ParticipantRole"] as? String == "CUSTOMER")
            #expect(idleItem["ParticipantId"] as? String == chat.participantId)
            _ = try await client.send(chat, "I'm back")
            #expect(await socket.inbox.first { TestSocket.chatItem($0)?["ContentType"] as? String == EventType.prefix + "participant.returned" } != nil)
            // The message re-armed both stages; step through them.
            #expect(await sleeper.release(.milliseconds(200)), "idle again after the reset")
            #expect(await sleeper.release(.seconds(2)), "the auto-disconnect stage")
            #expect(await socket.inbox.waitClosed(timeout: .seconds(30)))
            let types = await server.transcript(contactId: chat.contactId).map(\.contentType)
            let tail = Array(types.suffix(4))
            #expect(tail.contains(EventType.prefix + "participant.autodisconnection"))
            #expect(tail.last == EventType.chatEnded)
            #expect(types.filter { $0 == idleType }.count == 2, "idle once per silence")
        }
    }

    @Test func invalidFlowsAreRejected() {
        let badPersona = #"""
            {"name":"x","participants":{},"initialState":"a","states":{"a":{"responder":"bot"}}}
            """#
        #expect(throws: FlowError.self) { try FlowLoader.decode(Data(badPersona.utf8)) }
        let badStep = #"""
            {"name":"x","participants":{"bot":{"role":"AGENT","displayName":"B"}},"initialState":"a",
             "states":{"a":{"responder":"bot","fallback":[{"dance":true}]}}}
            """#
        #expect(throws: FlowError.self) { try FlowLoader.decode(Data(badStep.utf8)) }
    }

    @Test func agentHandoffStub() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat(name: "Maria")
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "I want an agent")
            let ava = await socket.inbox.first { frame in
                let item = TestSocket.chatItem(frame)
                return item?["DisplayName"] as? String == "Ava" && item?["Type"] as? String == "MESSAGE"
            }
            #expect(ava.flatMap(TestSocket.chatItem)?["ParticipantRole"] as? String == "AGENT")
            let record = await server.transcript(contactId: chat.contactId)
            #expect(record.contains { $0.participantRole == "SYSTEM" && $0.content?.contains("live agent") == true })
            #expect(record.contains { $0.contentType == EventType.participantJoined && $0.displayName == "Ava" })
            await socket.close()
        }
    }

    @Test func faultSpecParsing() throws {
        let faults = try DemoFaults.parse("drop-every=20s, rest-fail=0.05,half-open-after=1m,seed=7,ping-fail")
        #expect(faults.dropEvery == .seconds(20))
        #expect(faults.restFailureRate == 0.05)
        #expect(faults.halfOpenAfter == .seconds(60))
        #expect(faults.seed == 7)
        #expect(faults.pingFailure)
        #expect(try DemoFaults.parse("").isEmpty)
        #expect(try DemoFaults.parse("expire-tokens-every=250ms").expireTokensEvery == .milliseconds(250))
        let more = try DemoFaults.parse("reorder=200ms,reject-attachments,receipt-conflict=false,refuse-upgrades=on")
        #expect(more.reorderWindow == .milliseconds(200))
        #expect(more.rejectAttachments && !more.receiptConflict && more.refuseUpgrades)
        #expect(try DemoFaults.parse("drop-every=5s,drop-abrupt").dropAbruptly)
        #expect(throws: DemoFaults.ParseError.self) { try DemoFaults.parse("ping-fail=maybe") }
        #expect(throws: DemoFaults.ParseError.self) { try DemoFaults.parse("rest-fail=2") }
        #expect(throws: DemoFaults.ParseError.self) { try DemoFaults.parse("drop-every=soon") }
        #expect(throws: DemoFaults.ParseError.self) { try DemoFaults.parse("explode") }
        #expect(try DemoFaults.parse("drop-every=5s,polyai-close=4003").polyAICloseCode == 4003)
        for bad in ["polyai-close", "polyai-close=1006", "polyai-close=999", "polyai-close=5000", "polyai-close=x"] {
            #expect(throws: DemoFaults.ParseError.self, "\(bad)") { try DemoFaults.parse(bad) }
        }
    }

    @Test func timedFaultsFromConfiguration() async throws {
        let config = DemoClient.serverConfig { $0.faults = DemoFaults(dropEvery: .milliseconds(150)) }
        try await withDemoServer(config) { _, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            #expect(await socket.inbox.waitClosed(timeout: .seconds(30)))
        }
    }

    @Test func timedHalfOpenWindowAndTokenExpiry() async throws {
        // The schedule's waits are stepped by hand: no wall-clock assumptions.
        let sleeper = SteppedSleeper()
        let faults = try DemoFaults.parse("half-open-after=20ms,half-open-for=3s,expire-tokens-every=250ms")
        let config = DemoClient.serverConfig {
            $0.faults = faults
            $0.faultSleep = { try await sleeper.sleep($0) }
        }
        try await withDemoServer(config) { _, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.send(#"{"topic":"aws/heartbeat"}"#)
            #expect(await socket.inbox.first(timeout: .seconds(30)) { $0.contains("aws/heartbeat") } != nil, "answers before")
            await socket.inbox.clear()

            #expect(await sleeper.release(.milliseconds(20)), "the half-open delay was waited for")
            #expect(await sleeper.waitForSleeper(.seconds(3)), "the half-open window started")
            try await socket.send(#"{"topic":"aws/heartbeat"}"#)
            #expect(await socket.inbox.first(timeout: .milliseconds(300)) { $0.contains("aws/heartbeat") } == nil, "silent while half-open")

            #expect(await sleeper.release(.seconds(3)), "the half-open window was waited for")
            var answered = false
            for _ in 0..<50 where !answered {
                try await socket.send(#"{"topic":"aws/heartbeat"}"#)
                answered = await socket.inbox.first(timeout: .milliseconds(100)) { $0.contains("aws/heartbeat") } != nil
            }
            #expect(answered, "answers again after the window")

            #expect(try await client.send(chat, "before expiry").status == 200)
            #expect(await sleeper.release(.milliseconds(250)), "the expiry interval was waited for")
            var refused = false
            for _ in 0..<50 where !refused {
                refused = try await client.send(chat, "late").status == 403
                if !refused { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(refused, "the token expired on schedule")
            await socket.close()
        }
    }

    @Test func firstJSONValueIgnoresTrailingBytes() {
        let data = FirstJSONValue.extract(from: #"{"topic":"a}\"b","content":{"x":[1]}})"#)
        #expect(data.map { String(decoding: $0, as: UTF8.self) } == #"{"topic":"a}\"b","content":{"x":[1]}}"#)
        #expect(FirstJSONValue.extract(from: "{unterminated") == nil)
    }

    @Test func outOfOrderDeliveryStillDeliversEverything() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            await server.setOutOfOrderDelivery(window: .milliseconds(30))
            var ids: [String] = []
            for index in 0..<10 {
                if let id = await server.injectMessage(contactId: chat.contactId, text: "n\(index)") { ids.append(id) }
            }
            for id in ids {
                #expect(await socket.inbox.first { TestSocket.chatItem($0)?["Id"] as? String == id } != nil)
            }
            await socket.close()
        }
    }

    @Test func supervisorMakesReceiptsConflict() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let id = try #require(await server.injectMessage(contactId: chat.contactId, text: "hi"))
            _ = await server.injectMessage(contactId: chat.contactId, text: "listening in", role: .supervisor)
            let read = try await client.post(
                "/participant/event",
                ["ContentType": EventType.read, "Content": #"{"messageId":"\#(id)"}"#], bearer: chat.connectionToken)
            #expect(read.status == 409)
            #expect(read.header("x-amzn-ErrorType") == "ConflictException")
            #expect(read.text == #"{"message":"Operation can not be performed due to the state of the contact."}"#)
        }
    }

    @Test func stopIsPromptWithOpenSockets() async throws {
        let server = try await DemoContactCenter.start(DemoClient.serverConfig())
        let chat = try await DemoClient(server: server).startChat()
        let socket = try await TestSocket.open(chat.socketURL)
        try await socket.subscribe()
        // Stop returns with a socket still open (the test's time limit bounds it) and closes the socket.
        await server.stop()
        #expect(await socket.inbox.waitClosed())
        await server.stop()
        let refused = try? await DemoClient(server: server).request("/Prod", body: "{}")
        #expect(refused == nil, "nothing listens after stop")
    }
}
