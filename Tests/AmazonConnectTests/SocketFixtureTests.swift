import SessionCore
import ChatModel
import Foundation
import Testing

@testable import AmazonConnect

/// Every socket fixture decodes to the event a user would see (or is ignored for a stated reason).
@Suite struct SocketFixtureTests {
    /// What each fixture must decode to, in words checked by `describe`.
    static let expectations: [String: String] = [
        "message-plain": "message agent Daniel text/plain",
        "message-customer": "message customer Maria Lopez text/plain",
        "message-system": "message system System text/plain",
        "message-markdown": "message agent Daniel text/markdown",
        "message-interactive-carousel": "message bot Bot text/markdown",
        "message-interactive-listpicker": "message bot Bot text/markdown",
        "message-interactive-panel": "message bot Bot text/markdown",
        "message-interactive-quickreply": "message bot Bot text/markdown",
        "message-interactive-timepicker": "message bot Bot text/markdown",
        // Left raw by the decoder: the backend shows a placeholder and fetches the view (DescribeView).
        "message-interactive-viewresource": "message bot Bot application/vnd.amazonaws.connect.message.interactive",
        "message-interactive-response": "message customer Maria Lopez text/plain",
        "message-interactive-response-viewresource": "message customer Maria Lopez text/plain",
        "message-partial-chunk": "streaming bot Bot text/plain",
        "message-metadata-delivered": "receipt delivered",
        "message-metadata-read": "receipt read",
        "message-metadata-read-by-me": "receipt read",
        "attachment": "attachment APPROVED",
        "attachment-rejected": "attachment REJECTED",
        "typing": "typing agent",
        "typing-customer-echo": "typing customer",
        "participant-joined": "event joined queue",
        "participant-joined-customer": "event joined",
        "participant-left": "event left",
        "participant-idle": "event idle",
        "participant-returned": "event returned",
        "participant-invited": "event invited",
        "participant-autodisconnection": "event autoDisconnection",
        "participant-displayname-updated": "event displayNameUpdated",
        "transfer-succeeded": "event transferSucceeded",
        "transfer-failed": "event transferFailed queue",
        "chat-ended": "event chatEnded queue",
        "chat-rehydrated": "event chatRehydrated",
        "authentication-initiated": "event authenticationInitiated sign-in 0b5e1d6c-2f7a-4c93-8e41-a6d2c9f0b377",
        // Legacy agent-side acknowledgement: Android drops it, and so do we (spec §3.5).
        "connection-acknowledged": "",
        "ws-subscribe-response": "subscribed",
        "ws-subscribe-response-failure": "subscription-failed",
        "ws-heartbeat-response": "alive",
        "ws-deep-heartbeat-response": "alive deep-ok",
        "ws-deep-heartbeat-response-failure": "alive degraded",
        "ws-error-forbidden": "server-error",
    ]

    static func describe(_ events: [BackendEvent]) -> String {
        events.map { event -> String in
            switch event {
            case .item(let item):
                switch item.kind {
                case .message:
                    let prefix = item.isStreaming ? "streaming" : "message"
                    return "\(prefix) \(item.sender.role.rawValue) \(item.sender.name) \(item.contentType)"
                case .attachment(let attachment): return "attachment \(attachment.status ?? "?")"
                case .event(let kind): return "event \(kind.rawValue)"
                }
            case .receipt(_, let delivery, _): return "receipt \(delivery.rawValue)"
            case .processed(_, let verdict): return "processed \(verdict.rawValue)"
            case .typing(let who): return "typing \(who.role.rawValue)"
            case .typingStopped: return "typing-stopped"
            case .queuePosition: return "queue"
            case .alive: return "alive"
            case .subscribed: return "subscribed"
            case .subscriptionFailed: return "subscription-failed"
            case .degraded: return "degraded"
            case .deepHeartbeatOK: return "deep-ok"
            case .serverError: return "server-error"
            case .unreadableFrame: return "unreadable-frame"
            case .authenticationInitiated(let sessionId): return "sign-in \(sessionId)"
            case .authenticationEnded(let outcome): return "sign-in-\(outcome.rawValue)"
            }
        }.joined(separator: " ")
    }

