import ChatModel
import Foundation
import Testing

@testable import ChatUI
@testable import TerminalRuntime

/// Pickers from the keyboard and the mouse, numbered attachments, `/attach` completion and
/// transfer progress, through the real reducer and layout.
@Suite struct RichContentTests {
    static let survey = ChatItem(
        id: "q1", time: Fixture.t0, sender: Fixture.bot, kind: .message, contentType: "text/markdown",
        text: "**How was it?**\n\n1. Great\n2. OK\n3. Poor\n\n_Pick with /pick N._", choices: ["Great", "OK", "Poor"])

    private func withSurvey() -> UIState {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "Hello")), .arrived(Self.survey)])
        return s
    }

    private func attachment(_ id: String, _ name: String, status: String? = "APPROVED") -> ChatItem {
        ChatItem(
            id: "item-\(id)", time: Fixture.t0, sender: Fixture.ava,
            kind: .attachment(Attachment(id: id, name: name, contentType: "image/png", status: status)), text: "📎 \(name)")
    }

    @Test func aDigitOnAnEmptyDraftPicksThatOption() {
        var s = withSurvey()
        #expect(Fixture.type(&s, "2") == [.send(.pick(index: 2))])
        #expect(s.composer.isEmpty)
        _ = Fixture.type(&s, "9")
        #expect(s.composer.text == "9", "a number with no such option is typed as usual")
        _ = Fixture.type(&s, "1")
        #expect(s.composer.text == "91", "digits in a draft are text")
    }

    @Test func aDigitIsTextOnceAMessageFollowedTheQuestion() {
        var s = withSurvey()
        Fixture.apply(&s, [.arrived(Fixture.message("m2", "How many would you like?", at: 5))])
        _ = Fixture.type(&s, "2")
        #expect(s.composer.text == "2", "the newer message is being answered, not the old survey")
        s.composer.clear()
        #expect(Fixture.apply(&s, [.key(.tab), .key(.enter)]) == [.send(.pick(index: 1))], "Tab still reaches it")
    }

    @Test func tabFocusesThePickerArrowsMoveTheHighlightAndEnterPicks() {
        var s = withSurvey()
        #expect(Fixture.apply(&s, [.key(.tab)]).isEmpty)
        #expect(s.pickerFocus == 1)
        #expect(Fixture.screen(s).contains { $0.contains("› 1. Great") }, "\(Fixture.screen(s).joined(separator: "\n"))")
        Fixture.apply(&s, [.key(.down), .key(.down), .key(.down), .key(.up)])
        let screen = Fixture.screen(s)
        #expect(screen.contains { $0.contains("› 2. OK") } && !screen.contains { $0.contains("› 1. Great") })
        #expect(screen.contains { $0.contains("Enter picks") }, "the typing line says how it works")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.pick(index: 2))])
        #expect(s.pickerFocus == nil && !Fixture.screen(s).contains { $0.contains("›  2. OK") || $0.contains("› 2. OK") })
    }

    @Test func escapeLeavesThePickerAndTypingGoesToTheDraft() {
        var s = withSurvey()
        Fixture.apply(&s, [.key(.alt("p")), .key(.escape)])
        #expect(s.pickerFocus == nil)
        Fixture.apply(&s, [.key(.tab)])
        _ = Fixture.type(&s, "h")
        #expect(s.pickerFocus == nil && s.composer.text == "h", "a letter leaves the picker and is typed")
    }

    @Test func upOnAnEmptyDraftStaysHistory() {
        var s = withSurvey()
        Fixture.type(&s, "earlier")
        Fixture.apply(&s, [.key(.enter)])
        Fixture.apply(&s, [.key(.up)])
        #expect(s.composer.text == "earlier" && s.pickerFocus == nil)
    }

    @Test func clickingAnOptionOfTheNewestPickerPicksIt() throws {
        var s = withSurvey()
        let screen = Fixture.screen(s)
        let row = try #require(screen.firstIndex { $0.contains("3. Poor") })
        #expect(Fixture.apply(&s, [.key(.click(row: row, column: 6))]) == [.send(.pick(index: 3))])
        let title = try #require(screen.firstIndex { $0.contains("How was it?") })
        #expect(Fixture.apply(&s, [.key(.click(row: title, column: 6))]).isEmpty, "the title is not an option")
        var answered = Self.survey
        answered.answer = "Poor"
        Fixture.apply(&s, [.changed(answered)])
        #expect(Fixture.apply(&s, [.key(.click(row: row, column: 6))]).isEmpty, "an answered picker takes no clicks")
    }

    @Test func attachmentsAreNumberedAndDownloadedByNumber() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(attachment("a1", "first.png")), .arrived(attachment("a2", "second.png"))])
        let screen = Fixture.screen(s)
        #expect(screen.contains { $0.contains("📎 #1 first.png (image/png)") })
        #expect(screen.contains { $0.contains("📎 #2 second.png") } && screen.contains { $0.contains("/download 2") })
        Fixture.type(&s, "/download 2 /tmp/x")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.download(attachmentId: "a2", directory: "/tmp/x"))])
        Fixture.type(&s, "/download 3")
        #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
        #expect(Fixture.screen(s).contains { $0.contains("with N from 1 to 2") })
    }

    @Test func openDownloadsTheAttachmentThenOpensTheSavedFile() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(attachment("a1", "first.png"))])
        Fixture.type(&s, "/open #1")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.download(attachmentId: "a1", directory: nil))])
        let done = FileTransfer(
            direction: .download, id: "a1", name: "first.png", bytesDone: 9, bytesTotal: 9, phase: .finished(path: "/tmp/first.png"))
        #expect(Fixture.apply(&s, [.engine(.transfer(done))]) == [.openURL("/tmp/first.png")])
        #expect(Fixture.apply(&s, [.engine(.transfer(done))]).isEmpty, "opened once")
    }

    @Test func rejectedAttachmentsSaySoAndAreNotDownloaded() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(attachment("a1", "virus.png", status: "REJECTED"))])
        #expect(Fixture.screen(s).contains { $0.contains("rejected by the contact center's scan") })
        Fixture.type(&s, "/download 1")
        #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
    }

    @Test func tabCompletesTheAttachPathAndAMissingFileKeepsTheDraft() {
        let folders: @Sendable (String) -> [String]? = { folder in
            switch folder {
            case ".": ["docs/", "receipt.png", "report.pdf", ".hidden"]
            case "docs/", "docs": ["letter.pdf"]
            default: nil
            }
        }
        Fixture.$folders.withValue(folders) {
            var s = Fixture.state()
            Fixture.type(&s, "/attach rec")
            Fixture.apply(&s, [.key(.tab)])
            #expect(s.composer.text == "/attach receipt.png")
            s.composer.setText("/attach re")
            Fixture.apply(&s, [.key(.tab)])
            #expect(s.composer.text == "/attach re" && s.hint?.text == "receipt.png  report.pdf")
            s.composer.setText("/attach d")
            Fixture.apply(&s, [.key(.tab), .key(.tab)])
            #expect(s.composer.text == "/attach docs/letter.pdf")
            #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.attach(path: "docs/letter.pdf"))])
            #expect(s.composer.isEmpty)
            s.composer.setText("/attach nothing.png")
            #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
            #expect(s.composer.text == "/attach nothing.png", "kept, to be corrected")
            #expect(Fixture.screen(s).contains { $0.contains("No such file: nothing.png") })
        }
    }

    @Test func progressShowsInTheTypingLineAndTheDraftIsKept() {
        var s = Fixture.state()
        Fixture.type(&s, "still typing")
        let running = FileTransfer(
            direction: .upload, id: "l1", name: "big.pdf", bytesDone: 5 << 20, bytesTotal: 10 << 20, phase: .running)
        Fixture.apply(&s, [.engine(.transfer(running))])
        #expect(Fixture.screen(s).contains { $0.contains("uploading big.pdf: 50% of 10.0 MB") })
        #expect(s.composer.text == "still typing")
    }

    @Test func callActionsAreNumberedLinksThatOpenCanDial() {
        var s = Fixture.state()
        let card = "Here you go\n\n- Link: Menu (View) <https://example.com/menu>\n- Call: Restaurant +44 20 7123 4567 <tel:+442071234567>"
        Fixture.apply(&s, [.arrived(Fixture.message("p1", card))])
        #expect(LinkIndex.links(in: s.store) == ["https://example.com/menu", "tel:+442071234567"])
        Fixture.type(&s, "/open 2")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.openURL("tel:+442071234567")])
    }
}
