import Foundation
import TerminalRuntime

extension Reducer {
    /// Opens a transcript search (Ctrl-S, or `/search TEXT` with a first query).
    static func startTranscriptSearch(_ state: inout UIState, query: String, now: Date) -> [UIEffect] {
        var search = TranscriptSearch(savedScroll: state.scroll)
        search.query = query
        state.transcriptSearch = search
        refind(&state)
        return []
    }

    /// Handles a key while a transcript search is open; nil when the key closes the search
    /// (keeping the position) and should then be handled normally.
    static func handleTranscriptSearchKey(_ state: inout UIState, _ key: Key, now: Date) -> [UIEffect]? {
        guard var search = state.transcriptSearch else { return nil }
        switch key {
        case .text(let text), .paste(let text):
            search.query += text
            state.transcriptSearch = search
            refind(&state)
        case .backspace, .ctrl("h"):
            if !search.query.isEmpty { search.query.removeLast() }
            state.transcriptSearch = search
            refind(&state)
        case .alt("r"):
            search.isRegex.toggle()
            state.transcriptSearch = search
            refind(&state)
        case .alt("c"):
            search.caseSensitive.toggle()
            state.transcriptSearch = search
            refind(&state)
        case .ctrl("r"), .ctrl("s"):
            if let next = search.find(in: state.store, from: search.current, older: key == .ctrl("r")) {
                search.current = next
                state.transcriptSearch = search
                show(&state, entry: next)
            }
        case .enter:
            state.transcriptSearch = nil
        case .escape, .ctrl("g"):
            state.transcriptSearch = nil
            state.settleScroll(at: search.savedScroll)
        case .focusIn, .focusOut, .resize:
            return nil
        default:
            state.transcriptSearch = nil
            return nil
        }
        return []
    }

    /// Finds the newest match for the current query and moves the view to it.
    private static func refind(_ state: inout UIState) {
        guard var search = state.transcriptSearch else { return }
        search.current = search.find(in: state.store, from: nil, older: true)
        state.transcriptSearch = search
        if let current = search.current { show(&state, entry: current) }
    }

    /// Scrolls so that an entry is at the top of the pane (or the view follows the bottom when
    /// it is among the last lines).
    private static func show(_ state: inout UIState, entry index: Int) {
        state.settleScroll(at: .anchor(key: state.store.entries[index].key, line: 0))
    }
}
