import Synchronization

/// Delays each item of a stream on its own (latency plus jitter) while keeping the stream's order, as a
/// slow TCP connection does: a frame never overtakes an earlier one, and delays overlap instead of adding up.
final class DelayLine<Item: Sendable>: Sendable {
    private struct State {
        var entered = 0
        var released = 0
        var arrived: [Int: Item] = [:]
        var sourceFinished = false
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<Item>.Continuation

    private init(_ continuation: AsyncStream<Item>.Continuation) {
        self.continuation = continuation
    }

    /// `source` with every item held for the duration `draw` returns (nil or zero: no wait, but still
    /// behind any earlier item that is being held); `sleep` waits (injected by tests).
    static func delaying(
        _ source: AsyncStream<Item>, draw: @escaping @Sendable () -> Duration?,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) -> AsyncStream<Item> {
        let (stream, continuation) = AsyncStream.makeStream(of: Item.self)
        let line = DelayLine(continuation)
        let pump = Task {
            for await item in source {
                let number = line.enter()
                if let delay = draw(), delay > .zero {
                    Task {
                        try? await sleep(delay)
                        line.arrive(number, item)
                    }
                } else {
                    line.arrive(number, item)
                }
            }
            line.finishWhenDrained()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }

    private func enter() -> Int {
        state.withLock { state in
            state.entered += 1
            return state.entered - 1
        }
    }

    /// Releases `item` and every later one that already arrived, in order (yielding under the lock keeps
    /// concurrent arrivals from overtaking each other).
    private func arrive(_ number: Int, _ item: Item) {
        state.withLock { state in
            state.arrived[number] = item
            while let next = state.arrived.removeValue(forKey: state.released) {
                continuation.yield(next)
                state.released += 1
            }
            if state.sourceFinished, state.released == state.entered { continuation.finish() }
        }
    }

    private func finishWhenDrained() {
        state.withLock { state in
            state.sourceFinished = true
            if state.released == state.entered { continuation.finish() }
        }
    }
}
