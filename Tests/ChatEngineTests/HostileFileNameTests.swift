import Foundation
import Testing

@testable import ChatEngine

/// The server's file name as saved by `/download`: what the transcript showed, never a name an escape
/// sequence or a bidi override disguises.
@Suite struct HostileFileNameTests {
    @Test("an escape sequence in the name is removed whole: shown as n.txt, saved as n.txt")
    func escapeSequence() {
        #expect(DownloadTarget.safeName("\u{1B}]0;x\u{07}n.txt") == "n.txt")
        #expect(DownloadTarget.safeName("\u{1B}[31mred.txt") == "red.txt")
        #expect(DownloadTarget.safeName("a/\u{1B}]0;x/y\u{07}b.txt") == "b.txt")
    }

    @Test("bidi overrides and isolates are dropped, so the extension is the one seen")
    func bidiControls() {
        #expect(DownloadTarget.safeName("invoice\u{202E}txt.exe") == "invoicetxt.exe")
        #expect(DownloadTarget.safeName("\u{2067}photo\u{2069}.jpg") == "photo.jpg")
    }
}
