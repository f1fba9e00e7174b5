import Foundation

/// The built `helpline` executable: where it is, and running it to the end with what it printed.
public enum HelplineBinary {
    /// How a run ended and what it printed.
    public struct Result: Sendable {
        /// The exit status (the signal number when killed).
        public var status: Int32
        /// Everything printed on stdout.
        public var stdout: String
        /// Everything printed on stderr.
        public var stderr: String
    }

    /// The binary every test runs: `$HELPLINE_BIN`, else the one SwiftPM built next to the tests
    /// (`swift build --build-tests` builds it).
    public static var path: URL {
        if let explicit = ProcessInfo.processInfo.environment["HELPLINE_BIN"] { return URL(fileURLWithPath: explicit) }
        return built("helpline")
    }

    /// An executable of the package that SwiftPM built next to the tests (`swift build --build-tests`
    /// builds them all).
    public static func built(_ name: String) -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            root.appendingPathComponent(".build/debug/\(name)"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs `executable` with `arguments` to its end; what it printed on stdout, trimmed.
    public static func output(of executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The environment variables that choose proxies.
    public static let proxyVariables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY", "all_proxy", "ALL_PROXY"]

    /// This process's environment without proxy variables (loopback tests are direct unless a test
    /// sets a proxy itself), with `extra` on top.
    public static func environment(adding extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in proxyVariables { env[name] = nil }
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Runs `helpline` with `arguments`, feeding `input` on stdin; kills it after `timeout`.
    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Duration = .seconds(30)
    ) async throws -> Result {
        let process = Process()
        process.executableURL = path
        process.arguments = arguments
        process.environment = Self.environment(adding: [
            "XDG_STATE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)").path,
        ].merging(environment) { $1 })
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Blocking reads get threads of their own: the cooperative pool has as many threads
        // as cores (two here), and the in-process demo server needs them.
        let outTask = readOnThread(stdout.fileHandleForReading)
        let errTask = readOnThread(stderr.fileHandleForReading)
        let status = await waitForExit(process, timeout: timeout)
        return Result(
            status: status,
            stdout: String(decoding: await outTask.value, as: UTF8.self),
            stderr: String(decoding: await errTask.value, as: UTF8.self))
    }

    /// Waits (polling, never blocking a thread of the cooperative pool) until `process` exits, or
    /// kills it after `timeout`; its exit status (a signal number when killed).
    ///
    /// SIGKILL, not `terminate()`: a child of a pool thread inherits its blocked signals, SIGTERM
    /// among them. And the exit is also looked for with `waitid(WNOWAIT)`, which reads it without
    /// reaping: Foundation's monitor has been seen to miss a child that exits at once, after which
    /// `isRunning` stays true and `waitUntilExit()` never returns (starving the pool).
    public static func waitForExit(_ process: Process, timeout: Duration) async -> Int32 {
        let pid = process.processIdentifier
        var deadline = ContinuousClock.now + timeout
        var killed = false
        while true {
            if !process.isRunning { return process.terminationStatus }
            if let status = exited(pid) { return status }
            if ContinuousClock.now >= deadline {
                guard !killed else { return SIGKILL }
                kill(pid, SIGKILL)
                killed = true
                deadline = ContinuousClock.now + .seconds(30)
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The exit status of the child `pid` if it has exited, without reaping it.
    private static func exited(_ pid: pid_t) -> Int32? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid else {
            return nil
        }
        let status = info._sifields._sigchld.si_status
        return info.si_code == CLD_EXITED ? status : (status == 0 ? SIGKILL : status)
    }

    /// Reads a handle to its end on a dedicated thread.
    public static func readOnThread(_ handle: FileHandle) -> Task<Data, Never> {
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        Thread {
            continuation.yield(handle.readDataToEndOfFile())
            continuation.finish()
        }.start()
        return Task {
            for await data in stream { return data }
            return Data()
        }
    }
}
