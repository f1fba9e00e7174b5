import ArgumentParser
import Foundation
import HelplineScript

/// The load-shape, threshold, shard and report options of `helpline script`.
struct LoadOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Start N new chats per second (open model; with --duration), like 10/s or 600/m.", valueName: "rate"))
    var rate: String?

    @Option(name: .long, help: ArgumentHelp("Ramp the arrival rate through points time:rate, like 0:10/s,60s:100/s (open model).", valueName: "points"))
    var ramp: String?

    @Option(name: .long, help: ArgumentHelp("How long new chats arrive (with --rate or --ramp), like 90s or 5m.", valueName: "time"))
    var duration: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Start the chats meant to run at once (--concurrency) evenly over this time, like 30s; 0 starts them all in one instant. Default: as fast as they open, a few per core at a time.",
            valueName: "time"))
    var rampUp: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A rule that fails the run unless it holds, like 'reply.p95<2s' or 'failures<1%' (repeatable).", valueName: "rule"))
    var threshold: [String] = []

    @Option(name: .long, help: ArgumentHelp("Run the K-th of N slices of the run (spread over N machines), like 2/4.", valueName: "K/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Write the run's figures as JSON to FILE (for CI, or `helpline report merge`).", valueName: "file"))
    var summary: String?

    @Option(name: .long, help: ArgumentHelp("Write a self-contained HTML report with charts to FILE.", valueName: "file"))
    var report: String?

    @Flag(
        name: .long,
        help: "Do not watch this machine: without it, a run whose client passes 90 % CPU or 100 ms of added p99 latency is marked saturated (exit 3 if anything failed).")
    var noSaturationGuard = false

    /// True when the run is an open model (new chats on a schedule).
    var isOpenModel: Bool { rate != nil || ramp != nil }

    /// The parsed thresholds.
    func thresholds() throws -> [LoadThreshold] {
        try threshold.map { try LoadThreshold(parsing: $0) }
    }

    /// The parsed shard (the whole run when not given).
    func parsedShard() throws -> Shard {
        try shard.map(LoadOptionParsing.shard) ?? .whole
    }

    /// How a closed-model run starts its chats: `--ramp-up` when given, else paced by what opens.
    func pacing(cores: Int) throws -> StartPacing {
        guard let rampUp else { return .machineDefault(cores: cores) }
        if isOpenModel { throw LoadOptionError("--ramp-up paces a closed-model run; with --rate or --ramp the schedule sets the pace") }
        let time = try LoadOptionParsing.duration(rampUp, option: "--ramp-up")
        guard time <= .seconds(3600) else { throw LoadOptionError("--ramp-up is at most 1h") }
        return .ramp(time)
    }

    /// The load model: an arrival schedule when `--rate` or `--ramp` is given, else `repetitions`
    /// runs `concurrency` at a time.
    func model(repetitions: Int, concurrency: Int, concurrencyGiven: Bool) throws -> LoadPlan.Model {
        guard isOpenModel else {
            if duration != nil { throw LoadOptionError("--duration shapes an open-model run: give --rate or --ramp with it") }
            return .closed(repetitions: repetitions, concurrency: concurrency)
        }
        if rate != nil, ramp != nil { throw LoadOptionError("give --rate or --ramp, not both") }
        let length = try duration.map { try LoadOptionParsing.duration($0) }
        if let length, length <= .zero { throw LoadOptionError("--duration must be longer than 0") }
        if let length, length > .seconds(86_400) { throw LoadOptionError("--duration is at most 24h") }
        let schedule: ArrivalSchedule
        if let rate {
            let perSecond = try LoadOptionParsing.rate(rate)
            guard perSecond > 0 else { throw LoadOptionError("--rate must be above 0 (a rate of 0 starts no chat)") }
            guard let length else { throw LoadOptionError("--rate needs --duration (how long chats arrive), like --duration 60s") }
            schedule = ArrivalSchedule(perSecond: perSecond, duration: length)
        } else {
            schedule = ArrivalSchedule(ramp: try LoadOptionParsing.ramp(ramp ?? ""), duration: length)
        }
        // The open model's cap: --concurrency when given, else the most the client runs at once.
        return .open(schedule, cap: concurrencyGiven ? concurrency : LoadPlan.maxConcurrency)
    }

    /// Checks the output files can be written.
    func validateOutputs() throws {
        if let summary { try OutputFileCheck.validate(summary, option: "--summary") }
        if let report { try OutputFileCheck.validate(report, option: "--report") }
    }
}
