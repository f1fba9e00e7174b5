import ChatModel
import Foundation

extension ChatSession {
    /// Sends a message: shown at once as pending, delivered when connected; returns its local id.
    @discardableResult
    public func send(_ text: String) async -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let reply = formTextReply(trimmed) { return enqueue(reply) }
        let contentType = MarkdownHeuristic.looksLikeMarkdown(trimmed) ? "text/markdown" : "text/plain"
        return enqueue(ChoiceReply(contentType: contentType, content: trimmed, display: trimmed))
    }

    /// Shows `reply` at once as pending and queues it; its content goes out, its display text is shown.
    func enqueue(_ reply: ChoiceReply) -> String? {
        if case .closed = machine.state {
            hub.publish(.notice("The chat has ended; start a new one with /new."))
            return nil
        }
        let localId = UUID().uuidString.lowercased()
        let me = info?.me ?? Participant(name: "You", role: .customer)
        let shownType = reply.content == reply.display ? reply.contentType : "text/plain"
        let item = ChatItem(
            id: localId, localId: localId, time: configuration.now(), sender: me, kind: .message,
            contentType: shownType, text: reply.display, delivery: .pending)
        hub.publish(.item(store.addPending(item)))
        outbox.append(
            OutboxEntry(
                localId: localId, clientToken: UUID().uuidString.lowercased(), text: reply.content,
                contentType: reply.contentType, createdAt: item.time,
                display: reply.content == reply.display ? nil : reply.display))
        typing.reset()
        outboxChanged()
        if socket != nil { dispatch(localId) }
        return localId
    }

    /// Tells the other side we are typing, at most once per interval, only while connected.
    public func sendTyping() async {
        guard configuration.sendsTyping, machine.state == .open, let socket else { return }
        guard typing.shouldSend(at: configuration.now()) else { return }
        do {
            try await backend.sendTyping(socket: socket)
        } catch {
            logger.debug("typing notice failed: \(Self.classify(error))")
        }
    }

    /// Sends a failed message again.
    public func retry(localId: String) {
        if retryUpload(localId: localId) { return }
        guard outbox.revive(localId: localId) else {
            hub.publish(.notice("Nothing to retry."))
            return
        }
        if let item = store.setDelivery(localId: localId, .pending) { hub.publish(.itemUpdated(item)) }
        if socket != nil { dispatch(localId) }
    }

    /// Forgets a failed message.
    public func drop(localId: String) {
        guard let entry = outbox.entry(localId: localId), entry.failed else { return }
        outbox.remove(localId: localId)
        outboxChanged()
        if var item = store.item(localId: localId) {
            item.text = ""
            _ = store.remove(localId: localId)
            hub.publish(.itemUpdated(item))
        }
    }

    /// Fetches the next older page of the transcript.
    public func loadOlder() async {
        guard let token = olderPageToken else {
            hub.publish(.olderItems([], hasMore: false))
            return
        }
        do {
            let page = try await backend.fetchTranscript(.older(pageToken: token))
            olderPageToken = page.nextPageToken
            let older = page.events.compactMap { event -> ChatItem? in
                if case .item(let item) = event { return item }
                return nil
            }
            hub.publish(.olderItems(store.prepend(older), hasMore: page.nextPageToken != nil))
        } catch {
            hub.publish(.notice("Could not load older messages: \(Self.classify(error))"))
        }
    }

    /// Ends the chat for everyone and stops.
    public func end() async {
        guard !machine.state.isTerminal else { return }
        _ = machine.endRequested()
        publishState()
        do {
            if let tuning = backend as? any ChatBackendTuning {
                try await tuning.end(socket: currentWriter)
            } else {
                try await backend.disconnect()
            }
        } catch {
            logger.info("disconnect failed: \(Self.classify(error))")
        }
        // Give the server a moment to deliver its own `chat.ended`, as the official clients do.
        for _ in 0..<10 where !endedByServer && socket != nil {
            try? await configuration.sleep(.milliseconds(100))
        }
        _ = machine.ended(reason: endedByServer ? "the chat has ended" : "you ended the chat")
        publishState()
        closeCurrentSocket?()
        signal(.stop)
    }

    /// Sends every ready outbox entry.
    func flushOutbox() {
        for entry in outbox.ready { dispatch(entry.localId) }
    }

    private func dispatch(_ localId: String) {
        guard outbox.begin(localId: localId) else { return }
        Task { await self.deliver(localId) }
    }

    private func deliver(_ localId: String) async {
        var attempt = 0
        while let entry = outbox.entry(localId: localId), !machine.state.isTerminal {
            let message = OutgoingMessage(
                localId: localId, clientToken: entry.clientToken, text: entry.text, contentType: entry.contentType)
            let (attemptGeneration, hadSocket) = (generation, socket != nil)
            do {
                let ack = try await backend.send(message, socket: socket)
                if case .awaitingEcho = ack {
                    // Written to the socket; the echo with our local id settles it. If the
                    // socket drops first, the next flush sends it again (same local id).
                    outbox.pause(localId: localId)
                    return
                }
                if case .accepted(let id, let time) = ack {
                    outbox.remove(localId: localId)
                    outboxChanged()
                    if let item = store.acknowledge(localId: localId, id: id, time: time) {
                        hub.publish(.itemUpdated(item))
                    }
                }
                return
            } catch let unusable as SocketUnusable {
                // Not the message's fault: it goes out on the next socket, and a silent one is replaced.
                if socket != nil, !(hadSocket && generation == attemptGeneration) { continue }
                logger.info("\(unusable); the message waits for the next socket")
                if socket != nil { closeCurrentSocket?() }
                outbox.pause(localId: localId)
                return
            } catch {
                let failure = Self.classify(error)
                attempt += 1
                if failure.isRetryable, configuration.sendBackoff.allows(attempt: attempt) {
                    logger.info("send failed (\(failure)); retry \(attempt)")
                    try? await configuration.sleep(
                        configuration.sendBackoff.delay(attempt: attempt, randomUnit: configuration.random()))
                    continue
                }
                outbox.fail(localId: localId)
                outboxChanged()
                if let item = store.setDelivery(localId: localId, .failed) { hub.publish(.itemUpdated(item)) }
                hub.publish(.notice("Message not sent (\(failure)). /retry sends it again."))
                return
            }
        }
    }
}
