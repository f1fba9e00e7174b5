import ChatEngine
import ChatModel
import Foundation
import SessionCore
import Transport
import Logging
import TerminalUI

/// Sets up swift-log: a file when `--log-file` is given, otherwise nothing (the screen belongs to the chat).
enum LoggingSetup {
    /// Bootstraps logging once and returns the engine's logger.
    static func bootstrap(file: String?, level: String) throws -> Logger {
        let parsedLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        if let file {
            let sink = try LogFileSink(path: file)
            LoggingSystem.bootstrap { label in
                var handler = FileLogHandler(label: label, sink: sink)
                handler.logLevel = parsedLevel
                return handler
            }
        } else {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        }
        var logger = Logger(label: "helpline")
        logger.logLevel = parsedLevel
        return logger
    }
}

/// A log file opened for appending with mode 0600 (an existing file is tightened); pipes, FIFOs
/// and `/dev/stderr` work too. A write that fails (a full disk) is told once, and logging stops.
final class LogFileSink: Sendable {
    private let file: AppendOnlyFile

    init(path: String) throws {
        do {
            file = try AppendOnlyFile(path: path, synchronous: true) { NoticeRelay.shared.tell($0) }
        } catch {
            throw HelplineError("cannot use the log file: \(error)")
        }
    }

    func write(_ line: String) {
        file.append(Data((line + "\n").utf8))
    }
}

/// A swift-log handler writing one line per message to a ``LogFileSink``.
struct FileLogHandler: LogHandler {
    let label: String
    let sink: LogFileSink
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let time = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let extra = merged.isEmpty ? "" : " " + merged.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
        sink.write(TraceRedactor.scrub("\(time) \(event.level) \(label): \(event.message)\(extra)"))
    }
}

/// A user-facing error with a one-line message.
struct HelplineError: Error, CustomStringConvertible {
    let description: String
    /// Creates the error; the text may come from a server, so it is made safe for the terminal.
    init(_ description: String) { self.description = TerminalSafeText.clean(description) }
}
