import Foundation
import Synchronization

/// How the chats of a closed-model run that are meant to run "at once" get started: never all in
/// one instant (which measures the load generator's own start-up storm, not the contact center).
public enum StartPacing: Sendable, Hashable {
    /// Start chats as fast as they open: at most `atMost` chats are between being started and their
    /// connection opening (or failing) at any time, so the pace follows what this machine and the
    /// server can open. The default.
    case opening(atMost: Int)
    /// Start the first wave evenly over a fixed time (`--ramp-up T`); `.zero` starts them all at once.
    case ramp(Duration)

    /// The chats one core opens side by side by default. Each opening is a few HTTP calls, a TLS
    /// handshake and a WebSocket upgrade; 16 a core keep both cores of a small machine busy opening
    /// without starving the chats already open (docs/load-testing.md has the measurements).
    public static let openingPerCore = 16

    /// The default for a machine with `cores` cores.
    public static func machineDefault(cores: Int) -> StartPacing {
        .opening(atMost: openingPerCore * max(1, cores))
    }

    /// The pacing in words, for the run's shape line.
    public var description: String {
        switch self {
        case .opening(let atMost): "paced: at most \(atMost) opening at a time"
        case .ramp(let time) where time == .zero: "all started at once"
        case .ramp(let time): "ramped up over \(LatencyStats.format(time))"
        }
    }

    /// When worker `index` of `workers` may start its first chat, after the run's start (`.ramp` only).
    public func firstStart(worker index: Int, of workers: Int) -> Duration {
        guard case .ramp(let time) = self, workers > 1, index > 0 else { return .zero }
        return time * (Double(index) / Double(workers))
    }
}

/// The gate of ``StartPacing/opening(atMost:)``: a chat enters before it starts and leaves when its
/// connection opened, failed or the chat ended; at most `width` are inside at once, the rest wait
/// their turn in order.
final class OpeningGate: Sendable {
    private struct State {
        var inside = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let width: Int
    private let state: Mutex<State>

    /// A gate that lets `width` (at least one) chats open at once.
    init(width: Int) {
        self.width = max(1, width)
        self.state = Mutex(State())
    }

    /// Waits for a place. Every caller must ``leave()`` once, even when it then does not start a chat
    /// (a waiter resumed after a cancel passes its place on that way).
    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.inside < width else {
                    state.waiting.append(continuation)
                    return false
                }
                state.inside += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// How many wait for a place now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Gives the place back: the longest waiter takes it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.inside = max(state.inside - 1, 0)
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
