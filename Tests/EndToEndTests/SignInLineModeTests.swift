import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Customer sign-in with the real binary in line mode, in a pipe, against the demo contact center
/// over loopback: the link on a line of its own, signing in on the page, `/cancel-auth`, a failure.
@Suite(.serialized) struct SignInLineModeTests {
    static let event = "application/vnd.amazonaws.connect.event.authentication."

    /// The chat in line mode, greeted.
    static func start(_ server: DemoContactCenter, extra: [String] = []) async throws -> (InteractiveHelpline, URL) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-sign-in-\(UUID().uuidString)")
        let helpline = try InteractiveHelpline(
            [
                "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
                "--display-name", "Maria", "--plain", "--linger", "0.5", "--new",
            ] + extra,
            environment: ["XDG_STATE_HOME": state.path])
        #expect(await helpline.waitForOutput("Welcome to the Helpline demo"), "\(helpline.stderr)")
        return (helpline, state)
    }

    /// Waits for the sign-in prompt on stderr; returns the link on the line after it.
    /// Runs `body` with the demo, helpline in line mode against it, and the link of a sign-in the
    /// customer asked for.
    static func offered(_ body: (DemoContactCenter, InteractiveHelpline, String) async throws -> Void) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let (helpline, state) = try await start(server)
        defer { try? FileManager.default.removeItem(at: state) }
        helpline.type("sign in")
        try await body(server, helpline, try await link(helpline))
    }

    static func link(_ helpline: InteractiveHelpline, count: Int = 1) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let lines = helpline.stderr.components(separatedBy: "\n")
            let prompts = lines.indices.filter { lines[$0].hasPrefix("-- Sign in to go on") }
            if prompts.count >= count, let last = prompts.last, last + 1 < lines.count, lines[last + 1].hasPrefix("http") {
                return lines[last + 1]
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("no sign-in link on stderr:\n\(helpline.stderr)")
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ text: String) { description = text }
    }

    @Test func theLinkIsALineOfItsOwnAndSigningInOnThePageGreetsTheName() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let back = server.baseURL.absoluteString + "/auth/return?from=cli"
        let (helpline, state) = try await Self.start(server, extra: ["--auth-redirect-uri", back])
        defer { try? FileManager.default.removeItem(at: state) }
        helpline.type("sign in")
        #expect(await helpline.waitForOutput("* The contact center asks you to sign in"), "\(helpline.stdout)")
        let link = try await Self.link(helpline)
        #expect(link.hasPrefix(server.baseURL.absoluteString + "/auth/sign-in/"), "the URL alone on its line: \(link)")
        #expect(helpline.stderr.contains("open this link within 60 s") || helpline.stderr.contains("within 59 s"))
        let signedIn = try await SignInPage.submit(link, name: "Dana Q")
        #expect(signedIn.status == 200 && signedIn.landed == back, "the page sends the browser to --auth-redirect-uri")
        #expect(await helpline.waitForOutput("* You are signed in"), "\(helpline.stdout)")
        #expect(await helpline.waitForOutput("Welcome back, Dana Q"), "\(helpline.stdout)")
        let contactId = try #require(await server.contacts().first)
        let events = await server.transcript(contactId: contactId).filter { $0.contentType.hasPrefix(Self.event) }.map(\.contentType)
        #expect(events == [Self.event + "initiated", Self.event + "succeeded"])
        #expect(!helpline.stdout.contains(link), "the link is not part of the transcript")
        helpline.closeInput()
        #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0)
    }

    @Test func cancelAuthDeclinesAndTheChatGoesOn() async throws {
        try await Self.offered { server, helpline, link in
            helpline.type("/cancel-auth")
            #expect(await helpline.waitForOutput("* The sign-in was cancelled"), "\(helpline.stdout)")
            #expect(await helpline.waitForOutput("carry on without signing in"), "\(helpline.stdout)")
            #expect(try await SignInPage.submit(link, name: "Late").status == 410, "the cancelled sign-in's link is dead")
            helpline.type("hours")
            #expect(await helpline.waitForOutput("opening hours"), "the chat goes on: \(helpline.stdout)")
            helpline.type("/auth")
            let deadline = ContinuousClock.now + .seconds(10)
            while !helpline.stderr.contains("No sign-in is waiting"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(helpline.stderr.contains("No sign-in is waiting"), "\(helpline.stderr)")
            helpline.closeInput()
            #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0)
        }
    }

    @Test func aFailedSignInIsAClearLine() async throws {
        try await Self.offered { server, helpline, link in
            let failed = try await SignInPage.submit(link, name: nil)
            #expect(failed.status == 200 && failed.landed.hasSuffix("/auth/return"), "without --auth-redirect-uri: the endpoint's return page")
            #expect(await helpline.waitForOutput("* The sign-in failed"), "\(helpline.stdout)")
            #expect(await helpline.waitForOutput("didn't work"), "\(helpline.stdout)")
            helpline.closeInput()
            #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0)
        }
    }
}
