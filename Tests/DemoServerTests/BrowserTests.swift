import Foundation
import HelplineTestSupport
import Logging
import Testing
import WSClient

@testable import DemoServer

/// A real browser: headless Chromium loads a widget page from one loopback origin, and the page talks to
/// the emulator on another — CORS preflights, the AWS SDK's headers, the socket, a message and the bot's
/// reply. The test reads the page's outcome over the DevTools protocol.
@Suite struct BrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("browser")

    @Test(.enabled(if: BrowserTests.chromium != nil, "needs Debian's chromium (scripts/ensure-deps.sh --test installs it)"),
          .timeLimit(.minutes(2)))
    func aWidgetInChromiumChatsWithTheEmulatorAcrossOrigins() async throws {
        let pages = try ServeProcess(program: "python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                                                          "--directory", Self.page.path])
        let pageLine = await pages.line(containing: "Serving HTTP on 127.0.0.1 port ")
        let pagePort = try #require(pageLine.flatMap { Int($0.split(separator: " ")[5]) }, "page server: \(pages.errors)")
        let origin = "http://127.0.0.1:\(pagePort)"
        let config = DemoClient.serverConfig { $0.corsOrigins = [origin] }
        // A profile folder of its own, where Chromium names its DevTools port.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-chromium-\(UUID().uuidString)")
        let browser = try ServeProcess(program: try #require(Self.chromium), [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--remote-debugging-port=0", "--remote-allow-origins=*",
            "--user-data-dir=\(profile.path)", "about:blank",
        ], scratch: profile)
        try await pages.whileRunning { try await browser.whileRunning { try await withDemoServer(config) { server, _ in
            #expect(server.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
            #expect(server.baseURL.port != pagePort, "a different origin than the page")
            let devTools = try await DevTools.attach(profile: browser.state, timeout: .seconds(30))
            let url = "\(origin)/widget.html?api=\(server.baseURL.absoluteString)"
            let text = try await devTools.outcome(of: url, expression: "window.helplineOutcome", timeout: .seconds(60))
            let outcome = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(outcome["ok"] as? Bool == true, "the page says: \(text)")
            #expect((outcome["requestId"] as? String)?.isEmpty == false, "x-amzn-RequestId is readable by the page")
            #expect(outcome["errorType"] as? String == "AccessDeniedException", "x-amzn-ErrorType is readable")
            #expect(outcome["echoed"] as? Bool == true, "the page's own message came back on the socket")
            #expect((outcome["reply"] as? String)?.contains("| Day |") == true)
        } } }
    }
}

/// Just enough of the Chrome DevTools protocol: open a tab on a URL and evaluate a promise in it.
struct DevTools {
    let port: Int

    /// Waits (bounded) for Chromium to write `DevToolsActivePort` into its profile folder.
    static func attach(profile: URL, timeout: Duration) async throws -> DevTools {
        let file = profile.appendingPathComponent("DevToolsActivePort")
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
                let port = text.split(separator: "\n").first.flatMap({ Int($0) })
            {
                return DevTools(port: port)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw DevToolsError(message: "Chromium did not open its DevTools port")
    }

    /// Opens `url` in a new tab and returns the string `expression` (a promise) resolves to.
    func outcome(of url: String, expression: String, timeout: Duration) async throws -> String {
        // DevTools writes `Name:value` headers without a space, which URLSession rejects: a raw request.
        let connection = try await RawConnection.open(port: port)
        try await connection.send(RawConnection.request("PUT", "/json/new?\(url)", port: port))
        let target = RawConnection.json(try await connection.readResponse())
        let socketURL = try #require(target["webSocketDebuggerUrl"] as? String)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            // Until the page's script ran, the expression is undefined: ask again.
            if let value = try await evaluate(expression, on: socketURL) { return value }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw DevToolsError(message: "the page gave no outcome in time")
    }

    /// One `Runtime.evaluate` (awaiting a promise) on a target's socket; nil while it is undefined.
    private func evaluate(_ expression: String, on socketURL: String) async throws -> String? {
        let command: [String: Any] = [
            "id": 1, "method": "Runtime.evaluate",
            "params": ["expression": expression, "awaitPromise": true, "returnByValue": true],
        ]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self)
        let answer = AnswerBox()
        try await WebSocketClient.connect(
            url: socketURL, configuration: .init(maxFrameSize: 1 << 22), logger: Logger(label: "devtools")
        ) { inbound, outbound, _ in
            try await outbound.write(.text(text))
            for try await message in inbound.messages(maxSize: 1 << 22) {
                guard case .text(let reply) = message,
                    let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any],
                    object["id"] as? Int == 1
                else { continue }
                let result = (object["result"] as? [String: Any])?["result"] as? [String: Any]
                await answer.set(result?["value"] as? String)
                break
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        return await answer.value
    }

    /// The value one evaluation returned.
    actor AnswerBox {
        var value: String?
        func set(_ value: String?) { self.value = value }
    }
}

/// Chromium did not answer as expected.
struct DevToolsError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
