import ChatEngine
import Foundation
import HelplineTestSupport
import SessionCore
import Transport
import Testing

/// File downloads through a real proxy, in process: the transport's GET streams a file larger
/// than the forwarder's read-ahead through tinyproxy (absolute form for plain http).
@Suite struct ProxyTransferTests {
    /// `python3 -m http.server` on 127.0.0.1, an ephemeral port, serving `folder`.
    private final class FileServer: Sendable {
        let process: Process
        let port: Int

        init(folder: URL) async throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = await output.firstLine()
            // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
            guard let range = line.range(of: " port "), let port = Int(line[range.upperBound...].prefix { $0.isNumber }) else {
                kill(process.processIdentifier, SIGKILL)
                throw CocoaError(.fileReadCorruptFile)
            }
            self.process = process
            self.port = port
        }

        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    @Test("a 1 MiB download through the proxy arrives whole, and the proxy saw an absolute-form GET")
    func downloadThroughTheProxy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 9) }
        try Data(bytes).write(to: folder.appendingPathComponent("big.bin"))
        let server = try await FileServer(folder: folder)
        defer { server.stop() }
        let proxy = try await TinyProxy.start(connectPorts: [])
        defer { proxy.stop() }

        let transport = HTTPTransport(settings: TransportSettings(proxy: ProxyRules(http: ProxyServer(host: "127.0.0.1", port: proxy.port))))
        let target = folder.appendingPathComponent("copy.bin").path
        #expect(FileManager.default.createFile(atPath: target, contents: nil))
        let url = "http://127.0.0.1:\(server.port)/big.bin"
        let written = try await transport.downloadFile(from: url, to: target, expectedSize: Int64(bytes.count)) { _ in }
        #expect(written == Int64(bytes.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(bytes))
        #expect(proxy.requests.contains("GET \(url) HTTP/1.1"), "\(proxy.requests)")

        // A missing file: the server's 404 comes back through the proxy as the storage error it is.
        let missing = folder.appendingPathComponent("missing.bin").path
        #expect(FileManager.default.createFile(atPath: missing, contents: nil))
        await #expect(throws: BackendError.self) {
            _ = try await transport.downloadFile(from: "http://127.0.0.1:\(server.port)/nope.bin", to: missing, expectedSize: nil) { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "a failed download leaves no file")
    }
}
