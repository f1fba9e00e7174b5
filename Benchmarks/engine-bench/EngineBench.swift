import AmazonConnect
import ChatEngine
import SessionCore
import ChatModel
import DemoServer
import Foundation
import Transport

/// Engine benchmarks: ingest rate, Enter → sent over slow links, reconnect time, half-open detection, idle CPU and one long streamed reply.
@main
struct EngineBench {
    static func main() async throws {
        let arguments = Set(CommandLine.arguments.dropFirst())
        let quick = arguments.contains("--quick")
        print("Helpline engine benchmarks (\(quick ? "quick" : "full") run), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        if arguments.contains("--stream-only") {
            try await StreamedReply.run(chunks: quick ? 2_000 : 20_000)
            return
        }
        if arguments.contains("--link-only") {
            try await linkLatency(messages: quick ? 10 : 40)
            return
        }
        try ingest(frames: quick ? 20_000 : 200_000)
        if arguments.contains("--ingest-only") { return }
        try await linkLatency(messages: quick ? 10 : 40)
        try await reconnects(count: quick ? 10 : 50)
        try await halfOpen(count: quick ? 1 : 3)
        try await idleCPU(seconds: quick ? 10 : 60)
        try await StreamedReply.run(chunks: quick ? 2_000 : 20_000)
    }

    // MARK: Ingest

    static func ingest(frames count: Int) throws {
        let frames = try (0..<count).map { index -> String in
            let item: [String: String] = [
                "AbsoluteTime": String(format: "2025-06-12T14:03:52.%03dZ", index % 1000),
                "Content": "Agent message number \(index) with some ordinary words in it", "ContentType": "text/plain",
                "Id": "id-\(index)", "Type": "MESSAGE", "ParticipantId": "agent-1", "DisplayName": "Ava",
                "ParticipantRole": "AGENT", "InitialContactId": "c1", "ContactId": "c1",
            ]
            let inner = String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self)
            let envelope = ["content": inner, "contentType": "application/json", "topic": "aws/chat"]
            return String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
        }
        // Bare decode of the same frames: envelope, then the inner item, with JSONDecoder.
        struct Envelope: Decodable { var content: String; var topic: String }
        struct Item: Decodable {
            var AbsoluteTime: String, Id: String, `Type`: String, Content: String?, ContentType: String?
            var ParticipantId: String?, DisplayName: String?, ParticipantRole: String?
        }
        let decoder = JSONDecoder()
        let bareStart = ContinuousClock.now
        let bareCPUStart = processCPUSeconds()
        var sink = 0
        for frame in frames {
            let envelope = try decoder.decode(Envelope.self, from: Data(frame.utf8))
            let item = try decoder.decode(Item.self, from: Data(envelope.content.utf8))
            sink &+= item.Id.count
        }
        let bare = (ContinuousClock.now - bareStart).seconds
        let bareCPU = processCPUSeconds() - bareCPUStart

