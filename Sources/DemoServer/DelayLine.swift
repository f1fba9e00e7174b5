/// Delays each item of a stream on its own (latency plus jitter) while keeping the stream's order, as a
/// slow TCP connection does: a frame never overtakes an earlier one, and delays overlap instead of adding up.
actor DelayLine<Item: Sendable> {
    private let continuation: AsyncStream<Item>.Continuation
    private var entered = 0
    private var released = 0
    private var arrived: [Int: Item] = [:]
    private var sourceFinished = false

    private init(_ continuation: AsyncStream<Item>.Continuation) {
        self.continuation = continuation
    }

    /// `source` with every item held for the duration `draw` returns (nil or zero: no wait, but still
    /// behind any earlier item that is being held); `sleep` waits (injected by tests).
    static func delaying(
        _ source: AsyncStream<Item>, draw: @escaping @Sendable () async -> Duration?,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) -> AsyncStream<Item> {
        let (stream, continuation) = AsyncStream.makeStream(of: Item.self)
        let line = DelayLine(continuation)
        let pump = Task {
            for await item in source {
                let number = await line.enter()
                if let delay = await draw(), delay > .zero {
                    Task {
                        try? await sleep(delay)
                        await line.arrive(number, item)
                    }
                } else {
                    await line.arrive(number, item)
                }
            }
            await line.finishWhenDrained()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }

    private func enter() -> Int {
        entered += 1
        return entered - 1
    }

    private func arrive(_ number: Int, _ item: Item) {
        arrived[number] = item
        while let next = arrived.removeValue(forKey: released) {
            continuation.yield(next)
            released += 1
        }
        if sourceFinished, released == entered { continuation.finish() }
    }

    private func finishWhenDrained() {
        sourceFinished = true
        if released == entered { continuation.finish() }
    }
}
