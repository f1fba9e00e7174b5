import Foundation

/// Reading the transcript from the server as one value: whether the first page was read, the token
/// of the next older page, the page calls under way, the point up to which the transcript is known
/// to be complete, and how far a backfill has paged. Its methods say which page to fetch next; the
/// core makes the calls and merges the pages.
struct HistoryPaging: Sendable, Equatable {
    /// What to do once a backfill page was read.
    enum BackfillAction: Sendable, Equatable {
        /// Fetch the next page of the same backfill.
        case next(TranscriptRequest)
        /// Caught up: go live.
        case caughtUp
    }

    /// What to do about a request for older messages.
    enum OlderAction: Sendable, Equatable {
        /// Nothing: a page of them is on its way.
        case busy
        /// There are none to fetch.
        case none
        /// Fetch the page with this token.
        case fetch(pageToken: String)
    }

    /// Pages one backfill reads at most.
    static let backfillPageLimit = 100

    /// True once the first transcript page was read.
    private(set) var initialLoaded = false
    /// The token for the next older page (nil: none).
    private(set) var olderPageToken: String?
    /// True while a page of older messages is on its way.
    private(set) var loadingOlder = false
    /// True while a reload's page is on its way.
    private(set) var reloading = false
    /// The server time up to which the transcript is known to be complete (where a reconnect's backfill starts).
    private(set) var horizon: Date?
    /// Pages the backfill under way has read.
    private(set) var backfillPages = 0

    /// A backfill starts: the first page, or the pages after `anchor`, the item a reconnect resumes after (used
    /// only once the first page was read), or else the recent ones.
    mutating func backfillStarts(recentLimit: Int, anchor: String?) -> TranscriptRequest {
        backfillPages = 0
        if initialLoaded, let anchor { return .after(itemId: anchor, pageToken: nil) }
        return .recent(limit: recentLimit)
    }

    /// A backfill page for `request` was read; `nextPageToken` is the page's.
    mutating func backfillPageRead(_ request: TranscriptRequest, nextPageToken: String?) -> BackfillAction {
        if case .recent = request, !initialLoaded {
            initialLoaded = true
            olderPageToken = nextPageToken
        }
        backfillPages += 1
        if case .after(let itemId, _) = request, let token = nextPageToken, backfillPages < Self.backfillPageLimit {
            return .next(.after(itemId: itemId, pageToken: token))
        }
        return .caughtUp
    }

    /// The transcript is complete up to `time` (a backfill caught up there; nil leaves it unknown).
    mutating func complete(upTo time: Date?) {
        horizon = time
    }

    /// An item from the server at `time` arrived on a live socket: the transcript is complete up to it.
    mutating func heardLive(at time: Date) {
        if horizon.map({ time > $0 }) ?? true { horizon = time }
    }

    /// The user asked for older messages.
    mutating func olderRequested() -> OlderAction {
        guard !loadingOlder else { return .busy }
        guard let token = olderPageToken else { return .none }
        loadingOlder = true
        return .fetch(pageToken: token)
    }

    /// The older page's call answered: with its page's next token, or nil (`read` false) when it gave none.
    mutating func olderAnswered(read: Bool, nextPageToken: String?) {
        loadingOlder = false
        if read { olderPageToken = nextPageToken }
    }

    /// The user asked to reload the transcript: false when it cannot now (not `live`, or a reload is on its way).
    mutating func reloadRequested(live: Bool) -> Bool {
        guard live, !reloading else { return false }
        reloading = true
        return true
    }

    /// The reload's call answered.
    mutating func reloadAnswered() {
        reloading = false
    }

    /// The reload's page replaced the transcript: it is the first page now, `nextPageToken` the older one's.
    mutating func reloaded(nextPageToken: String?) {
        olderPageToken = nextPageToken
        initialLoaded = true
    }
}
