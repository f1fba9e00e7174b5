import Foundation
import Testing

/// A real HTTP proxy (Debian's tinyproxy) on a loopback ephemeral port, with a generated config
/// and its log in a temporary folder. A missing tinyproxy is an error, never a skipped test.
final class TinyProxy: Sendable {
    let port: Int
    let folder: URL
    private let process: Process

    /// Where the binary is looked for (`scripts/ensure-deps.sh --test` installs it).
    static let candidates = ["/usr/bin/tinyproxy", "/usr/sbin/tinyproxy", "/usr/local/bin/tinyproxy"]

    /// Why tinyproxy could not be started.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private init(port: Int, folder: URL, process: Process) {
        self.port = port
        self.folder = folder
        self.process = process
    }

    /// `http://[user:password@]127.0.0.1:PORT`.
    func url(user: String? = nil, password: String? = nil) -> String {
        let credentials = user.map { "\($0):\(password ?? "")@" } ?? ""
        return "http://\(credentials)127.0.0.1:\(port)"
    }

    /// Starts tinyproxy allowing CONNECT to `connectPorts` only; with `credentials`, it wants them (BasicAuth).
    static func start(connectPorts: [Int], credentials: (user: String, password: String)? = nil) async throws -> TinyProxy {
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "tinyproxy is not installed: run `scripts/ensure-deps.sh --test` (as root) or `apt-get install tinyproxy`")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lastProblem = "no attempt"
        for _ in 0..<5 {
            let port = try freeLoopbackPort()
            var config = [
                "Port \(port)", "Listen 127.0.0.1", "Timeout 120", "MaxClients 100", "Allow 127.0.0.1",
                "LogFile \"\(folder.appendingPathComponent("tinyproxy.log").path)\"", "LogLevel Connect",
                "PidFile \"\(folder.appendingPathComponent("tinyproxy.pid").path)\"",
            ]
            config += connectPorts.map { "ConnectPort \($0)" }
            if let credentials { config.append("BasicAuth \(credentials.user) \(credentials.password)") }
            let configFile = folder.appendingPathComponent("tinyproxy.conf")
            try (config.joined(separator: "\n") + "\n").write(to: configFile, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-d", "-c", configFile.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let proxy = TinyProxy(port: port, folder: folder, process: process)
            if await proxy.waitUntilListening() { return proxy }
            lastProblem = "it did not listen on 127.0.0.1:\(port) (log: \(proxy.log))"
            proxy.stopProcess()
        }
        throw Failure(description: "tinyproxy did not start: \(lastProblem)")
    }

    /// The proxy's log so far.
    var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("tinyproxy.log"), encoding: .utf8)) ?? ""
    }

    /// The request lines the proxy received (`CONNECT host:port HTTP/1.1`, `GET http://… HTTP/1.1`).
    var requests: [String] {
        log.split(separator: "\n").compactMap { line in
            guard line.contains("Request (file descriptor"), let colon = line.range(of: "): ") else { return nil }
            return String(line[colon.upperBound...])
        }
    }

    /// Stops the proxy and removes its folder.
    func stop() {
        stopProcess()
        try? FileManager.default.removeItem(at: folder)
    }

    /// SIGKILL: a child of the test process inherits its blocked signals, SIGTERM among them. No
    /// `waitUntilExit()`: it blocks a thread of the cooperative pool, and Foundation reaps the child.
    private func stopProcess() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Polls until the port accepts connections (true) or the process ended or 30 s passed (false).
    private func waitUntilListening() async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, process.isRunning {
            if Self.accepts(port: port) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port the kernel just handed out on 127.0.0.1 (tinyproxy cannot listen on port 0 itself).
    private static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure(description: "bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw Failure(description: "getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
