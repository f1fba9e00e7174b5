import ChatModel
import Foundation
@testable import ChatUI
@testable import TerminalRuntime

/// Shared fixtures for the TerminalUI tests.
enum Fixture {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let bot = Participant(id: "bot", name: "Bot", role: .bot)
    static let ava = Participant(id: "ava", name: "Ava", role: .agent)
    static let me = Participant(id: "me", name: "Me", role: .customer)

    static func state(rows: Int = 30, columns: Int = 100) -> UIState {
        var options = TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: [:])
        options.title = "Helpline"
        var state = UIState(options: options, palette: .standard, theme: .default)
        state.size = TerminalSize(rows: rows, columns: columns)
        return state
    }

    static func message(_ id: String, _ text: String, from sender: Participant = bot, at offset: TimeInterval = 0) -> ChatItem {
        ChatItem(id: id, time: t0.addingTimeInterval(offset), sender: sender, kind: .message, text: text)
    }

    static func own(_ localId: String, _ text: String, delivery: Delivery = .pending, id: String? = nil) -> ChatItem {
        ChatItem(id: id ?? localId, localId: localId, time: t0, sender: me, kind: .message, text: text, delivery: delivery)
    }

    /// The folders a test's file system holds: `.listFolder` effects are answered from it at once
    /// (nil: they are returned, unanswered).
    @TaskLocal static var folders: (@Sendable (String) -> [String]?)?

    @discardableResult
    static func apply(_ state: inout UIState, _ events: [UIEvent], now: Date = t0) -> [UIEffect] {
        var effects: [UIEffect] = []
        for event in events {
            for real in engineEvents(for: event, in: state) { effects += answered(Reducer.reduce(&state, real, now: now), &state, now: now) }
        }
        return effects
    }

    /// `effects` with each folder listing answered from ``folders``, as the program would.
    private static func answered(_ effects: [UIEffect], _ state: inout UIState, now: Date) -> [UIEffect] {
        var out: [UIEffect] = []
        for effect in effects {
            if case .listFolder(let path) = effect, let folders {
                out += answered(Reducer.reduce(&state, .folderListed(path: path, names: folders(path)), now: now), &state, now: now)
            } else {
                out.append(effect)
            }
        }
        return out
    }

    static func type(_ state: inout UIState, _ text: String) -> [UIEffect] {
        apply(&state, [.key(.text(text))])
    }

    /// Screen rows as text.
    static func screen(_ state: UIState, now: Date = t0) -> [String] {
        FrameBuilder.build(state, now: now, palette: .standard).textRows
    }
}

/// Engine events as the session engine makes them, from the transcript the UI state holds: tests
/// say what happened to an item, and ``Fixture/apply(_:_:now:)`` turns it into the engine's change.
extension UIEvent {
    /// Marks the intent in a transcript update whose change names no real position.
    private static func intent(_ items: [ChatItem], _ marker: Int, hasMore: Bool = false) -> UIEvent {
        var transcript = Transcript()
        for item in items { transcript.addPending(item) }
        let change: TranscriptChange = marker == -3 ? .merged(count: items.count, hasMore: hasMore)
            : marker == -4 ? .reset(hasMore: hasMore) : .inserted(position: marker)
        return .engine(.transcript(TranscriptUpdate(items: transcript.items, change: change)))
    }

    /// `item` arrived (merged into the transcript the engine's way).
    static func arrived(_ item: ChatItem) -> UIEvent { intent([item], -1) }

    /// The item with `item`'s local id (or id) changed to `item`.
    static func changed(_ item: ChatItem) -> UIEvent { intent([item], -2) }

    /// An older page arrived.
    static func older(_ items: [ChatItem], hasMore: Bool) -> UIEvent { intent(items, -3, hasMore: hasMore) }

    /// The transcript was reloaded as `items`.
    static func reloaded(_ items: [ChatItem], hasMore: Bool) -> UIEvent { intent(items, -4, hasMore: hasMore) }
}

extension Fixture {
    /// The engine's changes for a test's intent, given the transcript `state` holds.
    static func engineEvents(for event: UIEvent, in state: UIState) -> [UIEvent] {
        guard case .engine(.transcript(let marker)) = event else { return [event] }
        let items = Array(marker.items)
        var transcript = Transcript(items: state.store.items)
        switch marker.change {
        case .inserted(-1):
            for item in items {
                // Our unsent messages are added the way the engine adds what the user typed.
                if item.delivery == .pending, item.localId != nil { transcript.addPending(item) } else {
                    transcript.merge(item, isOwn: item.isOwn)
                }
            }
        case .inserted(-2):
            for item in items {
                let found = item.localId.map { local in transcript.modify(localId: local) { $0 = item } } ?? false
                if !found { transcript.modify(id: item.id) { $0 = item } }
            }
        case .merged(_, let hasMore):
            transcript.mergeOlder(items.map { ($0, $0.isOwn) }, hasMore: hasMore)
        case .reset(let hasMore) where !state.store.items.isEmpty || !items.isEmpty:
            transcript.reload(items.map { ($0, $0.isOwn) }, keeping: [], hasMore: hasMore)
        default:
            return [event]
        }
        let updates = transcript.takeUpdates()
        if updates.isEmpty, case .merged(_, let hasMore) = marker.change {
            return [.engine(.transcript(TranscriptUpdate(items: transcript.items, change: .merged(count: 0, hasMore: hasMore))))]
        }
        return updates.map { .engine(.transcript($0)) }
    }
}
