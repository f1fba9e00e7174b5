import ChatModel
import Foundation
import Testing

@testable import ChatUI
@testable import TerminalRuntime

/// A form (a Connect view) in the full-screen UI: its fields are filled in with `/set`, its actions
/// are picked like any other choice, and an answered form is no longer offered.
@Suite struct FormTests {
    static let form = ChatForm(intro: "**Address update**", fields: [FormField(name: "Street")])
    static let view = ChatItem(
        id: "v1", time: Fixture.t0, sender: Fixture.bot, kind: .message, contentType: "text/markdown",
        text: form.markdown, choices: ["Submit", "Cancel"], form: form)

    private func withView() -> UIState {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "Hello")), .arrived(Self.view)])
        return s
    }

    private func command(_ s: inout UIState, _ text: String) -> [UIEffect] {
        Fixture.apply(&s, [.key(.text(text)), .key(.enter)])
    }

    @Test func setFillsAFieldAndItsValueMayHoldSpaces() {
        var s = withView()
        #expect(command(&s, "/set Street 12 Pine St") == [.send(.setField(name: "Street", value: "12 Pine St"))])
        #expect(command(&s, "/set Street") == [.send(.setField(name: "Street", value: ""))], "clears it")
        #expect(command(&s, "/set").isEmpty)
        #expect(Fixture.screen(s).contains { $0.contains("Usage: /set FIELD VALUE") })
    }

    @Test func theFormShowsItsFieldsAndActionsAndADigitStartsATypedAnswer() {
        var s = withView()
        let screen = Fixture.screen(s)
        #expect(screen.contains { $0.contains("Street: —") } && screen.contains { $0.contains("1. Submit") })
        #expect(screen.contains { $0.contains("/set FIELD VALUE") }, "it says how to fill it in")
        let typed = Fixture.type(&s, "1")
        #expect(!typed.contains(.send(.pick(index: 1))) && s.composer.text == "1", "\"12 Elm Road\" typed as the answer must not submit")
        #expect(command(&s, "2 Elm Road").contains(.send(.send("12 Elm Road"))))
    }

    @Test func tabAndEnterPickTheHighlightedAction() {
        var s = withView()
        #expect(Fixture.apply(&s, [.key(.tab), .key(.down), .key(.enter)]) == [.send(.pick(index: 2))])
    }

    @Test func aFilledInValueIsShownAndAnAnsweredFormIsNoLongerOffered() {
        var s = withView()
        var filled = Self.form
        _ = filled.set("Street", to: "12 Pine St")
        var updated = Self.view
        updated.form = filled
        updated.text = filled.markdown
        Fixture.apply(&s, [.changed(updated)])
        #expect(Fixture.screen(s).contains { $0.contains("Street: 12 Pine St") })
        updated.answer = "Submit"
        Fixture.apply(&s, [.changed(updated)])
        #expect(Fixture.screen(s).contains { $0.contains("You picked: Submit") })
        #expect(!Fixture.screen(s).contains { $0.contains("/set FIELD VALUE") }, "no more hint once answered")
        #expect(Fixture.apply(&s, [.key(.tab)]).isEmpty && s.pickerFocus == nil, "an answered form is not focused")
    }

    @Test func tabCompletesTheFieldNameAfterSet() {
        var s = withView()
        s.composer.setText("/set st")
        Fixture.apply(&s, [.key(.tab)])
        #expect(s.composer.text == "/set Street ")
        s.composer.setText("/set x")
        Fixture.apply(&s, [.key(.tab)])
        #expect(s.composer.text == "/set x" && s.hint?.text == "the form's fields: Street")
    }
}
