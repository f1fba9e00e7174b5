import ChatModel
import Foundation

/// Fetching transcript pages: the first page, what a reconnect missed, older pages, a reload.
extension SessionCore {
    /// How far before the newest item a reconnect's backfill starts: frames may arrive out of order,
    /// so the newest one seen does not prove every earlier one arrived.
    static let reorderMargin: TimeInterval = 5

    /// Before going live: the first page, or everything after the last point known to be complete.
    mutating func startBackfill() {
        let anchor = history.initialLoaded ? backfillAnchor() : nil
        let request = history.backfillStarts(recentLimit: settings.initialHistory, anchor: anchor)
        begin(.backfill(request), .fetch(request))
    }

    /// The item a reconnect's backfill starts after: the newest one at least the reorder margin older
    /// than the point up to which the transcript is known to be complete, else the oldest one held.
    func backfillAnchor() -> String? {
        guard let horizon = history.horizon else { return nil }
        let limit = horizon.addingTimeInterval(-Self.reorderMargin)
        var oldest: String?
        for position in stride(from: transcript.count - 1, through: 0, by: -1) {
            let item = transcript[position]
            guard isServerItem(item) else { continue }
            if item.time <= limit { return item.id }
            oldest = item.id
        }
        return oldest
    }

    /// True for items the server gave an id (not our unsent messages, not a past chat's).
    func isServerItem(_ item: ChatItem) -> Bool {
        !item.isHistory && !(item.localId != nil && item.id == item.localId)
    }

    mutating func backfilled(_ request: TranscriptRequest, _ result: Result<WireResult, BackendError>) {
        if ending.endsAfterBackfill {
            // The chat ended while this page was on its way: keep what it holds, then end.
            if case .success(.page(let page)) = result { for event in page.events { apply(event, live: false) } }
            chatEndedByServer()
            return
        }
        guard case .backfilling(let id) = socket.stage else { return }
        switch result {
        case .success(.page(let page)):
            for event in page.events { apply(event, live: false) }
            switch history.backfillPageRead(request, nextPageToken: page.nextPageToken) {
            case .next(let next):
                begin(.backfill(next), .fetch(next))
            case .caughtUp:
                let newest = newestServerTime
                history.complete(upTo: newest)
                accessDeniedSinceRenewal = false
                goLive(id)
            }
        case .success:
            dropSocket(because: .protocolViolation("a transcript fetch gave no page"))
        case .failure(let error):
            // Going live without knowing what was missed could lose messages: try again on a new socket.
            log(.info, "backfill failed: \(error)")
            dropSocket(because: error)
        }
    }

    /// True when `item`, our message from the server with an id not yet shown, is the server's copy of
    /// `head`, the head of the outbox that may have reached the server before a restart or a lost
    /// answer: the same text, from no earlier than it was typed (Connect's pages and echoes carry no
    /// client token to tell it exactly).
    func isServerCopy(_ item: ChatItem, of head: OutboxEntry) -> Bool {
        outbox.headMayHaveArrived && outbox.headState == .waiting
            && DeliveredText.isCopy(item.text, of: head.text)
            && item.time >= head.createdAt.addingTimeInterval(-300)
    }

    /// The newest time of an item the server gave an id.
    var newestServerTime: Date? {
        for position in stride(from: transcript.count - 1, through: 0, by: -1) where isServerItem(transcript[position]) {
            return transcript[position].time
        }
        return history.horizon
    }

    /// An item arrived live on a socket that had caught up: the transcript is complete up to it.
    mutating func extendHorizon(_ item: ChatItem) {
        guard socket.isLive, isServerItem(item) else { return }
        history.heardLive(at: item.time)
    }

    mutating func loadOlder() {
        switch history.olderRequested() {
        case .busy:
            return
        case .none:
            publish(.transcript(TranscriptUpdate(items: transcript.items, change: .merged(count: 0, hasMore: false))))
        case .fetch(let token):
            begin(.older, .fetch(.older(pageToken: token)))
        }
    }

    mutating func olderLoaded(_ result: Result<WireResult, BackendError>) {
        switch result {
        case .success(.page(let page)):
            history.olderAnswered(read: true, nextPageToken: page.nextPageToken)
            transcript.mergeOlder(pageItems(page), hasMore: page.nextPageToken != nil)
            applyReceipts(in: page)
        case .success:
            history.olderAnswered(read: false, nextPageToken: nil)
        case .failure(let error):
            history.olderAnswered(read: false, nextPageToken: nil)
            notice("Could not load older messages: \(error)")
            publish(.transcript(TranscriptUpdate(
                items: transcript.items, change: .merged(count: 0, hasMore: history.olderPageToken != nil))))
        }
    }

    /// `/reset`: loads the transcript anew from the server, keeping our unsent messages.
    mutating func reload() {
        guard history.reloadRequested(live: socket.isLive) else {
            notice("The transcript can be reloaded only while connected.")
            return
        }
        begin(.reload, .fetch(.recent(limit: settings.initialHistory)))
    }

    mutating func reloaded(_ result: Result<WireResult, BackendError>) {
        history.reloadAnswered()
        log(.debug, "reload answered: \(result)")
        guard socket.isLive else {
            notice("The connection changed while reloading; nothing was reset. Try again.")
            return
        }
        switch result {
        case .success(.page(let page)):
            let items = pageItems(page)
            guard !items.isEmpty || !transcript.items.contains(where: isServerItem) else {
                notice("The server offers no transcript to reload; nothing was reset.")
                return
            }
            let pageIds = Set(items.map(\.item.id))
            let pageNewest = items.map(\.item.time).max()
            // Kept: our messages the server does not have (unsent, failed, not confirmed), and what came
            // while the page was on its way (newer than all of it). Ours that the server has come back
            // with the page, or with an older page when scrolled to.
            let keep = transcript.items.filter { item in
                if isServerItem(item), !pageIds.contains(item.id), let pageNewest, item.time >= pageNewest { return true }
                guard let localId = item.localId else { return false }
                return outbox.entry(localId: localId) != nil || (item.id == localId && !pageIds.contains(item.id))
            }
            transcript.reload(items, keeping: keep, hasMore: page.nextPageToken != nil)
            history.reloaded(nextPageToken: page.nextPageToken)
            applyReceipts(in: page)
        case .success:
            break
        case .failure(let error):
            notice("Could not reload the transcript: \(error)")
        }
    }

    /// The page's items, each marked ours or not.
    func pageItems(_ page: TranscriptPage) -> [(item: ChatItem, isOwn: Bool)] {
        page.events.compactMap { event in
            guard case .item(let item) = event else { return nil }
            return (item, isOwn(item))
        }
    }

    /// The receipts and message-processing verdicts of a page, once its items are in.
    private mutating func applyReceipts(in page: TranscriptPage) {
        for event in page.events {
            switch event {
            case .receipt, .processed: apply(event, live: false)
            default: continue
            }
        }
    }
}
