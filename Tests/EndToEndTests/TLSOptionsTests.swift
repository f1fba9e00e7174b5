import Foundation
import HelplineTestSupport
import Testing

/// A loopback HTTPS start-chat endpoint with a fresh self-signed certificate (openssl + python3).
private final class SelfSignedServer: Sendable {
    let process: Process
    let port: Int
    let certificate: String
    let folder: URL

    static let available = ["/usr/bin/openssl", "/usr/local/bin/openssl"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    private static let server = """
        import http.server, json, ssl, sys
        class H(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                body = json.dumps({"message": "tls handshake ok"}).encode()
                self.send_response(400); self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
        s = http.server.HTTPServer(("127.0.0.1", 0), H)
        c = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); c.load_cert_chain(sys.argv[1], sys.argv[2])
        s.socket = c.wrap_socket(s.socket, server_side=True)
        print("PORT", s.server_address[1], flush=True)
        s.serve_forever()
        """

    private init(process: Process, port: Int, certificate: String, folder: URL) {
        self.process = process
        self.port = port
        self.certificate = certificate
        self.folder = folder
    }

    static func start() async throws -> SelfSignedServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        let (done, finished) = AsyncStream<Void>.makeStream()
        openssl.terminationHandler = { _ in finished.yield(); finished.finish() }
        try openssl.run()
        for await _ in done { break }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", server, cert, key]
        let output = Pipe()
        python.standardOutput = output
        python.standardError = FileHandle.nullDevice
        try python.run()
        let line = await output.firstLine()
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            kill(python.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile)
        }
        return SelfSignedServer(process: python, port: port, certificate: cert, folder: folder)
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite("--ca-file and --insecure against a self-signed HTTPS endpoint", .enabled(if: SelfSignedServer.available, "needs openssl"))
struct TLSOptionsTests {
    @Test("rejected without help; accepted with --ca-file; accepted with --insecure after a loud warning")
    func selfSigned() async throws {
        let server = try await SelfSignedServer.start()
        defer { server.stop() }
        let base = ["connect", "--start-url", "https://127.0.0.1:\(server.port)/Prod", "--display-name", "T", "--plain", "--new"]
        let plain = try await HelplineBinary.run(base)
        #expect(plain.status != 0)
        #expect(!plain.stderr.contains("tls handshake ok"))
        let trusted = try await HelplineBinary.run(base + ["--ca-file", server.certificate])
        #expect(trusted.status != 0)
        #expect(trusted.stderr.contains("tls handshake ok"), "stderr: \(trusted.stderr)")
        let insecure = try await HelplineBinary.run(base + ["--insecure"])
        #expect(insecure.stderr.contains("WARNING: --insecure"))
        #expect(insecure.stderr.contains("tls handshake ok"), "stderr: \(insecure.stderr)")
    }
}
