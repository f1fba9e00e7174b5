import Foundation

/// When `helpline serve` says that it, the emulator, is the limit: the delays its own work waits,
/// measured once a second.
public struct ServerLoadLimits: Sendable, Hashable {
    /// How late a check may reach the server's event loops, the chats' state (the hub) or wake up
    /// itself before the emulator counts as saturated: every request and frame waits as long.
    public var lag = Duration.milliseconds(250)
    /// The process's CPU use as a share of every core it may use, above which it counts as saturated
    /// when that lasts ``cpuSeconds`` checks in a row.
    public var cpuShare = 0.9
    /// The checks in a row the CPU must pass its limit in.
    public var cpuSeconds = 2

    /// The documented defaults.
    public init() {}
}

/// One second's measurements of the emulator's own delays.
public struct ServerLoadSample: Sendable, Hashable {
    /// How late the check itself woke up.
    public var tickLag: Duration
    /// The longest a job handed to one of the server's event loops waited to run (nil: not measured).
    public var loopLag: Duration?
    /// How long a call waited to reach the chats' state.
    public var hubLag: Duration
    /// The process's CPU use in the second, as a share of all cores (nil: unknown).
    public var cpuShare: Double?

    /// Creates a sample.
    public init(tickLag: Duration, loopLag: Duration?, hubLag: Duration, cpuShare: Double?) {
        self.tickLag = tickLag
        self.loopLag = loopLag
        self.hubLag = hubLag
        self.cpuShare = cpuShare
    }
}

/// An episode (or, summed, a whole run) of the emulator being saturated, with its peaks.
public struct ServerSaturation: Sendable, Hashable {
    /// The first second of the serve run in which a limit was passed.
    public var firstSecond: Int
    /// How many checks passed a limit.
    public var seconds = 0
    /// The highest event-loop lag, in milliseconds.
    public var peakLoopLagMs: Int64 = 0
    /// The highest wait for the chats' state, in milliseconds.
    public var peakHubLagMs: Int64 = 0
    /// The latest the check woke up, in milliseconds.
    public var peakTickLagMs: Int64 = 0
    /// The highest CPU use of a second, in percent of all cores.
    public var peakCPUPercent = 0
    /// The cores the process could use.
    public var cores: Int

    /// The peaks in words: `event loops up to 640 ms late, chats' state up to 1300 ms late, CPU 97 % of 2 core(s)`.
    public var figures: String {
        "event loops up to \(peakLoopLagMs) ms late, chats' state up to \(peakHubLagMs) ms late, "
            + "its own check up to \(peakTickLagMs) ms late, CPU \(peakCPUPercent) % of \(cores) core(s)"
    }

    mutating func add(_ sample: ServerLoadSample) {
        seconds += 1
        peakLoopLagMs = max(peakLoopLagMs, Self.ms(sample.loopLag ?? .zero))
        peakHubLagMs = max(peakHubLagMs, Self.ms(sample.hubLag))
        peakTickLagMs = max(peakTickLagMs, Self.ms(sample.tickLag))
        if let cpu = sample.cpuShare { peakCPUPercent = max(peakCPUPercent, Int((min(max(cpu, 0), 64) * 100).rounded())) }
    }

    static func ms(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return min(seconds, 1 << 40) * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

/// Decides, each second, whether the emulator is saturated: a plain value fed one
/// ``ServerLoadSample`` a check, answering with what to tell the user.
public struct ServerLoadGuard: Sendable {
    /// What a check found worth saying.
    public enum Change: Sendable, Hashable {
        /// A limit was passed after a calm stretch: the episode so far.
        case began(ServerSaturation)
        /// The first calm check after an episode: the whole episode.
        case ended(ServerSaturation)
    }

    /// The limits in force.
    public let limits: ServerLoadLimits
    /// The cores the process can use.
    public let cores: Int
    private var cpuStreak = 0
    /// The checks made so far.
    public private(set) var checks = 0
    /// The episode under way; nil while calm.
    public private(set) var episode: ServerSaturation?
    /// Every saturated second of the run, with the run's peaks; nil while there was none.
    public private(set) var total: ServerSaturation?

    /// A guard with `limits` for a process on `cores` cores.
    public init(limits: ServerLoadLimits = ServerLoadLimits(), cores: Int) {
        self.limits = limits
        self.cores = max(1, cores)
    }

    /// The check at the end of `second`.
    public mutating func check(second: Int, _ sample: ServerLoadSample) -> Change? {
        checks += 1
        cpuStreak = (sample.cpuShare.map { $0 > limits.cpuShare } ?? false) ? cpuStreak + 1 : 0
        let late = [sample.tickLag, sample.loopLag ?? .zero, sample.hubLag].contains { $0 > limits.lag }
        guard late || cpuStreak >= max(1, limits.cpuSeconds) else {
            defer { episode = nil }
            return episode.map(Change.ended)
        }
        let began = episode == nil
        var current = episode ?? ServerSaturation(firstSecond: second, cores: cores)
        current.add(sample)
        episode = current
        var all = total ?? ServerSaturation(firstSecond: second, cores: cores)
        all.add(sample)
        total = all
        return began ? .began(current) : nil
    }
}
