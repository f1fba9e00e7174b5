import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Whole chats through a real HTTP proxy (tinyproxy on loopback): CONNECT tunnels for https and
/// wss, absolute-form requests for plain http, credentials, and proxies that refuse.
@Suite struct ProxyEndToEndTests {
    private func line(_ stderr: String, containing words: [String]) -> String? {
        TLSChatEndToEndTests.line(stderr, containing: words)
    }

    @Test("Connect over TLS through --proxy, with an upload: the proxy's log shows the CONNECTs for REST and the socket")
    func connectThroughTheProxy() async throws {
        let demo = try await TLSDemo.start()
        let proxy = try await TinyProxy.start(connectPorts: [demo.port])
        defer { proxy.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-proxy-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tunnel.txt")
        try Data("through the tunnel\n".utf8).write(to: file)
        let result = try await InteractiveHelpline.run(
            demo.connect(startHost: "localhost", participantHost: "localhost", ["--ca-file", demo.ca, "--proxy", proxy.url()]),
            input: "hours\n/attach \(file.path)\n", awaiting: ["opening hours", "📎 #1 tunnel.txt"], timeout: .seconds(90))
        let contacts = await demo.server.contacts()
        let transcript = await demo.server.transcript(contactId: contacts.first ?? "")
        await demo.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("opening hours"), "\(result.stdout)")
        #expect(transcript.contains { $0.attachments.first?.name == "tunnel.txt" }, "the HTTPS upload went through the tunnel")
        let connects = proxy.requests.filter { $0 == "CONNECT localhost:\(demo.port) HTTP/1.1" }
        #expect(connects.count >= 2, "REST and the socket each tunnel through the proxy: \(proxy.requests)")
    }

