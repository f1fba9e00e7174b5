import ChatModel
import Foundation

/// Collects a session's events and waits for conditions on them (with a deadline, never a fixed sleep).
public actor EventRecorder {
    /// Every event so far, in order.
    public private(set) var events: [ChatEvent] = []

    /// Starts collecting `stream`.
    public init(_ stream: ChatEventStream) {
        Task { await self.consume(stream) }
    }

    private func consume(_ stream: ChatEventStream) async {
        for await event in stream { events.append(event) }
    }

    /// Items published as new, in order (those a subscriber was first told of included).
    public var newItems: [ChatItem] {
        var out: [ChatItem] = []
        var sawTranscript = false
        for case .transcript(let update) in events {
            switch update.change {
            case .inserted: update.item.map { out.append($0) }
            case .reset where !sawTranscript: out += update.items
            default: break
            }
            sawTranscript = true
        }
        return out
    }

    /// The transcript as the session holds it now, in order.
    public var currentItems: [ChatItem] {
        for event in events.reversed() {
            if case .transcript(let update) = event { return Array(update.items) }
        }
        return []
    }

    /// Every item a transcript change was about (new, updated or moved), in order.
    public var allItemEvents: [ChatItem] {
        events.compactMap { event in
            guard case .transcript(let update) = event else { return nil }
            return update.item
        }
    }

    /// Connection states in order.
    public var states: [ConnectionState] {
        events.compactMap { if case .connection(let state) = $0 { return state } else { return nil } }
    }

    /// Waits until `condition` holds for the events so far; false when `timeout` passes first.
    public func wait(timeout: Duration = .seconds(30), _ condition: @Sendable (EventRecorder) async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition(self)
    }
}
