import Foundation
import Testing

@testable import SessionCore

@Suite("The core's book of calls and its link timing")
struct CallBookTests {
    private static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a call is answered once; a call given up on is not answered; ids never repeat, downloads included")
    func calls() throws {
        var book = CallBook()
        let start = book.send(.start, for: .start, now: Self.t0)
        let connect = book.send(.connect, for: .connect, now: Self.t0)
        let download = book.newId()
        #expect(Set([start, connect, download]).count == 3)
        #expect(book.purpose(of: connect) == .connect && book.purpose(of: download) == nil)
        book.forget { $0 == .connect }
        let superseded = book.answered(connect)
        #expect(superseded == nil, "an answer to a superseded connect is ignored")
        let answered = book.answered(start)
        let call = try #require(answered)
        #expect(call.purpose == .start && call.sentAt == Self.t0)
        let again = book.answered(start)
        #expect(again == nil, "answered once")
    }

    @Test("an operation waiting for its retry counts as on its way until its timer takes it")
    func waiting() {
        var book = CallBook()
        book.wait(.start, for: .start, key: RetryKey(.start))
        #expect(book.has { $0 == .start } && !book.hasOut { $0 == .start })
        let first = book.retry(RetryKey(.start))
        #expect(first?.purpose == .start)
        let second = book.retry(RetryKey(.start))
        #expect(second == nil && !book.has { $0 == .start })
    }

    @Test("waits grow with a slow, jittery link and never overflow")
    func timing() {
        var link = LinkTiming()
        #expect(link.patient(.seconds(10), rounds: 2) == .seconds(10), "no sample: the base")
        link.note(3)
        // 3 s + 4 × 1.5 s = 9 s a round, two rounds.
        #expect(link.patient(.seconds(10), rounds: 2) == .seconds(18))
        link.note(-5)
        link.note(.infinity)
        #expect(link.roundTrip == 3, "a negative or endless sample is ignored")
        link.note(1e12)
        #expect(link.patient(.seconds(1), rounds: 1e9) == .seconds(86_400), "at most a day")
    }
}
