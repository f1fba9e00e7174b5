import SessionCore
import ChatModel
import Foundation
import Testing

@Suite struct TypingThrottleTests {
    @Test func aBurstSendsOncePerInterval() {
        var throttle = TypingThrottle(interval: 10)
        let start = Date(timeIntervalSince1970: 0)
        let sent = (0..<100).filter { throttle.shouldSend(at: start.addingTimeInterval(Double($0) * 0.25)) }
        // 25 s of keystrokes every 250 ms: at 0, 10 and 20 s.
        #expect(sent == [0, 40, 80])
    }

    @Test func resetAllowsTheNextKeystrokeAtOnce() {
        var throttle = TypingThrottle(interval: 10)
        let start = Date(timeIntervalSince1970: 0)
        let first = throttle.shouldSend(at: start)
        let tooSoon = throttle.shouldSend(at: start.addingTimeInterval(1))
        throttle.reset()
        let afterReset = throttle.shouldSend(at: start.addingTimeInterval(2))
        #expect(first && !tooSoon && afterReset)
    }
}
