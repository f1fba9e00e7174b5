import Foundation
import TerminalRuntime

/// Incremental reverse search through the input history (Ctrl-R), as in readline.
struct HistorySearch: Equatable, Sendable {
    /// What the user typed to search for.
    var query = ""
    /// The history index of the current match.
    var match: Int?
    /// The draft before the search started, put back on cancel.
    var savedDraft: String

    /// The newest history index before `start` whose entry contains `query` (case-insensitive).
    static func find(_ query: String, in history: [String], before start: Int) -> Int? {
        guard !query.isEmpty else { return nil }
        var i = min(start, history.count) - 1
        while i >= 0 {
            if history[i].range(of: query, options: .caseInsensitive) != nil { return i }
            i -= 1
        }
        return nil
    }

    /// The line shown while searching.
    func prompt(history: [String]) -> String {
        let found = match == nil && !query.isEmpty ? " (no match)" : ""
        return "history search: \(query)\(found) — Ctrl-R older · Enter take · Esc cancel"
    }
}

extension Reducer {
    /// Handles a key while a history search is open; returns nil when the key ends the search
    /// and should then be handled normally.
    static func handleSearchKey(_ state: inout UIState, _ key: Key) -> [UIEffect]? {
        guard var search = state.historySearch else { return nil }
        let history = state.composer.history
        switch key {
        case .text(let text):
            search.query += text
            search.match = HistorySearch.find(search.query, in: history, before: history.count)
        case .backspace, .ctrl("h"):
            if !search.query.isEmpty { search.query.removeLast() }
            search.match = HistorySearch.find(search.query, in: history, before: history.count)
        case .ctrl("r"):
            let start = search.match ?? history.count
            search.match = HistorySearch.find(search.query, in: history, before: start) ?? search.match
        case .escape, .ctrl("g"), .ctrl("c"):
            state.composer.setText(search.savedDraft)
            state.historySearch = nil
            return []
        case .enter:
            state.historySearch = nil
            return []
        default:
            state.historySearch = nil
            return nil
        }
        state.composer.setText(search.match.map { history[$0] } ?? search.savedDraft)
        state.historySearch = search
        return []
    }

    /// Starts a history search (Ctrl-R).
    static func startSearch(_ state: inout UIState) {
        guard !state.composer.history.isEmpty else { return }
        state.historySearch = HistorySearch(savedDraft: state.composer.text)
    }
}
