import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `helpline` on a pseudo-terminal of its own: every byte a terminal would receive, and keys typed
/// into it. For what only a terminal shows but no screen capture may hide (escape sequences).
public final class PtyHelpline: @unchecked Sendable {
    /// Why the pseudo-terminal could not be made.
    public struct PtyError: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
    }

    public let process = Process()
    private let master: Int32
    private let output = Received()

    /// The bytes read from the terminal, shared with the reading thread.
    private final class Received: @unchecked Sendable {
        let lock = NSLock()
        var bytes: [UInt8] = []
        var ended = false
    }

    /// Starts `helpline ARGUMENTS` with the pseudo-terminal as its stdin, stdout and stderr, sized
    /// `columns` × `rows`, with `environment` on top of this process's (less the proxy variables).
    public init(_ arguments: [String], environment: [String: String], columns: UInt16 = 100, rows: UInt16 = 30) throws {
        // posix_openpt and friends are not in Swift's Glibc module: /dev/ptmx and the two Linux ioctls
        // they are made of (TIOCSPTLCK to unlock the pair, TIOCGPTN for the slave's number; x86-64 values).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw PtyError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw PtyError(description: "cannot open \(name)") }
        self.master = master
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = HelplineBinary.path
        process.arguments = arguments
        process.environment = HelplineBinary.environment(adding: environment)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try terminal.close()  // the child holds its own copies: reads end (EIO) when it exits
        Thread { [output] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                output.lock.withLock { output.bytes += buffer[..<count] }
            }
            output.lock.withLock { output.ended = true }
        }.start()
    }

    /// Every byte received so far.
    public var bytes: [UInt8] { output.lock.withLock { output.bytes } }

    /// What was received so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Types `text` as keys (a line ends with `\r`, as Enter sends it).
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the output contains `text` (true), or `timeout` passes (false).
    public func wait(for text: String, timeout: Duration = .seconds(30)) async -> Bool {
        await wait(timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the output so far (true), or `timeout` passes (false).
    public func wait(timeout: Duration = .seconds(30), until condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(text)
    }

    /// Waits for the process to exit (killing it after `timeout`) and for its output to be read; its
    /// exit status (a signal number when killed).
    public func waitForExit(timeout: Duration) async -> Int32 {
        let status = await HelplineBinary.waitForExit(process, timeout: timeout)
        let deadline = ContinuousClock.now + .seconds(5)
        while !output.lock.withLock({ output.ended }), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return status
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close(master)
    }
}
