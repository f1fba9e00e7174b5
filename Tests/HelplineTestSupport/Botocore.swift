import Foundation

/// Runs `botocore_sign.py` with python3 (botocore comes with boto3): the AWS SDK's own signer and
/// a StartChatContact endpoint that checks signatures with it.
public enum BotocoreHelper {
    /// The helper script beside this file.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("botocore_sign.py")

    /// python3 on PATH, if any.
    public static let python = Python.path

    /// True when python3 can import botocore.
    public static let available = Python.canImport("botocore.auth")

    /// The helper failed; what it printed.
    public struct Failed: Error, CustomStringConvertible {
        /// What the helper printed.
        public let description: String
    }

    /// `sign` mode: the JSON spec on stdin, botocore's Authorization back.
    public static func authorization(for spec: [String: Any]) async throws -> String {
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
public final class BotocoreEndpoint: Sendable {
    private let process: Process
    /// The loopback port it listens on.
    public let port: Int
    private let exited: AsyncStream<Void>

    private init(process: Process, port: Int, exited: AsyncStream<Void>) {
        self.process = process
        self.port = port
        self.exited = exited
    }

    /// Starts an endpoint that accepts requests signed with these credentials.
    public static func start(accessKeyId: String, secret: String, sessionToken: String? = nil) async throws -> BotocoreEndpoint {
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

    /// Its base URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Ends the endpoint process and waits until it is gone (SIGKILL: a child may inherit an ignored SIGTERM).
    public func stop() async {
        kill(process.processIdentifier, SIGKILL)
        for await _ in exited { break }
    }
}

/// The machine's `python3`, for tests that check Helpline against the AWS SDK for Python.
public enum Python {
    /// python3 on PATH, if any.
    public static let path: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// True when python3 is there and can import `module` (a test that needs it is skipped with a reason otherwise).
    public static func canImport(_ module: String) -> Bool {
        guard let path else { return false }
        let process = Process()
        process.executableURL = path
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
