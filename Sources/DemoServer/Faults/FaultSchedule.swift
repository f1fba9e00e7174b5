import Foundation

/// Runs the timed parts of a `DemoFaults` spec (periodic drops, half-open windows, token expiry).
enum FaultSchedule {
    /// Starts a task applying the timed faults; cancel it to stop.
    static func start(
        _ faults: DemoFaults, hub: ContactCenterHub, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) -> Task<Void, Never> {
        Task {
            await withTaskGroup(of: Void.self) { group in
                if let interval = faults.dropEvery {
                    group.addTask {
                        await repeating(every: interval, sleep: sleep) {
                            if let code = faults.polyAICloseCode {
                                await hub.closePolyAISockets(code: code, reason: "Injected close")
                            }
                            await hub.dropAllSockets(abruptly: faults.dropAbruptly)
                        }
                    }
                }
                if let interval = faults.expireTokensEvery {
                    group.addTask { await repeating(every: interval, sleep: sleep) { await hub.expireConnectionTokens() } }
                }
                if let delay = faults.halfOpenAfter {
                    group.addTask {
                        guard (try? await sleep(delay)) != nil else { return }
                        await hub.setPathHalfOpen(true)
                        if let window = faults.halfOpenFor, (try? await sleep(window)) != nil {
                            await hub.setPathHalfOpen(false)
                        }
                    }
                }
            }
        }
    }

    private static func repeating(
        every interval: Duration, sleep: @Sendable (Duration) async throws -> Void, _ action: @Sendable () async -> Void
    ) async {
        while (try? await sleep(interval)) != nil {
            await action()
        }
    }
}
