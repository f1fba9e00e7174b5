import ChatModel
import Foundation

extension ChatSession {
    /// Opens one connection and runs it until it ends; returns why it ended.
    func connectOnce() async -> ConnectionEnd {
        let endpoint: SocketEndpoint
        do {
            endpoint = try await backend.openConnection()
        } catch {
            return ConnectionEnd(failure: Self.classify(error), close: nil)
        }
        if machine.isSuspended { return ConnectionEnd(failure: .network("suspended"), close: nil) }
        generation += 1
        let current = generation
        let (closeSignal, closer) = AsyncStream<Void>.makeStream()
        closeCurrentSocket = { closer.finish() }
        defer {
            if generation == current {
                socket = nil
                currentWriter = nil
                closeCurrentSocket = nil
            }
        }
        do {
            try await WebSocketConnection.run(
                endpoint: endpoint, logger: logger, closeSignal: closeSignal,
                opened: { writer in try await self.socketOpened(writer, generation: current) },
                received: { text in await self.receive(frame: text, generation: current) },
                heartbeat: { writer in try await self.runConnection(writer, generation: current) })
            return ConnectionEnd(failure: .network("socket closed"), close: nil)
        } catch {
            // Forget the dead socket at once, so no send can pick it up.
            if generation == current {
                socket = nil
                currentWriter = nil
            }
            let failure = Self.classify(error)
            logger.info("connection ended: \(failure)")
            return ConnectionEnd(failure: failure, close: Self.socketClose(error, handshakeDone: handshakeGeneration == current))
        }
    }

    /// What the backend is told about a socket that ended; nil when we ended it ourselves.
    static func socketClose(_ error: any Error, handshakeDone: Bool) -> SocketClose? {
        switch error {
        case SocketEnd.closedByServer(let code, _): return .afterOpen(code: code)
        case SocketEnd.upgradeRefused: return .upgradeRefused
        case is SocketEnd, is CancellationError: return nil
        default: return handshakeDone ? .afterOpen(code: nil) : .unreachable
        }
    }

    private func socketOpened(_ writer: any SocketWriter, generation current: Int) async throws {
        handshakeGeneration = current
        // A backend that replays history on the socket gets its frames applied as decoded: its
        // decoder already counted them as seen, so holding them back could lose them with the socket.
        liveBuffer = historyArrivesOnSocket ? nil : []
        currentWriter = writer
        for frame in backend.handshakeFrames() {
            try await writer.send(text: frame)
            noteFrameForDiagnostics(frame, outgoing: true, at: configuration.now())
        }
        lastFrameAt = configuration.now()
    }

    /// True when the backend's history comes on the socket (nothing to backfill).
    var historyArrivesOnSocket: Bool { (backend as? any ChatBackendTuning)?.historyArrivesOnSocket ?? false }

    /// Runs beside the reader: confirm the subscription, backfill, go live, then heartbeats.
    ///
    /// The backfill starts only once the subscription is confirmed, so every item is either
    /// in the fetched pages or on the socket; live frames wait in `liveBuffer` meanwhile and
    /// are applied after the older items, keeping transcript order.
    private func runConnection(_ writer: any SocketWriter, generation current: Int) async throws {
        if backend.confirmsHandshake { try await confirmSubscription(writer, generation: current) }
        if historyArrivesOnSocket { initialLoaded = true } else { try await backfill() }
        if !restoredOutbox.isEmpty { await deliverRestored() }
        guard generation == current, !machine.isSuspended else { return }
        let buffered = liveBuffer ?? []
        liveBuffer = nil
        for event in buffered { handle(event, live: true) }
        socket = writer
        renewalsInARow = 0
        _ = machine.opened()
        publishState()
        Task { await self.flushOutbox() }
        while generation == current {
            try await sleepUntilHeartbeatDue()
            let grace = min(configuration.heartbeatGrace, backend.heartbeatInterval)
            let sentAt = configuration.now()
            noteHeartbeatSent(at: sentAt)
            for frame in backend.heartbeatFrames() {
                try await writer.send(text: frame)
                noteFrameForDiagnostics(frame, outgoing: true, at: sentAt)
            }
            try await configuration.sleep(grace)
            if lastFrameAt < sentAt {
                logger.warning("no answer to the heartbeat within \(grace); replacing the socket")
                throw SocketEnd.silent
            }
            if let tuning = backend as? any ChatBackendTuning {
                switch tuning.heartbeatVerdict(now: configuration.now()) {
                case .keep: break
                case .replaceSocket:
                    logger.info("replacing the socket as the protocol asks (maximum age)")
                    throw SocketEnd.retired
                case .expire(let reason):
                    _ = machine.ended(reason: reason)
                    publishState()
                    throw SocketEnd.closedByUs
                }
            }
        }
    }

    /// Sleeps until the next heartbeat is due, in slices of at most a second, re-reading the interval
    /// each time: a server may announce its own interval after the socket opened, and it applies at once.
    private func sleepUntilHeartbeatDue() async throws {
        var slept = Duration.zero
        while true {
            let interval = backend.heartbeatInterval
            let wait = interval - min(configuration.heartbeatGrace, interval)
            guard slept < wait else { return }
            let slice = min(wait - slept, .seconds(1))
            try await configuration.sleep(slice)
            slept += slice
        }
    }