    @Test func everySocketFixtureDecodesAsExpected() throws {
        let fixtures = try SpecFixtures.connectFixtures()
        let socketFixtures = fixtures.filter { !$0.name.hasPrefix("rest-") && !$0.name.hasPrefix("startchat-") && !$0.name.hasPrefix("ws-client-") }
        #expect(socketFixtures.count >= 40)
        for fixture in socketFixtures {
            let frame = String(decoding: fixture.data, as: UTF8.self)
            let events = try ConnectFrameDecoder.decode(frame)
            guard let expected = Self.expectations[fixture.name] else {
                Issue.record("no expectation for fixture \(fixture.name): \(Self.describe(events))")
                continue
            }
            #expect(Self.describe(events) == expected, "fixture \(fixture.name)")
        }
    }

    @Test func theWireShowsAViewMessageAsAPlaceholderUntilDescribeViewAnswers() throws {
        var wire = ConnectWire(start: .participantToken("t", displayName: nil), endpoint: "http://127.0.0.1:1", ids: IDSource(seed: 1))
        let fixture = try #require(try SpecFixtures.connectFixtures().first { $0.name == "message-interactive-viewresource" })
        let events = wire.decode(String(decoding: fixture.data, as: UTF8.self), now: Date()).events
        guard case .item(let item) = try #require(events.first) else {
            Issue.record("no item: \(events)")
            return
        }
        #expect(item.contentType == "text/markdown" && item.text == ConnectWire.viewPlaceholder)
        #expect(wire.needsView(item), "the core is asked to fetch the view")
    }

    @Test func clientFramesMatchTheFixturesWeSend() throws {
        var backend = ConnectWire(start: .participantToken("t", displayName: nil), endpoint: "http://127.0.0.1:1", ids: IDSource(seed: 1))
        let fixtures = Dictionary(uniqueKeysWithValues: try SpecFixtures.connectFixtures().map { ($0.name, $0.data) })
        func json(_ data: Data) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        }
        let subscribe = try #require(fixtures["ws-client-subscribe"])
        #expect(try json(Data(backend.socketOpened(now: Date())[0].utf8)) == json(subscribe))
        let sent = try backend.heartbeat(now: Date()).frames.map { try json(Data($0.utf8)) }
        #expect(sent.contains(try json(try #require(fixtures["ws-client-heartbeat"]))))
        #expect(sent.contains(try json(try #require(fixtures["ws-client-deep-heartbeat"]))))
    }

    @Test func textAndRolesReadNaturally() throws {
        let fixtures = Dictionary(uniqueKeysWithValues: try SpecFixtures.connectFixtures().map { ($0.name, $0.data) })
        let joined = try ConnectFrameDecoder.decode(String(decoding: try #require(fixtures["participant-joined"]), as: UTF8.self))
        guard case .item(let item) = joined.first else {
            Issue.record("expected an item")
            return
        }
        #expect(item.text.hasSuffix("joined the chat"))
        #expect(item.text != "Someone joined the chat")
        let metadata = try ConnectFrameDecoder.decode(String(decoding: try #require(fixtures["message-metadata-read"]), as: UTF8.self))
        #expect(metadata == [.receipt(messageId: "91c4b7e2-3f5a-4d86-b0c9-7e2a1d4f6b58", delivery: .read, recipientId: "a90f3c2d-6e1b-4b8a-9d07-fe42c5b1e386")])
    }

    @Test func malformedFramesAreClearErrorsNotCrashes() {
        for frame in ["", "{", "not json", #"{"topic":"aws/chat","content":"{\"Id\":1}"}"#, #"{"topic":"aws/chat"}"#, "[1,2]"] {
            #expect(throws: BackendError.self) { try ConnectFrameDecoder.decode(frame) }
        }
        #expect((try? ConnectFrameDecoder.decode(#"{"topic":"aws/unknown"}"#)) == [])
    }

    @Test func streamedChunksGrowOneMessage() throws {
        var assembler = ChunkAssembler()
        func chunk(_ text: String, _ number: Int, done: Bool) -> BackendEvent {
            var item = ChatItem(id: "m", time: Date(), sender: .system, kind: .message, text: text)
            item.isStreaming = !done
            _ = number
            return .item(item)
        }
        guard case .item(let first) = assembler.assemble(chunk("Let me ", 1, done: false)),
            case .item(let second) = assembler.assemble(chunk("check.", 2, done: false)),
            case .item(let final) = assembler.assemble(chunk("Let me check. Done.", 3, done: true))
        else {
            Issue.record("expected items")
            return
        }
        #expect(first.text == "Let me ")
        #expect(second.text == "Let me check.")
        #expect(final.text == "Let me check. Done." && !final.isStreaming)
    }
}

/// Interactive templates become readable blocks with numbered, pickable choices.
@Suite struct InteractiveTemplateTests {
    func item(_ fixture: String) throws -> ChatItem {
        let data = try #require(try SpecFixtures.connectFixtures().first { $0.name == fixture }?.data)
        let events = try ConnectFrameDecoder.decode(String(decoding: data, as: UTF8.self))
        guard case .item(let item) = events.first else { throw CancellationError() }
        return item
    }

    @Test func quickReplyAndListPickerOfferTheirTitles() throws {
        let quick = try item("message-interactive-quickreply")
        #expect(quick.choices == ["Great", "OK", "Poor"])
        #expect(quick.text.contains("**How was your experience?**") && !quick.text.contains("Great"), "choices are not text")
        #expect(quick.displayText.contains("1. Great"))
        let list = try item("message-interactive-listpicker")
        #expect(list.choices?.first == "Billing")
        #expect(list.choiceLabels?.first == "Billing — Statements and payments", "shown with its subtitle")
        #expect(list.displayText.contains("1. Billing — Statements and payments"))
        #expect(list.text.contains("[image: Our departments](https://assets.example.com/chat/departments.jpg)"))
        #expect(list.isOpenForPicking)
    }

    @Test func timePickerOffersItsSlotsAndSendsTheSlotDate() throws {
        let picker = try item("message-interactive-timepicker")
        // Shown in the user's time zone and locale (exact wording: the test below); the slot's date is sent.
        let first = try #require(picker.choices?.first)
        #expect(!first.contains("2025-06-13T") && first.hasSuffix(" (30 min)"), "\(first)")
        #expect(picker.choiceReplies?.first?.content == "2025-06-13T16:00+00:00")
        #expect(picker.choiceReplies?.first?.display == first)
        #expect(picker.text.contains("Seattle branch"))
    }

    @Test func listPickerPanelAndQuickReplySendTheirTitlesAsPlainText() throws {
        for name in ["listpicker", "panel", "quickreply"] {
            let picker = try item("message-interactive-\(name)")
            #expect(picker.choiceReplies == picker.choices?.map { ChoiceReply.plain($0) }, "\(name)")
        }
    }

    @Test func carouselOffersEveryPanelOptionAndSendsTheJSONSelection() throws {
        let carousel = try item("message-interactive-carousel")
        #expect(carousel.choices == ["Lisbon: Book flights", "Lisbon: Book hotels", "Kyoto: Book flights", "Kyoto: Book hotels"])
        #expect(carousel.choiceReplies?[2] == ChoiceReply(
            contentType: "text/plain",
            content: #"{"templateIdentifier":"template1","listTitle":"Kyoto","selectionText":"Book flights"}"#,
            display: "Kyoto: Book flights"))
        #expect(carousel.contentType == "text/markdown" && !carousel.text.contains("templateType"))
        #expect(carousel.displayText.contains("3. Kyoto: Book flights"), "options are numbered across the panels")
    }

    @Test("TimePicker slots read in the user's time zone and locale; the slot's own date is sent")
    func timePickerSlotsAreShownAsPeopleReadThem() throws {
        let content = #"{"templateType":"TimePicker","version":"1.0","data":{"content":{"title":"When?","timeslots":["#
            + #"{"date":"2025-06-13T16:00+00:00","duration":30},{"date":"2025-06-14T09:30:00Z","duration":60},{"date":"soon"}]}}}"#
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let template = try #require(InteractiveTemplate.parse(content, timeZone: london, locale: Locale(identifier: "en_GB")))
        #expect(template.labels == ["Fri 13 Jun at 17:00 (30 min)", "Sat 14 Jun at 10:30 (60 min)", "soon"])
        #expect(template.replies.map(\.content) == ["2025-06-13T16:00+00:00", "2025-06-14T09:30:00Z", "soon"])
        #expect(template.replies[0].display == "Fri 13 Jun at 17:00 (30 min)")
        let utc = try #require(InteractiveTemplate.parse(content, timeZone: .gmt, locale: Locale(identifier: "en_GB")))
        #expect(utc.labels[0] == "Fri 13 Jun at 16:00 (30 min)")
        // Every accepted shape names the same instant: no seconds, seconds, fractions; Z or an offset.
        let instant = Date(timeIntervalSince1970: 1_749_830_400)  // 2025-06-13T16:00:00Z
        for text in ["2025-06-13T16:00+00:00", "2025-06-13T16:00:00Z", "2025-06-13T18:00:00.000+02:00", "2025-06-13T14:00-02:00"] {
            #expect(SlotTime.parse(text) == instant, "\(text)")
        }
        for text in ["soon", "2025-06-13", "2025-06-13T16", ""] { #expect(SlotTime.parse(text) == nil, "\(text)") }
    }

    @Test func listPickerPagingElementsSendTheFixtureResponse() throws {
        let content = #"{"templateType":"ListPicker","version":"1.0","data":{"content":{"title":"Which department?","#
            + #""preIndex":0,"nextIndex":3,"listId":"dept-list-1","referenceId":"ref-7731","elements":[{"title":"Billing"},"#
            + #"{"title":"More","actionDetail":"SHOW_MORE"}]}}}"#
        let template = try #require(InteractiveTemplate.parse(content))
        #expect(template.choices == ["Billing", "More"])
        #expect(template.labels == ["Billing", "More ↻"])
        let fixture = try #require(try SpecFixtures.connectFixtures().first { $0.name == "message-interactive-response" })
        let frame = try #require(try JSONSerialization.jsonObject(with: fixture.data) as? [String: Any])
        let wireItem = try #require(
            try JSONSerialization.jsonObject(with: Data(((frame["content"] as? String) ?? "").utf8)) as? [String: Any])
        #expect(template.replies[1].content == wireItem["Content"] as? String, "byte for byte the fixture's Content")
        #expect(template.replies[1].contentType == "application/vnd.amazonaws.connect.message.interactive.response")
        #expect(template.replies[1].display == "Show more options")
    }
}

/// Views (ViewResource) become forms; their answers are the exact `interactive.response` of spec §3.6.
@Suite struct ViewFormTests {
    static let view = ConnectView(
        name: "Address update",
        template: #"{"Head":{"Title":"Address update"},"Body":[{"_id":"Form_1","Type":"Form","Props":{},"Content":[]}]}"#,
        inputSchema: #"{"type":"object","properties":{"Heading":{"type":"string"},"Street":{"type":"string"}}}"#,
        actions: ["Submit", "Cancel"])

    @Test func theFixtureViewIsAFormWithOneFieldAndTwoActions() {
        let form = Self.view.form(data: ["Heading": "Update your address", "Street": ""])
        #expect(form.fields == [FormField(name: "Street")])
        #expect(form.markdown == """
            **Address update**

            _Update your address_

            - Street: —
            """)
        var item = ChatItem(id: "v", time: Date(), sender: Participant(name: "Bot", role: .bot), kind: .message, text: "")
        item.show(form: form, actions: Self.view.actions)
        #expect(item.displayText.hasSuffix("""
            1. Submit
            2. Cancel

            _Fill in with /set FIELD VALUE, then pick an action with /pick N; a typed message also answers the form._
            """))
    }

    @Test func answersMatchTheFixtureAndReadAsChosen() throws {
        var form = Self.view.form(data: ["Heading": "Update your address", "Street": ""])
        let known = form.set("street", to: "12 Pine St")
        #expect(known, "field names are matched without regard to case")
        let submit = InteractiveReply.viewAction("Submit", form: form)
        let fixture = try #require(try SpecFixtures.connectFixtures().first {
            $0.name == "message-interactive-response-viewresource"
        })
        let events = try ConnectFrameDecoder.decode(String(decoding: fixture.data, as: UTF8.self))
        guard case .item(let echo) = try #require(events.first) else { throw CancellationError() }
        let frame = try #require(try JSONSerialization.jsonObject(with: fixture.data) as? [String: Any])
        let wire = try #require(
            try JSONSerialization.jsonObject(with: Data(((frame["content"] as? String) ?? "").utf8)) as? [String: Any])
        #expect(submit.content == wire["Content"] as? String, "byte for byte the fixture's Content")
        #expect(submit.contentType == "application/vnd.amazonaws.connect.message.interactive.response")
        #expect(echo.text == submit.display && submit.display == "Submit — Street: 12 Pine St", "the echo reads as sent")

        let cancel = InteractiveReply.viewAction("Cancel", form: Self.view.form(data: [:]))
        #expect(cancel.content == #"{"action":"Cancel","data":{},"templateType":"ViewResource","version":"1.0"}"#)
        let typed = InteractiveReply.viewText("line\n\"two\" ü")
        #expect(typed.content == #"{"action":" ","data":{"content":"line\n\"two\" ü"},"templateType":"ViewResource","version":"1.0"}"#)
        #expect(InteractiveReply.display(ofResponse: typed.content) == "line\n\"two\" ü")
    }

    @Test func typedFieldsAreSentAsTheirSchemaType() {
        let view = ConnectView(
            name: "Booking", template: #"{"Body":[{"Type":"Form","Content":[{"Type":"FormInput","Props":{"Name":"Guests"}}]}]}"#,
            inputSchema: #"{"properties":{"Guests":{"type":"integer"},"Pets":{"type":"boolean"}}}"#, actions: ["Book"])
        var form = view.form(data: [:])
        #expect(form.fields.map(\.name) == ["Guests", "Pets"])
        _ = form.set("Guests", to: "3")
        _ = form.set("Pets", to: "true")
        let book = InteractiveReply.viewAction("Book", form: form)
        #expect(book.content
            == #"{"action":"Book","data":{"Guests":3,"Pets":true},"templateType":"ViewResource","version":"1.0"}"#)
        #expect(book.display == "Book — Guests: 3, Pets: true")
        #expect(InteractiveReply.display(ofResponse: book.content) == book.display, "the echo reads the same")
        var several = ConnectView(
            name: "Two", template: "{}", inputSchema: #"{"properties":{"Zip":{"type":"number"},"City":{}}}"#, actions: ["Go"])
            .form(data: [:])
        _ = several.set("Zip", to: "1.50")
        _ = several.set("City", to: "Åre")
        let go = InteractiveReply.viewAction("Go", form: several)
        #expect(go.display == "Go — City: Åre, Zip: 1.5" && InteractiveReply.display(ofResponse: go.content) == go.display)
    }
}
