import Foundation
import HelplineTestSupport

/// Runs `botocore_sign.py` with python3 (botocore comes with boto3).
enum BotocoreHelper {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("botocore_sign.py")

    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let available: Bool = {
        guard let python else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import botocore.auth"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// `sign` mode: the JSON spec on stdin, botocore's Authorization back.
    static func authorization(for spec: [String: Any]) async throws -> String {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "sign"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let data = try JSONSerialization.data(withJSONObject: spec)
        let text: String = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let bytes = output.fileHandleForReading.readDataToEndOfFile()
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
            do {
                try process.run()
                thread.start()
                input.fileHandleForWriting.write(data)
                try input.fileHandleForWriting.close()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(description: text) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The loopback StartChatContact endpoint of `botocore_sign.py serve`, stopped by `stop()`.
final class BotocoreEndpoint: Sendable {
    let process: Process
    let port: Int
    let exited: AsyncStream<Void>

    private init(process: Process, port: Int, exited: AsyncStream<Void>) {
        self.process = process
        self.port = port
        self.exited = exited
    }

    static func start(accessKeyId: String, secret: String, sessionToken: String? = nil) async throws -> BotocoreEndpoint {
        let process = Process()
        process.executableURL = BotocoreHelper.python
        process.arguments = [BotocoreHelper.script.path, "serve", accessKeyId, secret] + (sessionToken.map { [$0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (exited, exit) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exit.yield()
            exit.finish()
        }
        try process.run()
        let line = await output.firstLine()
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            throw BotocoreHelper.Failed(description: "the botocore endpoint did not start: \(line)")
        }
        return BotocoreEndpoint(process: process, port: port, exited: exited)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Ends the endpoint process and waits until it is gone (SIGKILL: a child may inherit an ignored SIGTERM).
    func stop() async {
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited { break }
    }
}
