import ChatModel
import Foundation
import MarkdownANSI
import Testing
@testable import TerminalUI

/// Line mode shows names and file names as the full-screen UI does: without escape sequences and
/// without bidi controls that would show them reversed.
@Suite struct LineModeBidiTests {
    static let printer = PlainPrinter(options: PlainMode.Options(ansi: false, colorMode: .none, width: 80))
    static let eve = Participant(id: "eve", name: "Eve\u{1B}]0;x\u{07}\u{202E}gnp.exe", role: .agent)

    @Test("a sender's name loses its sequences and its bidi override")
    func senderName() {
        let line = Self.printer.format(ChatItem(id: "m1", time: Date(), sender: Self.eve, kind: .message, text: "hi"))
        #expect(line.contains("Evegnp.exe: hi"), "\(line)")
        #expect(!line.contains("\u{202E}"))
    }

    @Test("an attachment's name loses its bidi override")
    func attachmentName() {
        let file = Attachment(id: "a1", name: "invoice\u{202E}fdp.exe", contentType: "application/pdf", size: 10)
        let line = Self.printer.format(ChatItem(id: "f1", time: Date(), sender: Self.eve, kind: .attachment(file), text: ""), number: 1)
        #expect(line.contains("invoicefdp.exe"), "\(line)")
        #expect(!line.contains("\u{202E}"))
    }
}
