import Foundation
import Synchronization

/// Wakes a sleeping loop from any thread: ``signal()`` resumes the one waiter of ``wait(until:)``
/// directly (one hop to the waiter's executor), or is remembered until the next wait.
final class WakeSignal: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var pending = false
        var generation = 0
    }

    private let state = Mutex(State())

    /// Creates a signal with nothing pending.
    init() {}

    /// Wakes the waiter, or makes the next ``wait(until:)`` return at once.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after a ``signal()`` or at `deadline` (never, when nil), whichever comes first.
    /// Runs on the caller's actor, so a signal resumes the caller with a single hop.
    func wait(until deadline: Date?, isolation: isolated (any Actor)? = #isolation) async {
        let generation = state.withLock { state -> Int? in
            if state.pending {
                state.pending = false
                return nil
            }
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        var timer: Task<Void, Never>?
        if let deadline {
            let delay = max(0, deadline.timeIntervalSinceNow)
            timer = Task { [weak self] in
                try? await Task.sleep(for: .microseconds(Int64(delay * 1_000_000)))
                guard !Task.isCancelled else { return }
                self?.signal(ifStill: generation)
            }
        }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.pending {
                    state.pending = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer?.cancel()
    }

    /// The timer of wait number `generation` fired: wake that wait only.
    private func signal(ifStill generation: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.generation == generation, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