    /// Waits for the server to confirm the subscription, resending it like ChatJS (every 1 s,
    /// 3 times); a socket that is never subscribed would answer heartbeats but carry no chat.
    private func confirmSubscription(_ writer: any SocketWriter, generation current: Int) async throws {
        let step = Duration.milliseconds(50)
        for attempt in 0...3 {
            if attempt > 0 {
                logger.info("subscription not confirmed; sending it again (\(attempt))")
                for frame in backend.handshakeFrames() { try await writer.send(text: frame) }
            }
            for _ in 0..<20 {
                if subscribedGeneration == current { return }
                try await configuration.sleep(step)
            }
        }
        logger.warning("the server never confirmed the subscription; replacing the socket")
        throw SocketEnd.notSubscribed
    }

    /// Fetches what the transcript holds that we have not seen, before going live.
    private func backfill() async throws {
        if !initialLoaded {
            let page = try await backend.fetchTranscript(.recent(limit: configuration.initialHistory))
            olderPageToken = page.nextPageToken
            initialLoaded = true
            for event in page.events { handle(event, live: false) }
            return
        }
        guard let last = store.lastServerItemId else {
            let page = try await backend.fetchTranscript(.recent(limit: configuration.initialHistory))
            for event in page.events { handle(event, live: false) }
            return
        }
        var token: String?
        var pages = 0
        repeat {
            let page = try await backend.fetchTranscript(.after(itemId: last, pageToken: token))
            logger.debug("backfill page \(pages + 1): \(page.events.count) events, more: \(page.nextPageToken != nil)")
            for event in page.events { handle(event, live: false) }
            token = page.nextPageToken
            pages += 1
        } while token != nil && pages < 100
    }

    /// Decodes and applies frames as if they came from the open socket (benchmarks only).
    @_spi(Benchmark) public func ingest(frames: [String]) {
        for frame in frames { receive(frame: frame, generation: generation) }
    }

    private func receive(frame: String, generation current: Int) {
        guard generation == current else { return }
        lastFrameAt = configuration.now()
        noteFrameForDiagnostics(frame, outgoing: false, at: lastFrameAt)
        let events: [BackendEvent]
        do {
            events = try backend.decode(frame: frame)
        } catch {
            logger.warning("ignored a malformed frame: \(error)")
            hub.publish(.notice("Ignored a malformed frame from the server (\(error))."))
            return
        }
        if let tuning = backend as? any ChatBackendTuning, let writer = currentWriter {
            let replies = tuning.takeReplyFrames()
            if !replies.isEmpty {
                Task {
                    for frame in replies { try? await writer.send(text: frame) }
                }
            }
        }
        for event in events {
            switch event {
            case .subscribed, .alive, .degraded:
                handle(event, live: true)
            default:
                if liveBuffer != nil { liveBuffer?.append(event) } else { handle(event, live: true) }
            }
        }
    }

    /// Applies one decoded event to the transcript and publishes what changed.
    func handle(_ event: BackendEvent, live: Bool) {
        switch event {
        case .item(let item):
            switch store.merge(item, me: info?.me) {
            case .inserted(let inserted):
                hub.publish(.item(inserted))
                noteArrival(inserted)
            case .updated(let updated):
                hub.publish(.itemUpdated(updated))
                if let localId = updated.localId, outbox.entry(localId: localId) != nil, updated.delivery != .pending {
                    outbox.remove(localId: localId)
                    outboxChanged()
                }
            case .duplicate: break
            }
            if live, !item.isHistory, case .event(.chatEnded) = item.kind {
                chatEndedByServer()
            }
        case .receipt(let messageId, let delivery, let recipientId):
            if let recipientId, recipientId == info?.me.id { return }
            if let updated = store.applyReceipt(messageId: messageId, delivery: delivery) {
                hub.publish(.itemUpdated(updated))
            }
        case .typing(let participant):
            guard live, !isMe(participant) else { return }
            hub.publish(.typing(participant))
        case .typingStopped(let participant):
            guard live, !isMe(participant) else { return }
            hub.publish(.typingStopped(participant))
        case .queuePosition(let position):
            hub.publish(.queuePosition(position))
        case .subscribed:
            if live { subscribedGeneration = generation }
        case .alive:
            noteHeartbeatAnswered()
        case .degraded(let detail):
            logger.warning("deep heartbeat failed: \(detail)")
        case .serverError(let message):
            logger.warning("server error on the socket: \(message)")
            hub.publish(.notice("The server reported an error: \(message)"))
        }
    }

    func isMe(_ participant: Participant) -> Bool {
        guard let me = info?.me else { return false }
        if let id = me.id, let other = participant.id { return id == other }
        return participant.role == me.role
    }

    private func chatEndedByServer() {
        endedByServer = true
        closeCurrentSocket?()
    }
}
