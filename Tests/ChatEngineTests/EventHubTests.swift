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
        var transcript = Transcript()
        transcript.merge(item, isOwn: false)
        let update = transcript.takeUpdates()[0]
        hub.publish(.connection(.open))
        hub.publish(.transcript(update))
        hub.finish()
        var a: [ChatEvent] = []
        for await event in first { a.append(event) }
        var b: [ChatEvent] = []
        for await event in second { b.append(event) }
        #expect(a == [.connection(.idle), .connection(.open), .transcript(update)])
        #expect(a == b)
    }

    @Test func aLateSubscriberIsToldTheTranscriptAsItIsOnceAndTheHubKeepsNoCopyOfItsOwn() async {
        let hub = EventHub()
        var transcript = Transcript()
        transcript.merge(item, isOwn: false)
        transcript.modify(id: "1") { $0.text = "hello, world" }
        hub.publish(.connection(.open))
        for update in transcript.takeUpdates() { hub.publish(.transcript(update)) }
        let late = hub.subscribe()
        hub.finish()
        var events: [ChatEvent] = []
        for await event in late { events.append(event) }
        #expect(events == [.connection(.open), .transcript(TranscriptUpdate(items: transcript.items, change: .reset(hasMore: false)))])
        guard case .transcript(let replay) = events.last else { return }
        #expect(replay.items.map(\.text) == ["hello, world"])
    }
}
