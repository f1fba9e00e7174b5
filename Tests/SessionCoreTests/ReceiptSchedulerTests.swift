import SessionCore
import Foundation
import Testing

@Suite struct ReceiptSchedulerTests {
    let t0 = Date(timeIntervalSince1970: 1_000)

    @Test func coalescesPerWindowAndOnlyAcknowledgesTheLatest() {
        var scheduler = ReceiptScheduler(window: 5)
        #expect(scheduler.delivered("m1", at: t0) == t0.addingTimeInterval(5), "the first receipt opens the window")
        #expect(scheduler.delivered("m2", at: t0.addingTimeInterval(1)) == nil)
        #expect(scheduler.delivered("m3", at: t0.addingTimeInterval(2)) == nil)
        #expect(scheduler.due(at: t0.addingTimeInterval(4.9)).isEmpty, "nothing before the window closes")
        let sent = scheduler.due(at: t0.addingTimeInterval(5))
        #expect(sent == [.init(messageId: "m3", read: false)])
        #expect(scheduler.due(at: t0.addingTimeInterval(10)).isEmpty, "a closed window sends once")
    }

    @Test func readSupersedesAPendingDeliveredForTheSameMessage() {
        var scheduler = ReceiptScheduler(window: 5)
        _ = scheduler.delivered("m1", at: t0)
        _ = scheduler.read("m1", at: t0.addingTimeInterval(1))
        #expect(scheduler.due(at: t0.addingTimeInterval(5)) == [.init(messageId: "m1", read: true)])
    }

    @Test func oneReadAndOneDeliveredPerWindow() {
        var scheduler = ReceiptScheduler(window: 5)
        _ = scheduler.read("m1", at: t0)
        _ = scheduler.delivered("m2", at: t0.addingTimeInterval(1))
        let sent = scheduler.due(at: t0.addingTimeInterval(5))
        #expect(sent == [.init(messageId: "m1", read: true), .init(messageId: "m2", read: false)])
    }

    @Test func neverTwiceAndNeverDeliveredAfterRead() {
        var scheduler = ReceiptScheduler(window: 5)
        _ = scheduler.read("m1", at: t0)
        _ = scheduler.due(at: t0.addingTimeInterval(5))
        #expect(scheduler.read("m1", at: t0.addingTimeInterval(6)) == nil)
        #expect(scheduler.delivered("m1", at: t0.addingTimeInterval(6)) == nil)
        #expect(scheduler.due(at: t0.addingTimeInterval(20)).isEmpty)
    }

    @Test func cancelDropsPendingReceipts() {
        var scheduler = ReceiptScheduler(window: 5)
        _ = scheduler.delivered("m1", at: t0)
        scheduler.cancel()
        #expect(scheduler.due(at: t0.addingTimeInterval(5)).isEmpty)
    }
}
