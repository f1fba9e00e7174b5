import ArgumentParser
import ChatEngine
import Foundation
import Logging

/// Options every chat command takes.
struct CommonOptions: ParsableArguments {
    @Flag(name: .long, help: "Always start a fresh chat instead of resuming a live one.")
    var new = false

    @Flag(name: .long, help: "Line mode: transcript lines on stdout, messages from stdin (automatic without a TTY).")
    var plain = false

    @Option(name: .long, help: ArgumentHelp("Append every transcript item as a JSON line to FILE.", valueName: "file"))
    var transcript: String?

    @Option(name: .long, help: ArgumentHelp("Write logs to FILE (never to the screen).", valueName: "file"))
    var logFile: String?

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug, info, notice, warning, error, critical.", valueName: "level"))
    var logLevel: String = "info"

    @Flag(name: .long, help: "Never tell the other side when you are typing.")
    var noTyping = false

    @Flag(name: .long, help: "Never send read or delivered receipts.")
    var noReceipts = false

    @Option(name: .long, help: ArgumentHelp("Line mode: seconds of quiet after stdin ends before the chat is ended.", valueName: "seconds"))
    var linger: Double = 3

    @OptionGroup var transport: TransportOptions

    func validate() throws {
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
        }
        guard linger >= 0, linger <= 600 else { throw ValidationError("--linger must be between 0 and 600 seconds") }
        if let transcript {
            let directory = (transcript as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw ValidationError("the folder for --transcript does not exist: \(directory)")
            }
        }
    }
}
