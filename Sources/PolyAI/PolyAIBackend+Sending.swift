import ChatEngine
import ChatModel
import Foundation

extension PolyAIBackend {
    /// Writes the user message with our `local_id`, then waits for its echo, resending the
    /// identical frame every `resendInterval` up to `maxResends` times (spec §7.3).
    ///
    /// Silence is not a delivery failure: when nothing at all arrived on the socket while we waited,
    /// a heartbeat probes it, and a socket that does not answer that either is reported as
    /// ``SocketUnusable``, so the engine replaces it and sends the message again on the next one.
    /// Only a socket that is demonstrably alive but never echoes the message fails it.
    public func send(_ message: OutgoingMessage, socket: (any SocketWriter)?) async throws -> SendAck {
        guard let socket else { throw SocketUnusable("not connected") }
        remember(socket)
        let limit = state.withLock { $0.conversation.capabilities?.maxMessageSizeBytes ?? 1_048_576 }
        guard message.text.utf8.count <= limit else {
            throw BackendError.rejected(status: 0, type: "MessageTooLarge", message: "the message is larger than \(limit) bytes")
        }
        let frame = PolyAIOutgoing.userMessage(text: message.text, localId: message.localId)
        let (framesBefore, connection) = state.withLock { state in
            state.conversation.touch(options.now())
            return (state.framesReceived, state.connections)
        }
        for _ in 0...options.maxResends {
            if isConfirmed(localId: message.localId) { return .awaitingEcho }
            try await write(frame, on: socket)
            if try await waitForEcho(message.localId, on: connection, orFrameAfter: nil) { return .awaitingEcho }
        }
        if isConfirmed(localId: message.localId) { return .awaitingEcho }
        if counters.frames == framesBefore {
            // Not a word on this socket since the message went out: ask it for a heartbeat echo.
            try await write(PolyAIOutgoing.heartbeat, on: socket)
            if try await waitForEcho(message.localId, on: connection, orFrameAfter: framesBefore) { return .awaitingEcho }
            if counters.frames == framesBefore {
                throw SocketUnusable("no answer on the socket while waiting for the echo of a message")
            }
        }
        throw BackendError.rejected(
            status: 0, type: "DeliveryFailed",
            message: "PolyAI did not confirm the message after \(options.maxResends + 1) attempts")
    }

    /// Frames decoded and connections made so far.
    private var counters: (frames: Int, connections: Int) { state.withLock { ($0.framesReceived, $0.connections) } }

    /// Writes one frame; a failed write means the socket is gone, not that the message is bad.
    private func write(_ frame: String, on socket: any SocketWriter) async throws {
        do {
            try await socket.send(text: frame)
        } catch {
            throw SocketUnusable("the write failed (\(error))")
        }
    }

    /// Polls for one resend interval; true once the echo is in. Throws ``SocketUnusable`` when a new
    /// connection replaced the one we wrote to (its silence says nothing about the message). With
    /// `orFrameAfter`, also stops (false) as soon as any frame arrived after that count.
    private func waitForEcho(_ localId: String, on connection: Int, orFrameAfter count: Int?) async throws -> Bool {
        let step = Duration.milliseconds(50)
        for _ in 0..<max(1, Int(options.resendInterval / step)) {
            if isConfirmed(localId: localId) { return true }
            let now = counters
            if now.connections != connection { throw SocketUnusable("the socket was replaced while waiting for the echo") }
            if let count, now.frames > count { return false }
            try await options.sleep(step)
        }
        return isConfirmed(localId: localId)
    }

    /// Typing STARTED (at most every 3 s) and a STOPPED 5 s after the last keystroke.
    public func sendTyping(socket: (any SocketWriter)?) async throws {
        guard let socket else { return }
        remember(socket)
        let now = options.now()
        let (start, generation) = state.withLock { ($0.typing.keystroke(at: now), $0.typing.generation) }
        if start { try await socket.send(text: PolyAIOutgoing.typingStarted) }
        let sleep = options.sleep
        Task { [weak self] in
            guard (try? await sleep(PolyAIPolicies.typingStoppedDelay)) != nil, let self else { return }
            guard self.state.withLock({ $0.typing.stopDue(generation: generation) }) else { return }
            try? await socket.send(text: PolyAIOutgoing.typingStopped)
        }
    }

    /// PolyAI has no client receipts; the socket is remembered for ending the chat.
    public func sendReceipt(messageId: String, read: Bool, socket: (any SocketWriter)?) async throws {
        remember(socket)
    }

    /// Sends `USER_END_SESSION` on the last socket we were given (spec §7.6).
    public func disconnect() async throws {
        guard let writer = state.withLock({ $0.writer }) else { return }
        try? await writer.send(text: PolyAIOutgoing.endSession)
    }
}
