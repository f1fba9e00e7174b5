import ChatModel
import Foundation
import Testing

@testable import ChatEngine

@Suite struct EventHubTests {
    let item = ChatItem(
        id: "1", time: Date(timeIntervalSince1970: 0), sender: Participant(name: "Bot", role: .bot), kind: .message,
        text: "hello")

    @Test func everySubscriberGetsEveryEvent() async {
        let hub = EventHub()
        let first = hub.subscribe()
        let second = hub.subscribe()
        hub.publish(.connection(.open))
        hub.publish(.item(item))
        hub.finish()
        var a: [ChatEvent] = []
        for await event in first { a.append(event) }
        var b: [ChatEvent] = []
        for await event in second { b.append(event) }
        #expect(a == [.connection(.idle), .connection(.open), .item(item)])
        #expect(a == b)
    }

    @Test func lateSubscriberSeesCurrentItemsOnce() async {
        let hub = EventHub()
        hub.publish(.connection(.open))
        hub.publish(.item(item))
        var updated = item
        updated.text = "hello, world"
        hub.publish(.itemUpdated(updated))
        let late = hub.subscribe()
        hub.finish()
        var events: [ChatEvent] = []
        for await event in late { events.append(event) }
        #expect(events == [.connection(.open), .item(updated)])
    }
}
