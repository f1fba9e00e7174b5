import AmazonConnect
import ArgumentParser
import ChatEngine
import DemoServer
import Foundation
import TerminalRuntime
import TerminalUI
import HelplineScript
import Logging

/// `helpline script`: runs chat scripts headless and reports pass/fail, latencies and JUnit XML.
struct ScriptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Run chat test scripts headless (step log, reply latencies, JUnit XML).",
        discussion: """
            The script format is described in docs/scripting.md; load runs, thresholds and reports in \
            docs/load-testing.md. Without backend options the scripts run against the embedded demo \
            contact center.
            
              helpline script Resources/scripts/*.hls --junit results.xml
              helpline script flow.hls --start-url https://abc.execute-api.us-west-2.amazonaws.com/Prod --repeat 5
              helpline script flow.hls --concurrency 20 --repeat 100
              helpline script flow.hls --concurrency 2000 --repeat 2000 --ramp-up 60s
              helpline script flow.hls --rate 50/s --duration 2m --threshold 'reply.p95<2s' --threshold 'failures<1%'
              helpline script flow.hls --ramp 0:10/s,60s:200/s --report load.html --summary load.json
              helpline script flow.hls --repeat 4000 --concurrency 2000 --shard 2/4 --summary shard2.json
              helpline script slow-flow.hls --expect-timeout 60
            """)

    @Argument(help: ArgumentHelp("Script files, run one after another.", valueName: "file"))
    var files: [String]

    @Option(name: .long, help: ArgumentHelp("Write JUnit XML to FILE (a test case per script run and per threshold).", valueName: "file"))
    var junit: String?

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Run the scripts N times (1-100000).", valueName: "n"))
    var repetitions: Int = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run N conversations at once (1-10000); with --rate or --ramp, the most at once (default 10000).", valueName: "n"))
    var concurrency: Int?

    @OptionGroup(title: "Load shape, thresholds and reports") var load: LoadOptions

    @Option(name: .long, help: ArgumentHelp("Start no new conversation after SECONDS (1-3600).", valueName: "seconds"))
    var timeLimit: Int = 600

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How long expect, expect-event and end wait when the step has no 'within' (1-600 seconds).",
            valueName: "seconds"))
    var expectTimeout: Int = 10

    @Flag(
        name: .long,
        help: "Rewrite every expect-transcript golden file from this run, and pass those steps (like HELPLINE_UPDATE_GOLDEN=1).")
    var updateGolden = false

    @OptionGroup var backend: ScriptBackendOptions

    @OptionGroup var transport: TransportOptions

    @OptionGroup var profile: ProfileOption

    @Option(name: .long, help: ArgumentHelp("Write logs to FILE.", valueName: "file"))
    var logFile: String?

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug, info, notice, warning, error, critical.", valueName: "level"))
    var logLevel: String = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
        }
        guard !files.isEmpty else { throw ValidationError("give at least one script file") }
        guard (1...LoadPlan.maxRuns).contains(repetitions) else { throw ValidationError("--repeat must be between 1 and \(LoadPlan.maxRuns)") }
        if let concurrency, !(1...LoadPlan.maxConcurrency).contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and \(LoadPlan.maxConcurrency)")
        }
        guard (1...3600).contains(timeLimit) else { throw ValidationError("--time-limit must be between 1 and 3600 seconds") }
        guard (1...600).contains(expectTimeout) else { throw ValidationError("--expect-timeout must be between 1 and 600 seconds") }
        if backend.participantToken != nil, repetitions * files.count > 1 || (concurrency ?? 1) > 1 || load.isOpenModel {
            throw ValidationError("a --participant-token joins one chat: run one script once, or use --start-url")
        }
        if load.isOpenModel, repetitions != 1 {
            throw ValidationError("--repeat counts runs of a fixed-size run; with --rate or --ramp, --duration sets how many")
        }
        do {
            let plan = try loadPlan(scripts: files.map { Script(name: $0, steps: []) })
            if case .open(let schedule, _) = plan.model, schedule.expectedArrivals > Double(LoadPlan.maxRuns) {
                throw ValidationError(
                    "that shape starts about \(Int(schedule.expectedArrivals)) chats; one run starts at most \(LoadPlan.maxRuns) (use --shard)")
            }
            _ = try load.thresholds()
        } catch let error as LoadOptionError {
            throw ValidationError(error.description)
        }
        try load.validateOutputs()
        if let junit { try OutputFileCheck.validate(junit, option: "--junit") }
        try backend.validate()
    }

    /// The run's plan for `scripts`.
    private func loadPlan(scripts: [Script]) throws -> LoadPlan {
        let model = try load.model(repetitions: repetitions, concurrency: concurrency ?? 1, concurrencyGiven: concurrency != nil)
        return LoadPlan(
            scripts: scripts, model: model, shard: try load.parsedShard(), timeLimit: .seconds(timeLimit),
            pacing: try load.pacing(cores: CPUMeter.process.cores))
    }

    func run() async throws {
        let scripts: [Script]
        do {
            scripts = try files.map(ScriptParser.parse(fileAt:))
        } catch {
            throw HelplineError(String(describing: error))
        }
        // Logging is bootstrapped only for a log file, so the command can also run inside tests.
        let logger = try logFile.map { try LoggingSetup.bootstrap(file: $0, level: logLevel) }
            ?? Logger(label: "helpline", factory: { _ in SwiftLogNoOpLogHandler() })
        let http = try transport.httpTransport(embeddedDemo: backend.runsEmbeddedDemo)
        let target = try await backend.makeTarget()
        var runner = ScriptRunner(
            configuration: SessionConfiguration(transport: http, logger: logger), patience: .seconds(expectTimeout),
            makeWire: target.makeWire)
        if updateGolden { runner.updatesGolden = true }
        let plan = try loadPlan(scripts: scripts)
        FileLimits.raiseForConnections(plan.ownConcurrency, warn: concurrency != nil)
        let progress = ProgressLine(concurrency: plan.ownConcurrency)
        let run = LoadRun(
            runner: runner, plan: plan, thresholds: try load.thresholds(),
            saturationLimits: load.noSaturationGuard ? nil : SaturationLimits())
        let running = Task { await run.run(log: { Self.print($0) }, progress: { progress.show($0) }) }
        // Ctrl-C or SIGTERM: the runs under way end their chats, and the partial report is still written.
        let signals = ScriptInterrupt { running.cancel() }
        let summary = await running.value
        progress.finish()
        await target.stop()
        Self.print(StepLog.summary(summary))
        try writeReports(summary)
        if signals.interrupted { Self.print("interrupted: the open chats were ended; the report covers the runs so far") }
        if let junit {
            do {
                try JUnitReport.write(suite: "helpline script", summary: summary, to: junit)
            } catch {
                throw HelplineError("cannot write the JUnit file \(junit)")
            }
        }
        signals.cancel()
        if signals.interrupted { throw ExitCode(ScriptInterrupt.exitStatus) }
        if let status = LoadExitStatus(summary) { throw ExitCode(status.rawValue) }
    }

    /// Writes `--summary` and `--report` (their paths were checked before the run).
    private func writeReports(_ summary: LoadSummary) throws {
        if let path = load.summary {
            do {
                try summary.json().write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw HelplineError("cannot write the summary file \(path)")
            }
        }
        if let path = load.report {
            let title = "helpline script " + files.map { ($0 as NSString).lastPathComponent }.joined(separator: " ")
            do {
                try Data(HTMLReport.html(summary, title: title).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw HelplineError("cannot write the report file \(path)")
            }
        }
    }

    private static func print(_ line: String) {
        StandardStreams.out(line)
    }
}
