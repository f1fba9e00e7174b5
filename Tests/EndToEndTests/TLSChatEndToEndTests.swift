import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Both protocols over HTTPS and WSS against the demo with its local CA, the REST host and the
/// socket host named differently (`localhost` and `127.0.0.1`), as on the real services.
@Suite struct TLSChatEndToEndTests {
    /// One line of stderr holding every word (case-insensitive).
    static func line(_ stderr: String, containing words: [String]) -> String? {
        stderr.split(separator: "\n").map(String.init).first { line in
            words.allSatisfy { line.lowercased().contains($0.lowercased()) }
        }
    }

    @Test("Connect with --ca-file: start at localhost, REST, socket and an attachment upload at 127.0.0.1")
    func connectTrustingTheCA() async throws {
        let demo = try await TLSDemo.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-tls-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("over TLS\n".utf8).write(to: file)
        let result = try await InteractiveHelpline.run(
            demo.connect(["--ca-file", demo.ca]), input: "hours\n/attach \(file.path)\n",
            awaiting: ["opening hours", "📎 #1 notes.txt"], timeout: .seconds(90))
        let contacts = await demo.server.contacts()
        let transcript = await demo.server.transcript(contactId: contacts.first ?? "")
        await demo.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Tess: hours"), "\(result.stdout)")
        #expect(result.stdout.contains("opening hours"), "the bot's answer came over the wss:// socket: \(result.stdout)")
        #expect(result.stdout.contains("notes.txt"), "\(result.stdout)")
        #expect(transcript.contains { $0.attachments.first?.name == "notes.txt" }, "the upload over HTTPS reached the server")
        #expect(!result.stderr.lowercased().contains("tls failure"), "\(result.stderr)")
    }

    @Test("PolyAI with --ca-file: REST at localhost, the socket at 127.0.0.1")
    func polyAITrustingTheCA() async throws {
        let demo = try await TLSDemo.start()
        let result = try await InteractiveHelpline.run(
            demo.polyAI(["--ca-file", demo.ca]), input: "hours\n", awaiting: ["opening hours"], timeout: .seconds(90))
        await demo.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Welcome to the Helpline demo"), "\(result.stdout)")
        #expect(result.stdout.contains("opening hours"), "\(result.stdout)")
    }

    @Test("PolyAI with the socket at localhost and REST at 127.0.0.1 works too")
    func polyAIHostsSwapped() async throws {
        let demo = try await TLSDemo.start()
        let result = try await InteractiveHelpline.run(
            demo.polyAI(restHost: "127.0.0.1", socketHost: "localhost", ["--ca-file", demo.ca]), input: "hours\n",
            awaiting: ["opening hours"], timeout: .seconds(90))
        await demo.stop()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("opening hours"), "\(result.stdout)")
    }

    @Test("without --ca-file: one line naming the host and an untrusted certificate, exit ≠ 0 (both protocols)")
    func untrusted() async throws {
        let demo = try await TLSDemo.start()
        let connect = try await HelplineBinary.run(demo.connect(), input: "hours\n", timeout: .seconds(90))
        let polyAI = try await HelplineBinary.run(demo.polyAI(), input: "hours\n", timeout: .seconds(90))
        await demo.stop()
        for (name, result) in [("connect", connect), ("polyai", polyAI)] {
            #expect(result.status != 0, "\(name)")
            let line = Self.line(result.stderr, containing: ["localhost:\(demo.port)", "not trusted"])
            #expect(line != nil, "\(name): \(result.stderr)")
            #expect(line?.contains("unknown issuer") == true, "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(name)")
        }
    }

    @Test("a certificate for another name: one line naming the host and the name mismatch")
    func nameMismatch() async throws {
        // The demo's certificate names localhost, 127.0.0.1 and ::1; the server listens on 127.0.0.2.
        let demo = try await TLSDemo.start { $0.host = "127.0.0.2" }
        let result = try await HelplineBinary.run(
            demo.connect(startHost: "127.0.0.2", participantHost: "127.0.0.2", ["--ca-file", demo.ca]), input: "hours\n",
            timeout: .seconds(90))
        await demo.stop()
        #expect(result.status != 0)
        #expect(Self.line(result.stderr, containing: ["127.0.0.2:\(demo.port)", "name mismatch"]) != nil, "\(result.stderr)")
    }

    @Test("an expired certificate: one line naming the host and that it expired")
    func expired() async throws {
        // The demo's clock is 60 days behind: its 30-day certificate ran out a month ago.
        let demo = try await TLSDemo.start { $0.now = { Date().addingTimeInterval(-60 * 86400) } }
        let result = try await HelplineBinary.run(demo.connect(["--ca-file", demo.ca]), input: "hours\n", timeout: .seconds(90))
        await demo.stop()
        #expect(result.status != 0)
        #expect(Self.line(result.stderr, containing: ["localhost:\(demo.port)", "certificate has expired"]) != nil, "\(result.stderr)")
    }

    @Test("--insecure works for both protocols and warns")
    func insecure() async throws {
        let demo = try await TLSDemo.start()
        let connect = try await InteractiveHelpline.run(
            demo.connect(["--insecure"]), input: "hours\n", awaiting: ["opening hours"], timeout: .seconds(90))
        let polyAI = try await InteractiveHelpline.run(
            demo.polyAI(["--insecure"]), input: "hours\n", awaiting: ["opening hours"], timeout: .seconds(90))
        await demo.stop()
        for (name, result) in [("connect", connect), ("polyai", polyAI)] {
            #expect(result.status == 0, "\(name) stderr: \(result.stderr)")
            #expect(result.stderr.contains("WARNING: --insecure"), "\(name)")
            #expect(result.stdout.contains("opening hours"), "\(name): \(result.stdout)")
        }
    }

    @Test("a wss:// socket at a non-loopback IP address: one clear line naming it")
    func socketAtAnIPAddress() async throws {
        let demo = try await TLSDemo.start()
        let result = try await HelplineBinary.run(
            [
                "polyai", "--api-key", "demo-key", "--rest-url", "https://localhost:\(demo.port)/api/v1",
                "--ws-url", "wss://192.0.2.1:\(demo.port)/ws", "--plain", "--new", "--linger", "60", "--ca-file", demo.ca,
            ], input: "", timeout: .seconds(90))
        await demo.stop()
        #expect(result.status != 0)
        #expect(Self.line(result.stderr, containing: ["192.0.2.1", "host name"]) != nil, "\(result.stderr)")
    }
}
