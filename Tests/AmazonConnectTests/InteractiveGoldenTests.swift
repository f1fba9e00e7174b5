import SessionCore
import ChatModel
import Foundation
import MarkdownANSI
import Testing

@testable import AmazonConnect

/// Every interactive template fixture rendered as a reader sees it (60 columns, no colour), with
/// what each choice sends, compared with `Golden/<fixture>.txt` (HELPLINE_RECORD_GOLDEN=1 rewrites them).
@Suite struct InteractiveGoldenTests {
    static let templates = ["carousel", "listpicker", "panel", "quickreply", "timepicker"].map { "message-interactive-\($0)" }

    /// The rendered block, then one line per choice: its number, label, content type and content.
    static func rendering(_ item: ChatItem) -> String {
        let lines = Markdown.render(item.displayText, width: 60).map(\.plainText)
        var out = lines
        out.append("---")
        for (index, choice) in (item.choices ?? []).enumerated() {
            let reply = item.choiceReplies?[index] ?? .plain(choice)
            let sends = item.form != nil ? "the form's answer" : "\(reply.contentType) \(reply.content)"
            out.append("\(index + 1). \(choice) => \(sends)")
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func golden(_ name: String, _ actual: String) -> (matches: Bool, expected: String) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name).txt")
        if ProcessInfo.processInfo.environment["HELPLINE_RECORD_GOLDEN"] == "1" {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return (true, actual)
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing golden file \(name)>"
        return (expected == actual, expected)
    }

    @Test(arguments: templates) func templateFixtureRendersAsItsGolden(_ name: String) throws {
        let data = try #require(try SpecFixtures.connectFixtures().first { $0.name == name }?.data)
        let events = try ConnectFrameDecoder.decode(String(decoding: data, as: UTF8.self))
        guard case .item(let item) = try #require(events.first) else { throw CancellationError() }
        let actual = Self.rendering(item)
        let (matches, expected) = Self.golden(name, actual)
        #expect(matches, "\(name):\n\(actual)\nexpected:\n\(expected)")
    }

    @Test func viewFixtureRendersAsItsGolden() throws {
        let view = ViewFormTests.view
        let form = view.form(data: ["Heading": "Update your address", "Street": ""])
        var item = ChatItem(id: "v", time: Date(), sender: Participant(name: "Bot", role: .bot), kind: .message, text: "")
        item.show(form: form, actions: view.actions)
        var rendering = Self.rendering(item)
        var filled = form
        _ = filled.set("Street", to: "12 Pine St")
        rendering += "Submit with Street filled => " + InteractiveReply.viewAction("Submit", form: filled).content + "\n"
        let (matches, expected) = Self.golden("message-interactive-viewresource", rendering)
        #expect(matches, "\(rendering)\nexpected:\n\(expected)")
    }
}
