import Foundation

/// Runs the timed parts of a `DemoFaults` spec (periodic drops, half-open windows, token expiry).
enum FaultSchedule {
    /// Starts a task applying the timed faults; cancel it to stop.
    static func start(_ faults: DemoFaults, hub: ContactCenterHub) -> Task<Void, Never> {
        Task {
            await withTaskGroup(of: Void.self) { group in
                if let interval = faults.dropEvery {
                    group.addTask {
                        await repeating(every: interval) { await hub.dropAllSockets(abruptly: faults.dropAbruptly) }
                    }
                }
                if let interval = faults.expireTokensEvery {
                    group.addTask { await repeating(every: interval) { await hub.expireConnectionTokens() } }
                }
                if let delay = faults.halfOpenAfter {
                    group.addTask {
                        guard (try? await Task.sleep(for: delay)) != nil else { return }
                        await hub.setHalfOpen(true)
                        if let window = faults.halfOpenFor, (try? await Task.sleep(for: window)) != nil {
                            await hub.setHalfOpen(false)
                        }
                    }
                }
            }
        }
    }

    private static func repeating(every interval: Duration, _ action: @Sendable () async -> Void) async {
        while (try? await Task.sleep(for: interval)) != nil {
            await action()
        }
    }
}
