import ChatModel
import Foundation
@testable import TerminalUI

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

    @discardableResult
    static func apply(_ state: inout UIState, _ events: [UIEvent], now: Date = t0) -> [UIEffect] {
        events.flatMap { Reducer.reduce(&state, $0, now: now) }
    }

    static func type(_ state: inout UIState, _ text: String) -> [UIEffect] {
        apply(&state, [.key(.text(text))])
    }

    /// Screen rows as text.
    static func screen(_ state: UIState, now: Date = t0) -> [String] {
        FrameBuilder.build(state, now: now, palette: .standard).textRows
    }
}