    @Test("PolyAI over TLS through HTTPS_PROXY with credentials (BasicAuth), never shown in the trace")
    func polyAIThroughTheEnvironmentWithCredentials() async throws {
        let demo = try await TLSDemo.start()
        let proxy = try await TinyProxy.start(connectPorts: [demo.port], credentials: ("helpline", "s3cret-proxy-pass"))
        defer { proxy.stop() }
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-trace-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try await InteractiveHelpline.run(
            demo.polyAI(restHost: "localhost", socketHost: "localhost", ["--ca-file", demo.ca, "--trace", trace.path,
                                                                          "--log-level", "debug"]),
            input: "hours\n", awaiting: ["opening hours"], environment: ["HTTPS_PROXY": proxy.url(user: "helpline", password: "s3cret-proxy-pass")],
            timeout: .seconds(90))
        await demo.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("opening hours"), "\(result.stdout)")
        #expect(proxy.requests.filter { $0.hasPrefix("CONNECT localhost:\(demo.port) ") }.count >= 2,
                "REST (one pooled tunnel) and the socket: \(proxy.requests)")
        let traced = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        #expect(!traced.isEmpty)
        for secret in ["s3cret-proxy-pass", Data("helpline:s3cret-proxy-pass".utf8).base64EncodedString()] {
            #expect(!traced.contains(secret), "the trace never holds the proxy credentials")
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
        }
    }

    @Test("NO_PROXY sends the chat around the proxy")
    func noProxyBypasses() async throws {
        let demo = try await TLSDemo.start()
        let proxy = try await TinyProxy.start(connectPorts: [demo.port])
        defer { proxy.stop() }
        let result = try await InteractiveHelpline.run(
            demo.polyAI(["--ca-file", demo.ca]), input: "hours\n", awaiting: ["opening hours"],
            environment: ["https_proxy": proxy.url(), "no_proxy": "example.com,.localhost,127.0.0.1"], timeout: .seconds(90))
        await demo.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("opening hours"), "\(result.stdout)")
        #expect(proxy.requests.isEmpty, "\(proxy.requests)")
    }

    @Test("plain http through HTTP_PROXY: REST in absolute form, the socket through CONNECT")
    func plainHTTPInAbsoluteForm() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        let port = server.baseURL.port ?? 0
        let proxy = try await TinyProxy.start(connectPorts: [port])
        defer { proxy.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-proxy-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain.txt")
        try Data("through the proxy\n".utf8).write(to: file)
        let result = try await InteractiveHelpline.run(
            [
                "connect", "--start-url", "http://localhost:\(port)/Prod", "--endpoint-url", "http://localhost:\(port)",
                "--display-name", "Pat", "--plain", "--new", "--linger", "3",
            ], input: "hours\n/attach \(file.path)\n", awaiting: ["opening hours", "📎 #1 plain.txt"], environment: ["http_proxy": proxy.url()], timeout: .seconds(90))
        let contacts = await server.contacts()
        let transcript = await server.transcript(contactId: contacts.first ?? "")
        await server.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("opening hours"), "\(result.stdout)")
        let requests = proxy.requests
        #expect(requests.contains("POST http://localhost:\(port)/Prod HTTP/1.1"), "\(requests)")
        #expect(requests.contains("POST http://localhost:\(port)/participant/message HTTP/1.1"), "\(requests)")
        #expect(requests.contains { $0.hasPrefix("PUT http://localhost:\(port)/") }, "the upload: \(requests)")
        // The emulator hands a loopback page's plain socket out on 127.0.0.1 (the one `ws://` host
        // amazon-connect-chatjs opens); the client still tunnels it through the proxy it was given.
        #expect(requests.contains("CONNECT 127.0.0.1:\(port) HTTP/1.1"), "the socket: \(requests)")
        #expect(transcript.contains { $0.attachments.first?.name == "plain.txt" })
    }

    @Test("a proxy that wants credentials (407), refuses them (401) or refuses the port (403): one clear line, exit ≠ 0")
    func refusingProxies() async throws {
        let demo = try await TLSDemo.start()
        let wantsCredentials = try await TinyProxy.start(connectPorts: [demo.port], credentials: ("helpline", "right-password"))
        defer { wantsCredentials.stop() }
        let wrongPort = try await TinyProxy.start(connectPorts: [demo.port == 443 ? 444 : 443])
        defer { wrongPort.stop() }
        let noCredentials = try await HelplineBinary.run(
            demo.polyAI(["--ca-file", demo.ca, "--proxy", wantsCredentials.url()]), input: "hours\n", timeout: .seconds(90))
        let badCredentials = try await HelplineBinary.run(
            demo.connect(["--ca-file", demo.ca, "--proxy", wantsCredentials.url(user: "helpline", password: "wrong-password")]),
            input: "hours\n", timeout: .seconds(90))
        let forbidden = try await HelplineBinary.run(
            demo.connect(["--ca-file", demo.ca, "--proxy", wrongPort.url()]), input: "hours\n", timeout: .seconds(90))
        await demo.stop()
        let place = "via proxy 127.0.0.1:"
        #expect(noCredentials.status != 0)
        #expect(line(noCredentials.stderr, containing: ["localhost:\(demo.port)", place, "wants credentials", "407"]) != nil,
                "\(noCredentials.stderr)")
        #expect(badCredentials.status != 0)
        #expect(line(badCredentials.stderr, containing: ["localhost:\(demo.port)", place, "refused the credentials", "401"]) != nil, "\(badCredentials.stderr)")
        #expect(!badCredentials.stderr.contains("wrong-password"))
        #expect(forbidden.status != 0)
        #expect(line(forbidden.stderr, containing: ["localhost:\(demo.port)", place, "refused the tunnel", "403"]) != nil, "\(forbidden.stderr)")
    }

    @Test("a malformed --proxy or HTTPS_PROXY: a clear error without the password, exit ≠ 0, no crash")
    func malformedProxy() async throws {
        let option = try await HelplineBinary.run(
            ["connect", "--participant-token", "t", "--plain", "--proxy", "socks5://user:pa55word@127.0.0.1:1080"])
        #expect(option.status != 0)
        #expect(option.stderr.contains("--proxy"), "\(option.stderr)")
        #expect(option.stderr.contains("only http:// proxies"), "\(option.stderr)")
        #expect(!option.stderr.contains("pa55word"))
        let environment = try await HelplineBinary.run(
            ["polyai", "--api-key", "k", "--rest-url", "https://localhost:1/api/v1", "--ws-url", "wss://localhost:1/ws", "--plain"],
            environment: ["HTTPS_PROXY": "http://user:pa55word@127.0.0.1:notaport"])
        #expect(environment.status != 0)
        #expect(environment.stderr.contains("HTTPS_PROXY"), "\(environment.stderr)")
        #expect(!environment.stderr.contains("pa55word"))
        for result in [option, environment] { #expect(!result.stderr.contains("Fatal error")) }
    }
}
