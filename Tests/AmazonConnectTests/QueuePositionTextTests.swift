import Testing

@testable import AmazonConnect

/// Queue positions read out of contact-flow prompts (docs/protocol-connect.md).
@Suite struct QueuePositionTextTests {
    @Test(arguments: [
        ("You are number 3 in the queue.", 3),
        ("You are number 12 in the Support queue.", 12),
        ("You're #2 in line, thanks for waiting", 2),
        ("Your position in queue is 4.", 4),
        ("Position in the queue: 7", 7),
        ("Queue position: #5", 5),
        ("You are no. 1 in the billing and accounts queue", 1),
    ])
    func phrasingsThatAnnounceAPosition(text: String, position: Int) {
        #expect(QueuePositionText.position(in: text) == position)
    }

    @Test(arguments: [
        "Transferring you to a live agent. Please hold on.",
        "We have 3 agents in the queue today.",
        "Press 1 to queue a callback.",
        "You are number 0 in the queue.",
        "",
    ])
    func otherMessagesAnnounceNone(text: String) {
        #expect(QueuePositionText.position(in: text) == nil)
    }
}
