import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Synchronization
import Testing

/// An idle chat wakes its front end only for what it shows: connection diagnostics follow the
/// heartbeats only while a front end watches them (the TUI's F2 pane), yet they are recorded all along.
@Suite("Idle chats publish no diagnostics nobody watches", .timeLimit(.minutes(3)))
struct IdleDiagnosticsTests {
    /// Counts the long timer sleeps (a second or more: the heartbeats here) that ran to their end.
    final class SleepCounter: Sendable {
        private let count = Mutex(0)
        var fired: Int { count.withLock { $0 } }
        func sleep(_ duration: Duration) async throws {
            try await Task.sleep(for: duration)
            if duration >= .seconds(1) { count.withLock { $0 += 1 } }
        }
    }

    /// Diagnostics events published so far.
    static func diagnostics(_ recorder: EventRecorder) async -> [ConnectionDiagnostics] {
        await recorder.events.compactMap { if case .diagnostics(let snapshot) = $0 { snapshot } else { nil } }
    }

    /// Waits (with a deadline) until `more` timers fired after now.
    static func timersFire(_ more: Int, _ counter: SleepCounter) async -> Bool {
        let target = counter.fired + more
        let deadline = ContinuousClock.now + .seconds(60)
        while counter.fired < target, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return counter.fired >= target
    }

    @Test func heartbeatsAreRecordedButPublishedOnlyWhileWatched() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let counter = SleepCounter()
        // Heartbeats every 2 s: a grace of 2 s holds on a loaded machine (300 ms did not).
        let session = DemoChat.session(server, heartbeat: .seconds(2)) { configuration in
            configuration.core.recordsDiagnostics = true
            configuration.sleep = { try await counter.sleep($0) }
        }
        let recorder = EventRecorder(session.events)
        await session.start()
        #expect(await recorder.wait { await $0.newItems.contains { $0.text.contains("Welcome") } })
        // Quiet from here: the connection is up and the greeting is in.
        let quietStart = Date()
        let eventsBefore = await recorder.events.count
        #expect(await Self.timersFire(3, counter), "heartbeats went on")
        // While nobody watches, only a change of the connection's state (a status line shows it)
        // publishes diagnostics: on a loaded machine a late heartbeat answer can replace the socket.
        let quiet = Array(await recorder.events.dropFirst(eventsBefore))
        let published = quiet.filter { if case .diagnostics = $0 { true } else { false } }.count
        let stateChanges = quiet.filter { if case .connection = $0 { true } else { false } }.count
        #expect(published <= stateChanges, "no diagnostics while nobody watches: \(published) published, \(stateChanges) state changes")

        let before = await Self.diagnostics(recorder).count
        await session.perform(.watchDiagnostics(true))
        let watched = await recorder.wait(timeout: .seconds(60)) { await Self.diagnostics($0).count > before }
        #expect(watched, "watching publishes a snapshot at once")
        let first = try #require(await Self.diagnostics(recorder).last)
        let sentWhileQuiet = first.frames.filter { $0.outgoing && $0.at > quietStart }
        #expect(!sentWhileQuiet.isEmpty, "the heartbeats sent while unwatched were recorded: \(first.frames.count) frames")
        let afterWatch = await Self.diagnostics(recorder).count
        let followed = await recorder.wait(timeout: .seconds(60)) { await Self.diagnostics($0).count > afterWatch }
        #expect(followed, "snapshots follow the heartbeats while watched")

        await session.perform(.watchDiagnostics(false))
        await session.end()
        await session.shutdown()
    }
}
