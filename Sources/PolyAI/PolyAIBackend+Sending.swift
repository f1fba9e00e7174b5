import ChatEngine
import ChatModel
import Foundation

extension PolyAIBackend {
    /// Writes the user message with our `local_id`, then waits for its echo, resending the
    /// identical frame every `resendInterval` up to `maxResends` times (spec §7.3).
    public func send(_ message: OutgoingMessage, socket: (any SocketWriter)?) async throws -> SendAck {
        guard let socket else { throw BackendError.network("not connected") }
        remember(socket)
        let limit = state.withLock { $0.conversation.capabilities?.maxMessageSizeBytes ?? 1_048_576 }
        guard message.text.utf8.count <= limit else {
            throw BackendError.rejected(status: 0, type: "MessageTooLarge", message: "the message is larger than \(limit) bytes")
        }
        let frame = PolyAIOutgoing.userMessage(text: message.text, localId: message.localId)
        state.withLock { $0.conversation.touch(options.now()) }
        let step = Duration.milliseconds(50)
        let polls = max(1, Int(options.resendInterval / step))
        for _ in 0...options.maxResends {
            if isConfirmed(localId: message.localId) { return .awaitingEcho }
            try await socket.send(text: frame)
            for _ in 0..<polls {
                if isConfirmed(localId: message.localId) { return .awaitingEcho }
                try await options.sleep(step)
            }
        }
        if isConfirmed(localId: message.localId) { return .awaitingEcho }
        throw BackendError.rejected(
            status: 0, type: "DeliveryFailed",
            message: "PolyAI did not confirm the message after \(options.maxResends + 1) attempts")
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
