import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Drives a program in a private tmux server (its own `-L` socket) for full-screen UI tests.
public final class TUITmux: @unchecked Sendable {
    /// The tmux executable, when installed.
    public static let tmuxPath: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// True when tmux can be used.
    public static var isAvailable: Bool { tmuxPath != nil }

    /// The `helpline` binary's path (``HelplineBinary/path``), for commands run in the pane.
    public static func helplineBinary() -> String { HelplineBinary.path.path }

    /// The private tmux server's socket name.
    public let socket: String
    /// The pane's working directory (also its `HOME` and state folder).
    public let directory: URL

    /// Starts `command` (run by `sh -c`) in a detached session of the given size.
    public init(command: String, width: Int = 100, height: Int = 30) throws {
        socket = "helpline-tui-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The shell stays after the command: when a pane dies, tmux 3.3 blanks a row of what was
        // printed last (a test reading "DONE" or "EXIT=…" would miss it).
        let wrapped = "cd '\(directory.path)' && XDG_STATE_HOME='\(directory.path)/state' HOME='\(directory.path)' \(command); sleep 600"
        // The server forks from this client and would keep an output pipe open: no capture here.
        try run(["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", "sh", "-c", wrapped], capture: false)
        try? run(["set-option", "-t", "t", "remain-on-exit", "on"])
    }

    deinit {
        _ = try? run(["kill-server"], capture: false)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tmux subcommand on this server; returns its stdout.
    ///
    /// Uses `posix_spawn` + `waitpid` rather than `Process`: the tmux server forks from the first
    /// client and inherits its descriptors, which keeps `Process` from ever seeing the client exit.
    /// Output goes through a file for the same reason (a pipe would never reach EOF).
    @discardableResult
    public func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let outputPath = capture ? directory.appendingPathComponent("tmux-out-\(UUID().uuidString)").path : "/dev/null"
        defer { if capture { try? FileManager.default.removeItem(atPath: outputPath) } }
        let argv = [Self.tmuxPath ?? "/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let env = ProcessInfo.processInfo.environment.filter { !HelplineBinary.proxyVariables.contains($0.key) }  // loopback tests are direct
            .map { "\($0.key)=\($0.value)" }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer {
            for p in cArgs { free(p) }
            for p in cEnv { free(p) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Test threads (dispatch workers) block most signals and a spawned process inherits that
        // mask; tmux would then never see its own SIGTERM (kill-server) nor pass SIGHUP on.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGQUIT] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv)
        guard rc == 0 else { throw TUITmuxError(message: "posix_spawn tmux failed: \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard capture else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// The visible screen, one string per row.
    public func screen() -> [String] {
        ((try? run(["capture-pane", "-t", "t", "-p"])) ?? "").components(separatedBy: "\n")
    }

    /// The visible screen with its colours and attributes (SGR sequences), one string per row.
    public func styledScreen() -> [String] {
        ((try? run(["capture-pane", "-t", "t", "-p", "-e"])) ?? "").components(separatedBy: "\n")
    }

    /// Sends tmux key names (`Enter`, `C-c`, `PPage`, …).
    public func keys(_ names: String...) {
        _ = try? run(["send-keys", "-t", "t"] + names)
    }

    /// Types text literally.
    public func type(_ text: String) {
        _ = try? run(["send-keys", "-t", "t", "-l", text])
    }

    /// Pastes text as a bracketed paste.
    public func paste(_ text: String) {
        _ = try? run(["set-buffer", "-b", "p", text])
        _ = try? run(["paste-buffer", "-p", "-b", "p", "-t", "t"])
    }

    /// Resizes the window.
    public func resize(width: Int, height: Int) {
        _ = try? run(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Where the terminal's cursor is (column, row; 0-based), as tmux sees it.
    public func cursor() -> (column: Int, row: Int)? {
        let text = (try? run(["display-message", "-t", "t", "-p", "#{cursor_x} #{cursor_y}"])) ?? ""
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return (parts[0], parts[1])
    }

    /// The pid of the process the pane runs (the `sh`).
    public func panePID() -> Int32? {
        Int32(((try? run(["display-message", "-t", "t", "-p", "#{pane_pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Polls the screen until `condition` holds or `timeout` passes; returns the last screen and the outcome.
    public func wait(
        timeout: TimeInterval = 20, _ condition: ([String]) -> Bool
    ) async -> (ok: Bool, screen: [String]) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen()
        while Date() < deadline {
            if condition(last) { return (true, last) }
            try? await Task.sleep(for: .milliseconds(100))
            last = screen()
        }
        return (condition(last), last)
    }

    /// A file the command wrote in its working directory.
    public func file(_ name: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
}

/// A tmux command could not be started.
public struct TUITmuxError: Error {
    /// What went wrong.
    public var message: String
}

extension Array where Element == String {
    /// The screen joined for failure messages.
    public var dump: String { joined(separator: "\n") }

    /// True when some row contains `text`.
    public func has(_ text: String) -> Bool { contains { $0.contains(text) } }
}
