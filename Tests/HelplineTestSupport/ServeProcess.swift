import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test runs in the background and always stops: its printed lines, its stderr, and a
/// scratch folder of its own (the `XDG_STATE_HOME` of `helpline serve`, Chromium's profile). Foundation
/// starts it as the leader of a process group, so stopping it ends the whole group (a browser's helpers too).
public final class ServeProcess: @unchecked Sendable {
    /// The built binary (``HelplineBinary/path``).
    public static var binary: URL { HelplineBinary.path }

    public let process = Process()
    public let state: URL
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    /// Starts `helpline serve ARGUMENTS` with a fresh `XDG_STATE_HOME`.
    public convenience init(_ arguments: [String]) throws {
        try self.init(program: Self.binary.path, ["serve"] + arguments)
    }

    /// Starts `program ARGUMENTS` (a path, or a name looked up on PATH) in a process group of its own.
    public init(program: String, _ arguments: [String], scratch: URL? = nil) throws {
        state = scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("helpline-bg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // execs `program` in place: same pid
        process.arguments = [program] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        collect(stdout.fileHandleForReading) { self.outText += $0 }
        collect(stderr.fileHandleForReading) { self.errText += $0 }
    }

    /// The safety net: a process still running when the test lets go of it is killed with its group.
    deinit {
        if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: state)
    }

    /// Runs `body` with the process and stops it afterwards, whether `body` throws or not.
    public func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }

    /// Everything printed on stdout so far.
    public var output: String { lock.withLock { outText } }
    /// Everything printed on stderr so far.
    public var errors: String { lock.withLock { errText } }

    /// Waits (bounded) until stdout holds `text`; returns the line that holds it.
    public func line(containing text: String, timeout: Duration = .seconds(30)) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = output.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            if !process.isRunning { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return output.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// Waits (bounded) until stderr holds `text`.
    public func stderrContains(_ text: String, timeout: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if errors.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return errors.contains(text)
    }

    /// Waits (bounded) for the process to exit by itself; its status, or nil if it is still running.
    public func exitStatus(timeout: Duration = .seconds(30)) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// SIGTERM to the process group, then SIGKILL if it does not exit within 2 s; removes the scratch folder.
    public func stop() async {
        let group = process.processIdentifier
        if process.isRunning {
            kill(-group, SIGTERM)
            if await exitStatus(timeout: .seconds(2)) == nil { kill(-group, SIGKILL) }
            process.waitUntilExit()
        }
        kill(-group, SIGKILL)  // helpers that outlived the leader
        try? FileManager.default.removeItem(at: state)
    }

    private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (String) -> Void) {
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                self.lock.withLock { append(String(decoding: data, as: UTF8.self)) }
            }
        }.start()
    }
}
