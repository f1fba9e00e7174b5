import ChatModel
import Foundation
import Testing

@testable import ChatUI

/// The notice at the end of a chat is chosen by why it ended, not by the words of the reason: a
/// reason that says who ended it stands alone, a cause is introduced as the end. Before, the words
/// were searched for "ended", so a refused chat whose server message said "Chat has ended" lost the
/// introduction, and a name with "ended" in it would have too.
@Suite("The end notice follows the end reason")
struct EndReasonNoticeTests {
    @Test(
        "each reason reads as it did, whatever words its message holds",
        arguments: [
            (EndReason.byYou, "You ended the chat."),
            (.byServer, "The chat has ended."),
            (.byParticipant("Ava"), "Ava ended the chat."),
            (.idle(minutes: 5), "The chat ended after 5 minutes idle."),
            (.because("the PolyAI session expired; start a new chat"),
             "The chat has ended: the PolyAI session expired; start a new chat."),
            (.unavailable("Chat has ended"),
             "The chat has ended: the chat is no longer available (Chat has ended); start a new one with /new."),
            (.because("the agent ended the call"), "The chat has ended: the agent ended the call."),
        ])
    func notice(reason: EndReason, expected: String) {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.open)), .engine(.connection(.closed(reason: reason)))])
        let notices = s.store.entries.map(\.item.text).filter { $0.hasPrefix(expected) }
        #expect(notices.count == 1, "\(s.store.entries.map(\.item.text))")
    }
}
