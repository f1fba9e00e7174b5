import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Watches a running emulator once a second — how late its event loops, its chats' state and its
/// own check answer, and its CPU — and reports when it, not its clients, is the limit
/// (`helpline serve`; the embedded demo in a chat is not watched).
public final class ServerLoadWatch: Sendable {
    /// The guard, shared by the watching task and ``total``.
    private final class Verdict: Sendable {
        let state: Mutex<ServerLoadGuard>

        init(_ watch: ServerLoadGuard) {
            state = Mutex(watch)
        }
    }

    private let task: Task<Void, Never>
    private let verdict: Verdict

    /// Starts watching `server`, checking every `interval`, in a process on `cores` usable cores whose
    /// CPU time so far `processTime` reads (the program's meter: the emulator keeps no copy of it);
    /// `report` gets each ``ServerLoadGuard/Change``.
    public init(
        _ server: DemoContactCenter, limits: ServerLoadLimits = ServerLoadLimits(), interval: Duration = .seconds(1),
        cores: Int, processTime: @escaping @Sendable () -> Duration, report: @escaping @Sendable (ServerLoadGuard.Change) -> Void
    ) {
        let verdict = Verdict(ServerLoadGuard(limits: limits, cores: cores))
        self.verdict = verdict
        let hub = server.hub
        task = Task.detached {
            let start = ContinuousClock.now
            var last = (wall: start, used: processTime())
            var due = start
            while !Task.isCancelled {
                due = due + interval
                guard (try? await Task.sleep(until: due, clock: .continuous)) != nil else { break }
                let woke = ContinuousClock.now
                await hub.ping()
                let hubLag = ContinuousClock.now - woke
                let loopLag = await Self.eventLoopLag()
                let now = (wall: ContinuousClock.now, used: processTime())
                let sample = ServerLoadSample(
                    tickLag: woke - due, loopLag: loopLag, hubLag: hubLag,
                    cpuShare: Self.share(used: now.used - last.used, wall: now.wall - last.wall, cores: cores))
                last = now
                let second = Int((woke - start).components.seconds)
                if let change = verdict.state.withLock({ $0.check(second: second, sample) }) { report(change) }
            }
        }
    }

    /// Every saturated second so far, with the peaks; nil when there was none.
    public var total: ServerSaturation? { verdict.state.withLock { $0.total } }

    /// The checks made so far.
    public var checks: Int { verdict.state.withLock { $0.checks } }

    /// Stops watching; returns once the watch has stopped.
    public func stop() async {
        task.cancel()
        await task.value
    }

    /// The longest wait of a job handed to each of the server's event loops at once.
    static func eventLoopLag() async -> Duration? {
        let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
        guard !loops.isEmpty else { return nil }
        var longest = Duration.zero
        for loop in loops {
            let handed = NIODeadline.now()
            guard let ran = try? await loop.submit({ NIODeadline.now() }).get() else { continue }
            longest = max(longest, .nanoseconds((ran - handed).nanoseconds))
        }
        return longest
    }

    /// The share of all cores used between two readings `wall` apart.
    static func share(used: Duration, wall: Duration, cores: Int) -> Double? {
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        guard wallSeconds > 0.05 else { return nil }
        let usedSeconds = Double(used.components.seconds) + Double(used.components.attoseconds) / 1e18
        return usedSeconds / wallSeconds / Double(max(1, cores))
    }
}
