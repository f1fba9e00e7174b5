import ArgumentParser
import ChatModel
import Foundation
import HelplineScript
import TerminalRuntime
import TerminalUI

/// `helpline report`: works on the summaries load runs write (`helpline script --summary FILE.json`).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with load-run summaries: merge shards, write HTML and JUnit reports.",
        discussion: """
            Examples:
              helpline report merge shard-*.json --report load.html --junit load.xml
              helpline report merge run.json --report run.html
            """,
        subcommands: [ReportMergeCommand.self])
}

/// `helpline report merge`: several shards' summaries as one run, judged again and reported.
struct ReportMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge load-run summaries (shards) into one run and report it.",
        discussion: """
            Reads the --summary files of a load run spread over machines (helpline script --shard K/N --summary FILE.json) and adds them up as one run: counts, per-second figures and latency histograms are summed, so the merged percentiles are the whole run's, not averages of the shards'. The thresholds are judged again on the merged figures: those given with --threshold, or else the ones the shards ran with. One summary works too, to turn it into an HTML report or a JUnit file after the run.

            Exit status: 0 when the merged run passed, 1 when it failed, 64 when an input file or an option is wrong (nothing is written then), 74 when an output could not be written.

            Examples:
              helpline report merge shard-*.json --report load.html --junit load.xml
              helpline report merge a.json b.json --threshold 'reply.p95<2s'
              helpline report merge run.json --report run.html --title 'Checkout, 500 chats'
            """)

    @Argument(help: ArgumentHelp("Summary files written by helpline script --summary.", valueName: "summary.json"))
    var files: [String] = []

    @Option(name: .long, help: ArgumentHelp("Write the merged run as an HTML report to FILE.", valueName: "file"))
    var report: String?

    @Option(name: .long, help: ArgumentHelp("Write JUnit XML to FILE (one test case per chat run and per threshold).", valueName: "file"))
    var junit: String?

    @Option(name: .long, help: ArgumentHelp("Write the merged summary (JSON) to FILE.", valueName: "file"))
    var summary: String?

    @Option(
        name: .customLong("threshold"),
        help: ArgumentHelp("A pass/fail rule such as 'reply.p95<2s' or 'failures<1%' (repeatable; replaces the inputs' rules).", valueName: "expr"))
    var thresholds: [String] = []

    @Option(name: .long, help: ArgumentHelp("The HTML report's title.", valueName: "text"))
    var title: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one summary file (written by helpline script --summary)") }
        guard files.count <= LoadSummary.mostMerged else {
            throw ValidationError("give at most \(LoadSummary.mostMerged) summary files, not \(files.count)")
        }
        for text in thresholds {
            do {
                _ = try LoadThreshold(parsing: text)
            } catch {
                throw ValidationError(String(describing: error))
            }
        }
    }

    func run() throws {
        let merged: LoadSummary
        do {
            merged = try prepare()
        } catch let error as ReportInputError {
            // One line, no usage: the command line was fine, a file is not.
            StandardStreams.err("Error: \(TerminalSafeText.clean(error.message))")
            throw ExitCode.validationFailure
        }
        StandardStreams.out(StepLog.summary(merged))
        do {
            try write(merged)
        } catch let error as ReportInputError {
            StandardStreams.err("Error: \(TerminalSafeText.clean(error.message))")
            throw ExitCode(74)
        }
        if let status = LoadExitStatus(merged) { throw ExitCode(status.rawValue) }
    }

    /// Reads and checks every input and output, then merges and judges; writes nothing.
    private func prepare() throws -> LoadSummary {
        let outputs = [("--report", report), ("--junit", junit), ("--summary", summary)].compactMap { option, path in
            path.map { (option, $0) }
        }
        try ReportFiles.checkOutputs(outputs, inputs: files)
        let parts = try files.map(ReportFiles.readSummary(at:))
        let rules: [LoadThreshold]
        if thresholds.isEmpty {
            rules = try ReportFiles.inputThresholds(parts, files: files)
        } else {
            rules = thresholds.compactMap { try? LoadThreshold(parsing: $0) }
        }
        for warning in ReportFiles.shardWarnings(parts.flatMap(\.shards)) { StandardStreams.err("helpline: warning: \(warning)") }
        var merged = LoadSummary.merged(parts)
        merged.judge(rules)
        if parts.count > 1 {
            StandardStreams.out("merged \(parts.count) summaries (shards \(merged.shards.joined(separator: ", ")))")
        }
        return merged
    }

    /// Writes the outputs asked for.
    private func write(_ merged: LoadSummary) throws {
        if let summary {
            try ReportFiles.writing("--summary", summary) { try merged.json().write(to: URL(fileURLWithPath: summary), options: .atomic) }
        }
        if let junit {
            try ReportFiles.writing("--junit", junit) { try JUnitReport.write(suite: "helpline script", summary: merged, to: junit) }
        }
        if let report {
            let heading = title ?? ReportFiles.defaultTitle(merged)
            try ReportFiles.writing("--report", report) { try HTMLReport.write(merged, title: heading, to: report) }
        }
    }
}
