import Foundation
import Testing

@testable import DemoServer

/// The demo checks a customer's `interactive.response` against the exact shapes of spec §3.6 and
/// refuses anything else with a ValidationException.
@Suite struct InteractiveResponseTests {
    static let type = "application/vnd.amazonaws.connect.message.interactive.response"

    @Test func theSpecShapesAreAccepted() throws {
        #expect(try InteractiveAnswer.parse(
            #"{"action":"Submit","data":{"Street":"12 Pine St"},"templateType":"ViewResource","version":"1.0"}"#)
            == .viewAction(action: "Submit", data: ["Street": "12 Pine St"]))
        #expect(try InteractiveAnswer.parse(
            #"{"action":" ","data":{"content":"5 Elm Road"},"templateType":"ViewResource","version":"1.0"}"#)
            == .viewText("5 Elm Road"))
        #expect(try InteractiveAnswer.parse(
            #"{"version":"1.0","data":{"actionName":"SHOW_MORE","preIndex":0,"nextIndex":3,"listId":"dept-list-1","#
                + #""templateType":"ListPicker","referenceId":"ref-7731"},"action":"SHOW_MORE"}"#)
            == .listPaging(action: "SHOW_MORE", listId: "dept-list-1", preIndex: 0, nextIndex: 3))
        #expect(InteractiveAnswer.carouselSelection(#"{"templateIdentifier":"t0","listTitle":"Lisbon","selectionText":"Book"}"#)
            == .carousel(templateIdentifier: "t0", listTitle: "Lisbon", selectionText: "Book"))
        #expect(InteractiveAnswer.carouselSelection("{just text}") == nil)
    }

    @Test(arguments: [
        #"{"action":"Submit","data":{},"templateType":"ViewResource"}"#,
        #"{"action":"Submit","data":{},"templateType":"ViewResource","version":"1.0","extra":1}"#,
        #"{"action":"Submit","data":"Street","templateType":"ViewResource","version":"1.0"}"#,
        #"{"action":" ","data":{"text":"hi"},"templateType":"ViewResource","version":"1.0"}"#,
        #"{"action":"Submit","data":{"Street":["a"]},"templateType":"ViewResource","version":"2.0"}"#,
        #"{"version":"1.0","data":{"actionName":"SHOW_MORE","templateType":"ListPicker"},"action":"SHOW_MORE"}"#,
        #"{"version":"1.0","data":{"actionName":"SHOW_LESS","preIndex":0,"nextIndex":3,"listId":"l","templateType":"ListPicker","referenceId":"r"},"action":"SHOW_LESS"}"#,
        "Submit",
    ]) func otherShapesAreRefused(_ content: String) {
        #expect(throws: ParticipantServiceError.self) { try InteractiveAnswer.parse(content) }
    }

    @Test func sendMessageRefusesAMalformedAnswerWithAValidationError() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat(types: ["text/plain", Self.type])
            let bad = try await client.send(chat, #"{"action":"Submit","templateType":"ViewResource","version":"1.0"}"#, type: Self.type)
            #expect(bad.status == 400 && bad.text.contains("Invalid interactive response"), "\(bad.text)")
            let good = try await client.send(
                chat, #"{"action":"Cancel","data":{},"templateType":"ViewResource","version":"1.0"}"#, type: Self.type)
            #expect(good.status == 200)
            #expect(await server.transcript(contactId: chat.contactId).filter { $0.contentType == Self.type }.count == 1)
        }
    }

    @Test func polyAICustomersGetTheTemplatesOptionsAsSuggestions() throws {
        let interactive = "application/vnd.amazonaws.connect.message.interactive"
        func suggestions(_ template: String) -> (String, [String]) {
            let (body, suggestions, _) = ContactCenterHub.polyAIRichParts(text: template, contentType: interactive)
            return (body, suggestions.compactMap { $0["message_text"] as? String })
        }
        let list = #"{"templateType":"ListPicker","version":"1.0","data":{"content":{"title":"Which?","elements":"#
            + #"[{"title":"Billing"},{"title":"More","actionDetail":"SHOW_MORE"}]}}}"#
        #expect(suggestions(list) == ("Which?", ["Billing"]), "paging elements are not offered as text")
        let time = #"{"templateType":"TimePicker","version":"1.0","data":{"content":{"title":"When?","timeslots":"#
            + #"[{"date":"2025-06-13T16:00+00:00","duration":30}]}}}"#
        #expect(suggestions(time) == ("When?", ["2025-06-13T16:00+00:00"]))
        let view = #"{"templateType":"ViewResource","version":"1.0","data":{"content":{"viewId":"v","viewToken":"t","#
            + #""viewData":{"Heading":"Update your address"}}}}"#
        #expect(suggestions(view) == ("Update your address (type your answer)", []))
    }
}
