import ChatModel
import ChatUI
import Foundation
import Synchronization
import Testing
@testable import TerminalUI

/// The customer's front ends beyond the shared chat UI: line mode's commands and quiet time
/// (`--linger`), and the input history file.
@Suite("Line mode and the history file")
struct LineModeTests {
    @Test("line mode offers the commands the one table says work there")
    func lineModeCommandsComeFromTheTable() {
        let offered = Set(PlainMode.lineModeCommands.components(separatedBy: ", "))
        #expect(offered.isSuperset(of: ["/suspend", "/resume", "/end", "/quit"]), "\(offered)")
        #expect(!offered.contains("/search"), "the transcript search is the full-screen UI's")
    }

    /// A clock the test moves.
    final class TestClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ by: Duration) { instant.withLock { $0 += by } }
    }

    /// Tells `tracker` that our message "hi" appeared in the transcript, pending.
    static func notePendingMessage(_ tracker: PlainActivity) async {
        var transcript = Transcript()
        transcript.addPending(ChatItem(
            id: "l1", localId: "l1", time: Date(timeIntervalSince1970: 1_800_000_000),
            sender: Participant(id: "me", name: "Me", role: .customer), kind: .message, text: "hi", delivery: .pending))
        await tracker.note(.transcript(TranscriptUpdate(items: transcript.items, change: .inserted(position: 0))))
    }

    @Test("heartbeat diagnostics do not reset linger's quiet time")
    func diagnosticsAreNotActivity() async {
        let clock = TestClock()
        let tracker = PlainActivity(now: { clock.now })
        await tracker.note(.connection(.open))
        await tracker.lineRead()
        clock.advance(.seconds(2))
        await tracker.note(.diagnostics(ConnectionDiagnostics()))
        await tracker.note(.typing(Participant(id: "ava", name: "Ava", role: .agent)))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .waiting)
        clock.advance(.seconds(1))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .quiet)
    }

    @Test("quiet time counts only while connected: a reconnect waits, coming back starts it again, a connection that stays down ends it")
    func lingerWaitsForTheConnection() async {
        let clock = TestClock()
        let tracker = PlainActivity(now: { clock.now })
        await tracker.note(.connection(.open))
        await tracker.lineRead()
        clock.advance(.seconds(2))
        await tracker.note(.connection(.reconnecting(attempt: 1, nextRetryAt: Date())))
        clock.advance(.seconds(5))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .waiting, "down: not quiet yet")
        await tracker.note(.connection(.open))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .waiting, "back: the quiet time starts again")
        clock.advance(.seconds(3))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .quiet)
        await tracker.note(.connection(.reconnecting(attempt: 1, nextRetryAt: Date())))
        clock.advance(.seconds(29))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .waiting)
        clock.advance(.seconds(1))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .offline)
    }

    @Test("linger 0 waits until a message read is sent, and says so when one never is")
    func lingerZeroWaitsForTheMessage() async {
        let clock = TestClock()
        let tracker = PlainActivity(now: { clock.now })
        await tracker.lineRead()
        await tracker.messageHandedOver()
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .waiting, "not connected yet")
        await tracker.note(.connection(.open))
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .waiting, "its item has not appeared")
        await Self.notePendingMessage(tracker)
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .waiting, "still pending")
        clock.advance(.seconds(30))
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .unsettled(1), "gives up, counting it")
    }

    @Test("a chat that never connected ends saying its message was never sent, not that it is unconfirmed")
    func neverConnectedSaysNotSent() async {
        let clock = TestClock()
        let tracker = PlainActivity(now: { clock.now })
        await tracker.lineRead()
        await tracker.messageHandedOver()
        await tracker.note(.connection(.connecting))
        await Self.notePendingMessage(tracker)
        clock.advance(.seconds(30))
        let verdict = await tracker.quietness(for: .zero, settleLimit: .seconds(30))
        #expect(verdict == .neverConnected(1))
        let line = PlainMode.endingLine(verdict) ?? ""
        #expect(line == "-- ending the chat: it never connected, so 1 message was never sent", "\(line)")
        #expect(!line.contains("confirmed"))
        #expect(PlainMode.endingLine(.unsettled(2)) == "-- ending the chat with 2 messages not yet confirmed by the server")
        #expect(PlainMode.endingLine(.unsettled(0)) == nil, "nothing to say about nothing")
    }

    @Test func historyFileRoundTripWithMode0600() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hl-hist-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = HistoryFile.path(profile: "qa/../x", environment: ["XDG_STATE_HOME": dir])
        #expect(path == dir + "/helpline/history-qa_.._x")
        #expect(HistoryFile.save(["one", "two\nlines", "ünï"], to: path))
        #expect(HistoryFile.load(from: path) == ["one", "two\nlines", "ünï"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(HistoryFile.path(profile: "default", environment: ["HOME": "/h"]) == "/h/.local/state/helpline/history-default")
    }
}
