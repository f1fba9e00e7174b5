import ChatModel
import Synchronization
import Testing

/// A subscriber's events: every one, once, in order, whether the reader keeps up or falls far
/// behind; the end, a cancelled reader and a dropped stream each tell the feed once.
@Suite("ChatEventStream")
struct ChatEventStreamTests {
    /// Counts how often a termination handler ran.
    final class Calls: Sendable {
        let count = Atomic<Int>(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test("a reader far behind a fast writer gets every event once, in order, batch after batch")
    func everyEventOnceInOrder() async {
        let (stream, feed) = ChatEventStream.makeStream()
        let total = 20_000
        let writer = Task.detached {
            for number in 0..<total {
                feed.yield(.queuePosition(number))
                if number % 1_000 == 0 { await Task.yield() }
            }
            feed.finish()
        }
        var seen: [Int] = []
        for await event in stream {
            guard case .queuePosition(let number?) = event else {
                Issue.record("unexpected event \(event)")
                continue
            }
            // Checked at every step: the next event is always the next number.
            if number != seen.count {
                Issue.record("event \(number) came as the \(seen.count)th")
                break
            }
            seen.append(number)
        }
        await writer.value
        #expect(seen.count == total)
    }

    @Test("finishing hands over what waits, then ends; later events are dropped; the handler runs once")
    func finishKeepsWhatWaits() async {
        let (stream, feed) = ChatEventStream.makeStream()
        let calls = Calls()
        feed.onTermination { calls.add() }
        feed.yield(.notice("one"))
        feed.yield(.notice("two"))
        feed.finish()
        feed.yield(.notice("three"))
        feed.finish()
        var events: [ChatEvent] = []
        for await event in stream { events.append(event) }
        #expect(events == [.notice("one"), .notice("two")])
        #expect(calls.value == 1)
        let late = Calls()
        feed.onTermination { late.add() }
        #expect(late.value == 1, "a handler set after the end runs at once")
    }

    @Test("cancelling the reading task ends its loop with nil, tells the feed, and drops what waits")
    func cancellingTheReaderEndsIt() async {
        let (stream, feed) = ChatEventStream.makeStream()
        let calls = Calls()
        feed.onTermination { calls.add() }
        let (started, begin) = AsyncStream<Void>.makeStream()
        let reader = Task {
            var count = 0
            begin.yield()
            for await _ in stream { count += 1 }
            return count
        }
        for await _ in started { break }
        feed.yield(.notice("one"))
        reader.cancel()
        let read = await reader.value
        #expect(read <= 1)
        #expect(calls.value == 1)
        feed.yield(.notice("after"))
        #expect(calls.value == 1)
    }

    @Test("a stream dropped unread tells its feed, so a publisher stops feeding it")
    func droppingTheStreamTellsTheFeed() {
        let calls = Calls()
        var feed: ChatEventStream.Feed?
        do {
            let made = ChatEventStream.makeStream()
            feed = made.feed
            made.feed.onTermination { calls.add() }
            made.feed.yield(.notice("unread"))
            _ = made.stream
        }
        #expect(calls.value == 1)
        feed?.yield(.notice("ignored"))
        #expect(calls.value == 1)
    }

    @Test("a finished stream made from a list reads that list")
    func finishedList() async {
        var events: [ChatEvent] = []
        for await event in ChatEventStream(finishedWith: [.notice("a"), .connection(.open)]) { events.append(event) }
        #expect(events == [.notice("a"), .connection(.open)])
    }
}
