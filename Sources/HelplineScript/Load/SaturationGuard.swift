import Foundation

/// When a load run says that this machine, not the system under test, was the limit.
public struct SaturationLimits: Sendable, Hashable {
    /// The client's own added latency (a reply frame's arrival → its `expect` matching), p99 over
    /// the last ``window`` seconds, above which the client is too busy to measure the server.
    public var addedP99 = Duration.milliseconds(100)
    /// The process's CPU use, as a share of every core it can run on (0.9: 90 % of each), above
    /// which the chats wait for a core rather than for the server.
    public var cpuShare = 0.9
    /// The seconds the added-latency p99 looks back over.
    public var window = 5
    /// The fewest added latencies in the window for their p99 to count (one slow match is no trend).
    public var fewestSamples = 10
    /// The checks in a row the CPU must pass its limit in (a start-up second is no trend).
    public var cpuSeconds = 2
    /// How late the once-a-second check itself may wake up: later, and the process's tasks wait
    /// for their turn (every chat's reply is read that late), whatever the CPU figure says.
    public var tickLag = Duration.milliseconds(250)

    /// The documented defaults.
    public init() {}
}

/// One shard's verdict that its machine could not drive the load it was given, with the figures
/// (`--summary` JSON `saturation`, one per saturated shard after `report merge`).
public struct Saturation: Sendable, Hashable, Codable {
    /// The shard (`1/1` without `--shard`).
    public var shard: String
    /// The first second of the run in which a limit was passed.
    public var firstSecond: Int
    /// How many seconds a limit was passed.
    public var seconds: Int
    /// The highest added-latency p99 of a window, in milliseconds.
    public var peakAddedP99Ms: Int64
    /// The highest CPU use of a second, in percent of the cores (100: every core busy).
    public var peakCPUPercent: Int
    /// The latest the once-a-second check woke up after its time, in milliseconds.
    public var peakTickLagMs: Int64 = 0
    /// The cores the process could use.
    public var cores: Int
    /// Chats that failed while the machine was saturated.
    public var failedWhileSaturated: Int
    /// The most chats running at once on the shard.
    public var peakRunning: Int
    /// The chats running when the machine first became saturated (nil in summaries that predate it).
    public var runningAtOnset: Int?

    // The CPU figure's key is spelt so that snake_case and back give the same name (`peak_cpu_percent`).
    private enum CodingKeys: String, CodingKey {
        case shard, firstSecond, seconds, peakAddedP99Ms, peakTickLagMs, cores, failedWhileSaturated, peakRunning, runningAtOnset
        case peakCPUPercent = "peakCpuPercent"
    }

    /// How many machines of this size the same load needs at least, never fewer than two: enough
    /// that each one's busiest second stays under the CPU limit, and that none runs as many chats
    /// at once as this one did when it became saturated.
    public func machinesNeeded(limits: SaturationLimits = SaturationLimits()) -> Int {
        let limit = max(limits.cpuShare * 100, 1)
        let byCPU = Int((Double(peakCPUPercent) / limit).rounded(.up))
        let byChats = runningAtOnset.map { onset in onset > 0 ? peakRunning / onset + 1 : 0 } ?? 0
        return max(2, byCPU, byChats)
    }
}

/// Watches a run as it goes and decides, each second, whether this machine is saturated: a plain
/// value fed the added latencies of finished chats and the CPU share of each second.
public struct SaturationGuard: Sendable {
    /// The limits in force.
    public let limits: SaturationLimits
    /// The cores the process can use.
    public let cores: Int
    /// Added latencies of the last seconds, by second.
    private var recent: [(second: Int, added: LatencyHistogram)] = []
    /// Checks in a row whose CPU share passed the limit.
    private var cpuStreak = 0
    /// True from the last check that passed a limit until one that did not.
    public private(set) var isSaturated = false
    /// The figures so far; nil while no limit was passed.
    public private(set) var record: Saturation?

    /// A guard for a run on `cores` cores.
    public init(limits: SaturationLimits = SaturationLimits(), cores: Int) {
        self.limits = limits
        self.cores = max(1, cores)
    }

    /// A finished chat's added latencies, in `second`.
    public mutating func added(_ latencies: [Duration], second: Int) {
        guard !latencies.isEmpty else { return }
        if recent.last?.second != second { recent.append((second, LatencyHistogram())) }
        for latency in latencies { recent[recent.count - 1].added.record(latency) }
    }

    /// The check at the end of `second`: `cpuShare` is the process's CPU time in that second over
    /// the cores' (nil when unknown). Returns whether the machine is saturated now.
    @discardableResult
    public mutating func check(
        second: Int, cpuShare: Double?, shard: String, peakRunning: Int, running: Int? = nil, tickLag: Duration = .zero
    ) -> Bool {
        recent.removeAll { $0.second <= second - limits.window }
        var window = LatencyHistogram()
        for entry in recent { window.merge(entry.added) }
        let p99 = window.count >= limits.fewestSamples ? window.percentile(99) : nil as Duration?
        let cpu = cpuShare.map { max(0, $0) }
        let overLatency = p99.map { $0 > limits.addedP99 } ?? false
        cpuStreak = (cpu.map { $0 > limits.cpuShare } ?? false) ? cpuStreak + 1 : 0
        let overLag = tickLag > limits.tickLag
        isSaturated = overLatency || overLag || cpuStreak >= max(1, limits.cpuSeconds)
        guard isSaturated else { return false }
        var record = self.record ?? Saturation(
            shard: shard, firstSecond: second, seconds: 0, peakAddedP99Ms: 0, peakCPUPercent: 0, cores: cores,
            failedWhileSaturated: 0, peakRunning: 0, runningAtOnset: running)
        record.seconds += 1
        if let p99 { record.peakAddedP99Ms = max(record.peakAddedP99Ms, LatencyHistogram.micros(p99) / 1000) }
        if let cpu { record.peakCPUPercent = max(record.peakCPUPercent, Int((min(cpu, 64) * 100).rounded())) }
        record.peakRunning = max(record.peakRunning, peakRunning)
        record.peakTickLagMs = max(record.peakTickLagMs, LatencyHistogram.micros(tickLag) / 1000)
        self.record = record
        return true
    }

    /// A chat failed; counted apart when the machine is saturated now.
    public mutating func failed() {
        if isSaturated { record?.failedWhileSaturated += 1 }
    }
}
