import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// The sign-in panel of the full-screen UI in a real terminal (tmux) against the demo contact center
/// over loopback: the link, a QR code that a reader decodes back to that link, the browser key, and
/// Esc cancelling.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUISignInTests {
    static let binary = TUITmux.helplineBinary()
    static let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The chat in tmux, with `$BROWSER` a script that writes the URL it is given to `opened`.
    private func start(_ server: DemoContactCenter) async throws -> TUITmux {
        let command = "BROWSER=\"$HOME/browser.sh\" '\(Self.binary)' connect --start-url '\(server.startChatURL.absoluteString)'"
            + " --endpoint-url '\(server.baseURL.absoluteString)' --display-name Tess --new"
        let tmux = try TUITmux(command: command, width: 120, height: 44)
        let browser = tmux.directory.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\nprintf '%s' \"$1\" > \"$HOME/opened\"\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the chat connects and the bot greets:\n\(ready.screen.dump)")
        return tmux
    }

    /// The link as the panel shows it (the row after "Open this link", joined with any wrapped rows).
    static func link(on screen: [String]) -> String? {
        guard let index = screen.firstIndex(where: { $0.contains("Open this link in a browser") }) else { return nil }
        var link = ""
        for row in screen[(index + 1)...] {
            let text = row.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.contains("█"), !text.hasPrefix("Or scan") else { break }
            link += text
        }
        return link.isEmpty ? nil : link
    }

    /// The QR code's modules read back from the screen's half blocks, as a PGM image (8 pixels a
    /// module, a white border) for a QR reader: dark where the terminal shows a block's upper or lower half.
    static func image(of screen: [String]) -> Data? {
        // Every row with a half block is the code's (its quiet-zone rows are blank: light, as they should be).
        let rows = screen.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
        guard !rows.isEmpty else { return nil }
        let cells = rows.map { Array($0) }
        let width = cells.map(\.count).max() ?? 0
        var modules: [[Bool]] = []
        for row in cells {
            var top: [Bool] = []
            var bottom: [Bool] = []
            for column in 0..<width {
                let cell = column < row.count ? row[column] : " "
                top.append(cell == "█" || cell == "▀")
                bottom.append(cell == "█" || cell == "▄")
            }
            modules += [top, bottom]
        }
        let scale = 8
        let border = 8
        let pixelsWide = (width + 2 * border) * scale
        let pixelsHigh = (modules.count + 2 * border) * scale
        var pixels = [UInt8](repeating: 255, count: pixelsWide * pixelsHigh)
        for (y, line) in modules.enumerated() {
            for (x, dark) in line.enumerated() where dark {
                for dy in 0..<scale {
                    let offset = ((y + border) * scale + dy) * pixelsWide + (x + border) * scale
                    for dx in 0..<scale { pixels[offset + dx] = 0 }
                }
            }
        }
        return Data("P5 \(pixelsWide) \(pixelsHigh) 255\n".utf8) + Data(pixels)
    }

    /// What zbarimg reads in `image`.
    static func decode(_ image: Data, in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("code.pgm")
        try image.write(to: file)
        return try HelplineBinary.output(of: URL(fileURLWithPath: try #require(zbarimg)), ["--raw", "-q", file.path])
    }

    @Test(.enabled(if: zbarimg != nil, "zbarimg (zbar-tools) is not installed"))
    func thePanelShowsTheLinkAndAQRCodeThatScansToItAndOOpensTheBrowser() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let tmux = try await start(server)
        tmux.type("sign in")
        tmux.keys("Enter")
        let panel = await tmux.wait { $0.has("Open this link in a browser") && $0.has("Or scan this code") && $0.has("Esc cancel sign-in") }
        #expect(panel.ok, "the panel opens with the link and a QR code:\n\(panel.screen.dump)")
        let link = try #require(Self.link(on: panel.screen), "\(panel.screen.dump)")
        #expect(link.hasPrefix(server.baseURL.absoluteString + "/auth/sign-in/"), "\(link)")
        #expect(panel.screen.has("works for 6") || panel.screen.has("works for 5"), "a countdown from one minute:\n\(panel.screen.dump)")
        let image = try #require(Self.image(of: panel.screen))
        #expect(try Self.decode(image, in: tmux.directory) == link, "the QR code drawn in the terminal scans to the link")

        tmux.keys("o")
        let deadline = ContinuousClock.now + .seconds(10)
        while tmux.file("opened") == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(tmux.file("opened") == link, "o hands the link to $BROWSER")

        #expect(try await SignInPage.submit(link, name: "Dana Q").status == 200)
        let signedIn = await tmux.wait { $0.has("You are signed in") && $0.has("Welcome back") && !$0.has("Or scan this code") }
        #expect(signedIn.ok, "the outcome closes the panel and shows as a system line:\n\(signedIn.screen.dump)")
    }

    @Test func escCancelsTheSignInAndTheChatGoesOn() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let tmux = try await start(server)
        tmux.type("sign in")
        tmux.keys("Enter")
        let panel = await tmux.wait { $0.has("Open this link in a browser") }
        #expect(panel.ok, "\(panel.screen.dump)")
        tmux.keys("Tab")
        let hidden = await tmux.wait { !$0.has("Open this link in a browser") && $0.has("/auth shows it again") }
        #expect(hidden.ok, "Tab hides the panel:\n\(hidden.screen.dump)")
        tmux.type("/auth")
        tmux.keys("Enter")
        #expect(await tmux.wait { $0.has("Open this link in a browser") }.ok, "/auth shows it again")
        tmux.keys("Escape")
        let cancelled = await tmux.wait { $0.has("The sign-in was cancelled") && $0.has("carry on without signing in") }
        #expect(cancelled.ok, "Esc calls CancelParticipantAuthentication:\n\(cancelled.screen.dump)")
        let contactId = try #require(await server.contacts().first)
        let events = await server.transcript(contactId: contactId).map(\.contentType).filter { $0.contains("authentication.") }
        #expect(events == ["application/vnd.amazonaws.connect.event.authentication.initiated",
                           "application/vnd.amazonaws.connect.event.authentication.cancelled"])
    }
}
