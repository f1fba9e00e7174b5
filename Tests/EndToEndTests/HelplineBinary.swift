import Foundation

/// Runs the built `helpline` executable and captures what it prints.
enum HelplineBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var path: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/helpline")
    }

    /// The environment variables that choose proxies.
    static let proxyVariables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY", "all_proxy", "ALL_PROXY"]

    /// Runs `helpline` with `arguments`, feeding `input` on stdin; kills it after `timeout`.
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Duration = .seconds(30)
    ) async throws -> Result {
        let process = Process()
        process.executableURL = path
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // Loopback tests are direct unless a test sets a proxy itself.
        for name in proxyVariables { env[name] = nil }
        env["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
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
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: await outTask.value, as: UTF8.self),
            stderr: String(decoding: await errTask.value, as: UTF8.self))
    }

    /// Reads a handle to its end on a dedicated thread.
    static func readOnThread(_ handle: FileHandle) -> Task<Data, Never> {
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