        var core = LiveCore.connect()
        let engineStart = ContinuousClock.now
        let engineCPUStart = processCPUSeconds()
        for frame in frames { _ = core.handle(.socketFrame(LiveCore.socket, frame), now: Date()) }
        let engine = (ContinuousClock.now - engineStart).seconds
        let engineCPU = processCPUSeconds() - engineCPUStart
        print(String(format: "ingest: %d aws/chat frames decoded + merged + published: %.0f frames/s; bare JSONDecoder: %.0f frames/s; ratio %.2f× (sink %d)",
                     count, Double(count) / engine, Double(count) / bare, bare / engine, sink % 10))
        // CPU time leaves out preemption by other processes (the main thread only waits meanwhile).
        print(String(format: "ingest (process CPU time): engine %.0f frames/s; bare JSONDecoder %.0f frames/s; ratio %.2f×",
                     Double(count) / engineCPU, Double(count) / bareCPU, bareCPU / engineCPU))
    }

    // MARK: Reconnect

    static func connectedSession(_ server: DemoContactCenter, heartbeat: Duration = .seconds(10))
        async throws -> (ChatSession, Watcher)
    {
        let wire = ConnectWire(
            start: .template(url: server.startChatURL.absoluteString, displayName: "Bench", instanceId: nil, contactFlowId: nil),
            endpoint: server.baseURL.absoluteString, ids: .random(), heartbeatInterval: heartbeat)
        let session = ChatSession(wire: wire, configuration: SessionConfiguration(transport: HTTPTransport(settings: .direct)))
        let watcher = Watcher(session.events)
        await session.start()
        _ = await watcher.next(timeout: .seconds(10)) { $0 == .open }
        return (session, watcher)
    }

    static func reconnects(count: Int) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(flowName: "silent"))
        let (session, watcher) = try await connectedSession(server)
        var samples: [Double] = []
        for _ in 0..<count {
            await watcher.reset()
            let start = ContinuousClock.now
            await server.dropAllSockets()
            guard await watcher.next(timeout: .seconds(30), { if case .reconnecting = $0 { true } else { false } }) != nil,
                await watcher.next(timeout: .seconds(30), { $0 == .open }) != nil
            else { continue }
            samples.append((ContinuousClock.now - start).seconds)
        }
        await session.shutdown()
        await server.stop()
        print(String(format: "reconnect: server drop → open with backfill done, %d drops: p50 %.3f s, p95 %.3f s, max %.3f s",
                     samples.count, percentile(samples, 0.5), percentile(samples, 0.95), samples.max() ?? 0))
    }

    static func halfOpen(count: Int) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(flowName: "silent"))
        let (session, watcher) = try await connectedSession(server)
        var samples: [Double] = []
        for _ in 0..<count {
            await watcher.reset()
            let start = ContinuousClock.now
            await server.setHalfOpen(true)
            guard await watcher.next(timeout: .seconds(40), { if case .reconnecting = $0 { true } else { false } }) != nil else { continue }
            samples.append((ContinuousClock.now - start).seconds)
            await server.setHalfOpen(false)
            _ = await watcher.next(timeout: .seconds(30)) { $0 == .open }
        }
        await session.shutdown()
        await server.stop()
        print(String(format: "half-open: silent socket detected after max %.2f s, mean %.2f s over %d (heartbeat 10 s + grace 5 s = 15 s bound)",
                     samples.max() ?? 0, samples.reduce(0, +) / Double(max(samples.count, 1)), samples.count))
    }

    // MARK: Idle CPU

    static func idleCPU(seconds: Int) async throws {
        // The server runs as its own process so only the client's CPU is measured here.
        let serve = Process()
        serve.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("helpline")
        serve.arguments = ["serve", "--port", "0"]
        let pipe = Pipe()
        serve.standardOutput = pipe
        try serve.run()
        defer { serve.terminate() }
        let firstLine = String(decoding: pipe.fileHandleForReading.availableDataLine(), as: UTF8.self)
        guard let base = firstLine.split(separator: " ").last.map(String.init), let url = URL(string: base) else {
            print("idle CPU: could not start `helpline serve` (\(firstLine))")
            return
        }
        let wire = ConnectWire(
            start: .template(url: base + "/Prod", displayName: "Idle", instanceId: nil, contactFlowId: nil),
            endpoint: url.absoluteString, ids: .random())
        let session = ChatSession(wire: wire, configuration: SessionConfiguration(transport: HTTPTransport(settings: .direct)))
        let watcher = Watcher(session.events)
        await session.start()
        _ = await watcher.next(timeout: .seconds(10)) { $0 == .open }
        try await Task.sleep(for: .seconds(2))
        let before = cpuSeconds()
        try await Task.sleep(for: .seconds(seconds))
        let used = cpuSeconds() - before
        await session.shutdown()
        print(String(format: "idle CPU: connected client over %d s: %.3f s CPU = %.3f %% of one core", seconds, used, used / Double(seconds) * 100))
    }

    /// CPU time of the whole process (all threads), in seconds.
    static func processCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

/// Follows a session's connection states.
actor Watcher {
    private var states: [ConnectionState] = []
    private var seen = 0

    init(_ events: ChatEventStream) {
        Task { for await event in events { if case .connection(let state) = event { await self.append(state) } } }
    }

    private func append(_ state: ConnectionState) { states.append(state) }

    /// Skips everything seen so far.
    func reset() { seen = states.count }

    /// The next state matching `predicate` after the last one returned.
    func next(timeout: Duration, _ predicate: @Sendable (ConnectionState) -> Bool) async -> ConnectionState? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            while seen < states.count {
                let state = states[seen]
                seen += 1
                if predicate(state) { return state }
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }
}

extension FileHandle {
    /// Reads up to the first newline.
    func availableDataLine() -> Data {
        var line = Data()
        while let byte = try? read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        return line
    }
}
