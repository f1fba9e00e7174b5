import Foundation
import Testing

@testable import DemoServer

/// Every option a demo flow offers in a list picker or a quick reply has an answer: picking it
/// never meets the bot's "Sorry, I didn't catch that" (what a sales engineer would show on stage).
@Suite struct FlowOptionTests {
    /// An option of a list picker or a quick reply: its title (what picking it sends) and the
    /// action it carries, if any.
    struct Option: CustomStringConvertible {
        var flow: String
        var state: String
        var title: String
        var action: String?

        var description: String { "\(flow)/\(state): \(title)" + (action.map { " (\($0))" } ?? "") }
    }

    /// The options offered by the interactive messages a state's rules send.
    static func options(in flow: DemoFlow) throws -> [Option] {
        var found: [Option] = []
        for (state, definition) in flow.states {
            for step in definition.rules.flatMap(\.steps) + definition.fallback {
                guard case .say(let text, _, let contentType, _, _) = step.action,
                    contentType == "application/vnd.amazonaws.connect.message.interactive"
                else { continue }
                let template = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                guard let type = template["templateType"] as? String, ["ListPicker", "QuickReply"].contains(type) else { continue }
                let content = (template["data"] as? [String: Any])?["content"] as? [String: Any]
                let elements = try #require(content?["elements"] as? [[String: Any]], "\(flow.name)/\(state): a \(type) without elements")
                for element in elements {
                    let title = try #require(element["title"] as? String)
                    found.append(Option(flow: flow.name, state: state, title: title, action: element["actionDetail"] as? String))
                }
            }
        }
        return found
    }

    @Test("every option a flow's list pickers and quick replies offer is answered by a rule, not the fallback")
    func everyOfferedOptionHasAnAnswer() throws {
        var checked = 0
        for name in DemoContactCenter.flowNames() {
            let flow = try FlowLoader.load(name: name, directory: nil)
            for option in try Self.options(in: flow) {
                let steps = flow.steps(for: option.title, action: option.action, in: option.state)
                #expect(!steps.isEmpty && steps != flow.states[option.state]?.fallback, "\(option) gets the fallback")
                checked += 1
            }
        }
        // The default flow's departments (two pages) and its feedback survey.
        #expect(checked >= 11)
    }
}
