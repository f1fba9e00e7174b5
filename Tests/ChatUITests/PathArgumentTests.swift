import ChatModel
import Foundation
import Testing

@testable import ChatUI
@testable import TerminalRuntime

/// Paths with spaces: Tab completion writes them escaped, and `/attach` and `/download` take the
/// escaped, the quoted and the bare form.
@Suite struct PathArgumentTests {
    private static let folders: @Sendable (String) -> [String]? = { folder in
        switch folder {
        case ".": ["My Documents/", "tax return 2024.pdf", "tax notes.txt", "it's.png"]
        case "My Documents/", "My Documents": ["cover letter.pdf"]
        default: nil
        }
    }

    private func withFolder() -> UIState { Fixture.state() }

    @Test func tabCompletionEscapesSpacesAndQuotes() {
        Fixture.$folders.withValue(Self.folders) {
            var s = withFolder()
            s.composer.setText("/attach tax r")
            Fixture.apply(&s, [.key(.tab)])
            #expect(s.composer.text == #"/attach tax\ return\ 2024.pdf"#)
            s.composer.setText("/attach it")
            Fixture.apply(&s, [.key(.tab)])
            #expect(s.composer.text == #"/attach it\'s.png"#)
            s.composer.setText("/attach My")
            Fixture.apply(&s, [.key(.tab), .key(.tab)])
            #expect(s.composer.text == #"/attach My\ Documents/cover\ letter.pdf"#, "an escaped folder completes further")
            s.composer.setText(#"/attach "tax "#)
            Fixture.apply(&s, [.key(.tab)])
            #expect(s.composer.text == #"/attach "tax "# && s.hint?.text == "tax notes.txt  tax return 2024.pdf",
                    "an opening quote is understood: \(s.composer.text)")
            s.composer.setText(#"/attach "tax n"#)
            Fixture.apply(&s, [.key(.tab)])
            #expect(s.composer.text == #"/attach tax\ notes.txt"#)
        }
    }

    @Test func attachTakesTheEscapedTheQuotedAndTheBareForm() {
        Fixture.$folders.withValue(Self.folders) {
            for typed in [#"tax\ return\ 2024.pdf"#, #""tax return 2024.pdf""#, "'tax return 2024.pdf'", "tax return 2024.pdf"] {
                var s = withFolder()
                s.composer.setText("/attach " + typed)
                #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.attach(path: "tax return 2024.pdf"))], "\(typed)")
            }
            var s = withFolder()
            s.composer.setText(#"/attach My\ Documents/cover\ letter.pdf"#)
            #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.attach(path: "My Documents/cover letter.pdf"))])
        }
    }

    @Test func downloadTakesAnEscapedFolder() {
        Fixture.$folders.withValue(Self.folders) {
            var s = withFolder()
            let file = ChatItem(
                id: "i1", time: Fixture.t0, sender: Fixture.ava,
                kind: .attachment(Attachment(id: "a1", name: "x.png", contentType: "image/png", status: "APPROVED")), text: "📎 x.png")
            Fixture.apply(&s, [.arrived(file)])
            s.composer.setText(#"/download 1 /tmp/My\ Stuff"#)
            #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.download(attachmentId: "a1", directory: "/tmp/My Stuff"))])
        }
    }

    @Test func unquoteAndEscapeAreInverse() {
        for path in ["plain.txt", "a b/c d.pdf", #"back\slash"#, #"quo"te's"#, "tab\there"] {
            #expect(PathCompletion.unquote(PathCompletion.escape(path)) == path, "\(path)")
        }
    }
}
