import ChatModel
import Foundation

/// After every input: publish the transcript's changes, write its records, react to arrivals.
extension SessionCore {
    /// Publishes the transcript's changes (each with the transcript right after it), records complete
    /// items, and schedules receipts and view fetches for new items from the other side.
    mutating func flushTranscript() {
        while true {
            let updates = transcript.takeUpdates()
            guard !updates.isEmpty else { return }
            for update in updates {
                publish(.transcript(update))
                switch update.change {
                case .inserted(let position):
                    let item = update.items[position]
                    record(item)
                    arrived(item)
                case .updated(let position), .moved(_, let position):
                    record(update.items[position])
                case .removed:
                    break
                case .merged, .reset:
                    for item in update.items { record(item) }
                }
            }
        }
    }

    /// A new item: a live one from the other side gets a `delivered` receipt; a view is fetched.
    private mutating func arrived(_ item: ChatItem) {
        extendHorizon(item)
        if wire.needsView(item) { begin(.view(item.id), .describeView(itemId: item.id)) }
        guard acknowledges(item) else { return }
        schedule(receipts.delivered(item.id, at: now))
    }

    /// Writes the record of a complete item whose line changed (a streamed reply once complete, our
    /// messages once the server accepted them or they failed).
    mutating func record(_ item: ChatItem) {
        guard settings.recordsTranscript, !item.isStreaming, item.form?.isLoaded != false,
            !(item.localId != nil && item.delivery == .pending)
        else { return }
        let line = TranscriptRecord(item: item, deliveryTime: now)
        let hash = line.withoutDeliveryTime.hashValue
        let keys = [item.id] + (item.localId.map { [$0] } ?? [])
        if keys.contains(where: { recorded[$0] == hash }) { return }
        for key in keys { recorded[key] = hash }
        emit(.record(line))
    }

    /// Records that the user dropped a recorded item.
    mutating func recordRemoval(_ item: ChatItem) {
        guard settings.recordsTranscript, recorded[item.key] != nil || recorded[item.id] != nil else { return }
        recorded[item.key] = nil
        recorded[item.id] = nil
        emit(.record(.removal(of: item, at: now)))
    }

    /// `seen`: the front end shows this message from someone else, and the user can see it.
    mutating func markSeen(_ messageId: String) {
        guard let item = transcript.item(id: messageId), acknowledges(item) else { return }
        schedule(receipts.read(messageId, at: now))
    }

    /// Receipts go only for live messages and attachments from the other side, while the chat is on.
    private func acknowledges(_ item: ChatItem) -> Bool {
        guard settings.sendsReceipts, wire.capabilities.hasReceipts, !item.isOwn, !item.isHistory,
            !connection.state.isTerminal, !isMe(item.sender), item.sender.role != (info?.me.role ?? .customer)
        else { return false }
        switch item.kind {
        case .message: return !item.text.isEmpty
        case .attachment: return true
        case .event: return false
        }
    }

    private mutating func schedule(_ due: Date?) {
        guard let due else { return }
        // Whole milliseconds, rounded up: a timer that fires a fraction early must not fire again at once.
        startTimer(.receipts, after: .milliseconds(Int64((max(0, due.timeIntervalSince(now)) * 1000).rounded(.up))))
    }

    /// The receipt window closed: send what is due.
    mutating func receiptsDue() {
        guard !connection.state.isTerminal else { return }
        if let due = receipts.dueAt, due > now {
            schedule(due)
            return
        }
        for receipt in receipts.due(at: now) {
            begin(.receipt(receipt.messageId, read: receipt.read), .receipt(messageId: receipt.messageId, read: receipt.read))
        }
    }

    /// Notes a frame for diagnostics; publishes at most once a second while frames flow, and once after.
    mutating func noteFrame(_ text: String, outgoing: Bool) {
        guard settings.recordsDiagnostics else { return }
        let due = diagnostics.record(frame: text, outgoing: outgoing, at: now)
        guard diagnosticsWatched else { return }
        if due {
            publishDiagnostics()
        } else if diagnostics.wantsTrailingSnapshot() {
            startTimer(.diagnostics, after: .seconds(DiagnosticsRecorder.frameSnapshotInterval))
        }
    }

    mutating func publishDiagnostics() {
        guard settings.recordsDiagnostics else { return }
        publish(.diagnostics(diagnostics.snapshot(at: now)))
    }
}
