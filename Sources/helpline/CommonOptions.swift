import ArgumentParser
import ChatEngine
import Foundation
import HelplineScript
import Logging

/// Options every chat command takes.
struct CommonOptions: ParsableArguments {
    @Flag(name: .long, help: "Always start a fresh chat instead of resuming a live one.")
    var new = false

    @Flag(name: .long, help: "Line mode: transcript lines on stdout, messages from stdin (automatic without a TTY).")
    var plain = false

    @Flag(
        name: .long,
        help: "Accessible mode for screen readers: each message printed once as a line, numbered lists, a line editor (automatic with TERM=dumb).")
    var screenReader = false

    @Option(name: .long, help: ArgumentHelp("Append every transcript item as a JSON line to FILE.", valueName: "file"))
    var transcript: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record the chat as a script for `helpline script` (written when the chat ends; starts a new chat).",
            valueName: "file.hls"))
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write the chat's transcript as a golden file for `expect-transcript` when it ends.", valueName: "file"))
    var golden: String?

    @Flag(name: .long, help: "Replace the --record and --golden files when they exist.")
    var force = false

    @OptionGroup var session: SessionOptions

    // Unconditional: "--linger -1" reaches validate() (and its clear error) instead of reading as an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Line mode: after stdin ends, seconds without a message or a line read before the chat is ended (0: end once what was read is sent).",
            valueName: "seconds"))
    var linger: Double = 3

    @OptionGroup var transport: TransportOptions

    /// `--log-file`.
    var logFile: String? { session.logFile }
    /// `--log-level`.
    var logLevel: String { session.logLevel }
    /// `--no-typing`.
    var noTyping: Bool { session.noTyping }
    /// `--no-receipts`.
    var noReceipts: Bool { session.noReceipts }
    /// True when the chat must be a new one: `--new`, or a recording (a script replays a whole chat).
    var startsFresh: Bool { new || record != nil || golden != nil }

    func validate() throws {
        guard linger >= 0, linger <= 600 else { throw ValidationError("--linger must be between 0 and 600 seconds") }
        if let transcript {
            let directory = (transcript as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw ValidationError("the folder for --transcript does not exist: \(directory)")
            }
        }
        // Checked before any chat starts, and one line (no usage): the file is what needs fixing.
        for (flag, path) in [("--record", record), ("--golden", golden)] {
            guard let path else { continue }
            if let problem = PrivateFile.problem(creating: path, force: force) { throw HelplineError("\(flag): \(problem)") }
        }
        if let record, let golden,
           URL(fileURLWithPath: record).standardizedFileURL.path == URL(fileURLWithPath: golden).standardizedFileURL.path
        {
            throw HelplineError("--record and --golden need two different files")
        }
    }
}
