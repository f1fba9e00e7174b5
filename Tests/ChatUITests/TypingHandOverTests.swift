import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

/// Typing notices reach the engine at most once a second; anything else goes at once.
@Suite("Typing hand-over")
struct TypingHandOverTests {
    @Test("a burst of keys hands over one notice a second; a message resets the interval")
    func oneNoticeASecond() {
        var handOver = TypingHandOver()
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        // Keys every 30 ms for 2.5 s: notices at 0 s, 1.02 s (the first key past 1 s), 2.04 s.
        let admitted = (0..<84).map { t0.addingTimeInterval(Double($0) * 0.03) }.filter { handOver.admits(.typing, at: $0) }
        #expect(admitted.map { ($0.timeIntervalSince(t0) * 100).rounded() / 100 } == [0, 1.02, 2.04])
        let sent = t0.addingTimeInterval(2.5)
        let message = handOver.admits(.send("hi"), at: sent)
        #expect(message, "other commands always go")
        let next = handOver.admits(.typing, at: sent.addingTimeInterval(0.03))
        #expect(next, "the next notice goes at once after a message")
        let after = handOver.admits(.typing, at: sent.addingTimeInterval(0.06))
        #expect(!after, "then one a second again")
    }
}
