import Foundation

/// A running `helpline` process whose stdin we write to and whose output we watch.
public final class InteractiveHelpline: @unchecked Sendable {
    private let process = Process()
    private let stdin = Pipe()
    private let output = OutputBuffer()

    /// Starts `helpline` with `arguments` and extra environment.
    public init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = HelplineBinary.path
        process.arguments = arguments
        process.environment = HelplineBinary.environment(adding: environment)
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        for (pipe, name) in [(stdout, "out"), (stderr, "err")] {
            let buffer = output
            Thread {
                while true {
                    let data = pipe.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    buffer.append(String(decoding: data, as: UTF8.self), to: name)
                }
                buffer.end(name)
            }.start()
        }
    }

    /// Runs `helpline` with `arguments`, types `input` at once, and ends input only when stdout holds
    /// every text in `awaiting` (or `timeout` has passed): a chat that must hear the bot before it
    /// ends, however long a loaded machine takes. Its own state folder unless `environment` names one.
    public static func run(
        _ arguments: [String], input: String, awaiting: [String], environment: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) async throws -> HelplineBinary.Result {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)")
        let helpline = try InteractiveHelpline(arguments, environment: ["XDG_STATE_HOME": state.path].merging(environment) { $1 })
        helpline.send(input)
        for text in awaiting where !(await helpline.waitForOutput(text, timeout: timeout)) { break }
        helpline.closeInput()
        let status = await HelplineBinary.waitForExit(helpline.process, timeout: timeout)
        await helpline.output.waitForEnd(of: ["out", "err"], timeout: .seconds(10))
        return HelplineBinary.Result(status: status, stdout: helpline.stdout, stderr: helpline.stderr)
    }

    /// Types a line.
    public func type(_ line: String) {
        send(line + "\n")
    }

    /// Writes `text` to stdin as it is.
    private func send(_ text: String) {
        // write(2), not FileHandle.write: a process that already exited must fail the test, not crash it.
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(stdin.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
    }

    /// Closes stdin (end of input).
    public func closeInput() {
        try? stdin.fileHandleForWriting.close()
    }

    /// Sends `number` (SIGTERM, SIGHUP, SIGINT…) to the process.
    public func signal(_ number: Int32) {
        Foundation.kill(process.processIdentifier, number)
    }

    /// Kills the process at once (SIGKILL: no cleanup runs).
    public func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the process to exit (up to `timeout`); returns its status, or nil if it is still running.
    public func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Everything printed on stdout so far.
    public var stdout: String { output.text("out") }
    /// Everything printed on stderr so far.
    public var stderr: String { output.text("err") }

    /// Waits until stdout contains `text`.
    public func waitForOutput(_ text: String, timeout: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if stdout.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return stdout.contains(text)
    }

    deinit {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}

/// Output collected from a child process's pipes.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: String] = [:]
    private var ended: Set<String> = []

    func append(_ text: String, to name: String) {
        lock.lock()
        texts[name, default: ""] += text
        lock.unlock()
    }

    func end(_ name: String) {
        lock.lock()
        ended.insert(name)
        lock.unlock()
    }

    private func hasEnded(_ names: Set<String>) -> Bool {
        lock.withLock { names.isSubset(of: ended) }
    }

    /// Waits until every stream in `names` has reached its end (or `timeout` has passed).
    func waitForEnd(of names: Set<String>, timeout: Duration) async {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if hasEnded(names) { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    func text(_ name: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return texts[name] ?? ""
    }
}
