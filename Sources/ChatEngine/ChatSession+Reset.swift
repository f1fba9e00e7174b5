import ChatModel
import Foundation

extension ChatSession {
    /// Forgets the local transcript, receipts and backfill position and loads the transcript again
    /// from the server, keeping the participant, the contact and our unsent messages.
    ///
    /// Subscribers get one ``ChatEvent/transcriptReset(_:hasMore:)`` with the reloaded items. Live
    /// frames that arrive while the page is fetched wait (as during a backfill) and are merged
    /// afterwards, so nothing is lost or shown twice. Needs an open connection; otherwise, or when
    /// the server offers no transcript to reload, a notice says so and nothing changes.
    public func reset() async {
        guard machine.state == .open, liveBuffer == nil else {
            hub.publish(.notice("The transcript can be reloaded only while connected."))
            return
        }
        let current = generation
        liveBuffer = []
        let page: TranscriptPage
        do {
            page = try await backend.fetchTranscript(.recent(limit: configuration.initialHistory))
        } catch {
            releaseBufferedFrames(generation: current)
            hub.publish(.notice("Could not reload the transcript: \(Self.classify(error))"))
            return
        }
        guard generation == current, machine.state == .open else {
            // The socket was replaced or closed meanwhile; a new socket's backfill catches the transcript up.
            releaseBufferedFrames(generation: current)
            hub.publish(.notice("The connection changed while reloading; nothing was reset. Try again."))
            return
        }
        let pageHasItems = page.events.contains { if case .item = $0 { true } else { false } }
        guard pageHasItems || !store.items.contains(where: { $0.localId == nil }) else {
            releaseBufferedFrames(generation: current)
            hub.publish(.notice("The server offers no transcript to reload; nothing was reset."))
            return
        }
        store = reloadedStore(from: page)
        olderPageToken = page.nextPageToken
        initialLoaded = true
        hub.publish(.transcriptReset(store.items, hasMore: page.nextPageToken != nil))
        releaseBufferedFrames(generation: current)
    }

    /// A store holding the fetched page, then our own messages the page does not hold yet.
    private func reloadedStore(from page: TranscriptPage) -> TranscriptStore {
        let me = info?.me
        var fresh = TranscriptStore()
        for event in page.events {
            switch event {
            case .item(let item):
                _ = fresh.merge(item, me: me)
            case .receipt(let messageId, let delivery, let recipientId):
                if let recipientId, recipientId == me?.id { continue }
                _ = fresh.applyReceipt(messageId: messageId, delivery: delivery)
            default:
                continue
            }
        }
        for item in store.items where item.localId != nil {
            let unsent = item.localId.map { outbox.entry(localId: $0) != nil } ?? false
            if unsent || !fresh.contains(id: item.id) { fresh.keep(item) }
        }
        return fresh
    }

    /// Applies the live events held back during the reload and goes live again.
    private func releaseBufferedFrames(generation current: Int) {
        guard generation == current else { return }
        let buffered = liveBuffer ?? []
        liveBuffer = nil
        for event in buffered { handle(event, live: true) }
    }
}
