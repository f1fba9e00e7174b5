import Foundation
import Testing

@testable import SessionCore

/// Reading the transcript through ``HistoryPaging``'s own transitions: the first page, a reconnect's
/// backfill and its paging, the horizon, older pages, a reload.
@Suite("History paging")
struct HistoryPagingTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("the first backfill reads the recent page and keeps its older token; a later one reads after the anchor, page by page")
    func backfills() {
        var history = HistoryPaging()
        let first = history.backfillStarts(recentLimit: 50, anchor: "ignored before the first page")
        #expect(first == .recent(limit: 50))
        let read = history.backfillPageRead(first, nextPageToken: "older-1")
        #expect(read == .caughtUp)
        #expect(history.initialLoaded && history.olderPageToken == "older-1")

        let again = history.backfillStarts(recentLimit: 50, anchor: "m9")
        #expect(again == .after(itemId: "m9", pageToken: nil))
        let page1 = history.backfillPageRead(again, nextPageToken: "p2")
        #expect(page1 == .next(.after(itemId: "m9", pageToken: "p2")))
        let page2 = history.backfillPageRead(.after(itemId: "m9", pageToken: "p2"), nextPageToken: nil)
        #expect(page2 == .caughtUp)
        #expect(history.olderPageToken == "older-1", "a backfill's pages are newer: the older token stays")

        let noAnchor = history.backfillStarts(recentLimit: 50, anchor: nil)
        #expect(noAnchor == .recent(limit: 50), "nothing from the server held yet: the recent page")
    }

    @Test("a backfill stops after 100 pages even when the server offers more")
    func backfillPageLimit() {
        var history = HistoryPaging()
        let first = history.backfillStarts(recentLimit: 5, anchor: nil)
        _ = history.backfillPageRead(first, nextPageToken: nil)
        let request = history.backfillStarts(recentLimit: 5, anchor: "m1")
        var pages = 0
        var action = history.backfillPageRead(request, nextPageToken: "more")
        while case .next(let next) = action {
            pages += 1
            action = history.backfillPageRead(next, nextPageToken: "more")
        }
        #expect(pages == 99 && history.backfillPages == HistoryPaging.backfillPageLimit)
    }

    @Test("the horizon moves only forward with live items, and a backfill sets it")
    func horizon() {
        var history = HistoryPaging()
        history.heardLive(at: Self.t0)
        history.heardLive(at: Self.t0.addingTimeInterval(-5))
        #expect(history.horizon == Self.t0)
        history.complete(upTo: Self.t0.addingTimeInterval(10))
        #expect(history.horizon == Self.t0.addingTimeInterval(10))
    }

    @Test("older pages: none without a token, one at a time, the token moving on with each page read")
    func older() {
        var history = HistoryPaging()
        let none = history.olderRequested()
        #expect(none == .none)
        let first = history.backfillStarts(recentLimit: 5, anchor: nil)
        _ = history.backfillPageRead(first, nextPageToken: "t1")
        let fetch = history.olderRequested()
        #expect(fetch == .fetch(pageToken: "t1"))
        let busy = history.olderRequested()
        #expect(busy == .busy)
        history.olderAnswered(read: false, nextPageToken: nil)
        #expect(history.olderPageToken == "t1" && !history.loadingOlder, "a failed page keeps the token")
        _ = history.olderRequested()
        history.olderAnswered(read: true, nextPageToken: nil)
        #expect(history.olderPageToken == nil, "the oldest page was read")
    }

    @Test("a reload goes only while live and one at a time; its page is the first page")
    func reload() {
        var history = HistoryPaging()
        let offline = history.reloadRequested(live: false)
        #expect(!offline)
        let live = history.reloadRequested(live: true)
        let twice = history.reloadRequested(live: true)
        #expect(live && !twice)
        history.reloadAnswered()
        history.reloaded(nextPageToken: "t9")
        #expect(!history.reloading && history.initialLoaded && history.olderPageToken == "t9")
    }
}
