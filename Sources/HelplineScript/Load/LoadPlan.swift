import Foundation

/// What a `helpline script` run does: which scripts, in which load shape, which slice of it.
public struct LoadPlan: Sendable {
    /// How chats are started.
    public enum Model: Sendable, Hashable {
        /// A fixed number of runs (every script `repetitions` times), `concurrency` at a time: a new
        /// chat starts when one finishes.
        case closed(repetitions: Int, concurrency: Int)
        /// New chats arrive on a schedule whatever the others are doing; at most `cap` run at once,
        /// arrivals beyond it are dropped (and counted).
        case open(ArrivalSchedule, cap: Int)
    }

    /// The most chats at once.
    public static let maxConcurrency = 10_000
    /// The most runs in a closed-model run.
    public static let maxRuns = 100_000

    /// The scripts; chat `n` runs `scripts[n % scripts.count]`.
    public var scripts: [Script]
    /// The load shape.
    public var model: Model
    /// The slice this process runs.
    public var shard: Shard
    /// No chat starts after this much time.
    public var timeLimit: Duration
    /// How a closed-model run's chats get started (the open model's schedule is its own pacing).
    public var pacing: StartPacing

    /// Creates a plan.
    public init(
        scripts: [Script], model: Model, shard: Shard = .whole, timeLimit: Duration = .seconds(600),
        pacing: StartPacing = .machineDefault(cores: CPUMeter.process.cores)
    ) {
        self.scripts = scripts
        self.model = model
        self.shard = shard
        self.timeLimit = timeLimit
        self.pacing = pacing
    }

    /// The workers of a closed-model run with several chats at once, each starting one chat of the
    /// first wave (their arrival is what ``LoadSummary/startupMs`` times); nil for the open model
    /// and one chat at a time.
    public var firstWave: Int? {
        guard case .closed = model, ownConcurrency > 1 else { return nil }
        return min(ownConcurrency, ownChats)
    }

    /// How many chats of the whole run (all shards) the shape asks for.
    public var totalChats: Int {
        switch model {
        case .closed(let repetitions, _): min(repetitions * scripts.count, Self.maxRuns)
        case .open(let schedule, _): schedule.totalArrivals
        }
    }

    /// How many of them are this slice's.
    public var ownChats: Int {
        (0..<totalChats).lazy.filter(shard.owns).count
    }

    /// The most chats this slice runs at once.
    public var ownConcurrency: Int {
        switch model {
        case .closed(_, let concurrency): shard.share(of: concurrency)
        case .open(_, let cap): shard.share(of: cap)
        }
    }

    /// The shape in words, for the summary: `closed: 100 runs, 20 at once`, `open: 10/s for 60 s, cap 1000`.
    public var shapeDescription: String {
        switch model {
        case .closed(let repetitions, let concurrency):
            let paced = concurrency > 1 ? ", \(pacing.description)" : ""
            return "closed: \(totalChats) run(s) (\(repetitions)× \(scripts.count) script(s)), \(concurrency) at once\(paced)"
        case .open(let schedule, let cap):
            let rates = schedule.points.map { "\(LatencyStats.format($0.at)):\(Self.rate($0.perSecond))" }
            let shape = schedule.points.count == 1 ? Self.rate(schedule.points[0].perSecond) : "ramp " + rates.joined(separator: ",")
            return "open: \(shape) for \(LatencyStats.format(schedule.duration)), at most \(cap) at once"
        }
    }

    private static func rate(_ perSecond: Double) -> String {
        perSecond == perSecond.rounded() ? "\(Int(perSecond))/s" : String(format: "%.2f/s", perSecond)
    }
}
