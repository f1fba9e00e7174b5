import ChatModel
import Foundation

/// Collects a session's events and waits for conditions on them (with a deadline, never a fixed sleep).
public actor EventRecorder {
    /// Every event so far, in order.
    public private(set) var events: [ChatEvent] = []

    /// Starts collecting `stream`.
    public init(_ stream: AsyncStream<ChatEvent>) {
        Task { await self.consume(stream) }
    }

    private func consume(_ stream: AsyncStream<ChatEvent>) async {
        for await event in stream { events.append(event) }
    }

    /// Items published as new, in order.
    public var newItems: [ChatItem] {
        events.compactMap { if case .item(let item) = $0 { return item } else { return nil } }
    }

    /// The latest form of every item (new or updated), keyed by local id or id, in first-seen order.
    public var currentItems: [ChatItem] {
        var order: [String] = []
        var latest: [String: ChatItem] = [:]
        for event in events {
            switch event {
            case .item(let item):
                let key = item.localId ?? item.id
                order.append(key)
                latest[key] = item
            case .itemUpdated(let item):
                let key = item.localId ?? item.id
                if latest[key] != nil { latest[key] = item }
            default: break
            }
        }
        return order.compactMap { latest[$0] }
    }

    /// Every item event (new or updated), in order.
    public var allItemEvents: [ChatItem] {
        events.compactMap { event in
            switch event {
            case .item(let item), .itemUpdated(let item): return item
            default: return nil
            }
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
