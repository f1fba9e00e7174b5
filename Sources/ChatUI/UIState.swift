import ChatModel
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The one owner of everything the UI shows; changed only by ``Reducer``.
package struct UIState {
    /// Options the UI was started with.
    let options: TerminalUIOptions
    /// Lays out and caches the transcript (a reference: a memo, not state).
    package let view: TranscriptView
    /// The current terminal size.
    package var size = TerminalSize(rows: 30, columns: 100)
    /// The engine's connection state.
    var connection: ConnectionState = .idle
    /// Backend, endpoint and who we are.
    var session: SessionInfo?
    /// The transcript.
    package var store = TranscriptStore()
    /// Scroll position of the transcript pane.
    var scroll: ScrollPosition = .bottom
    /// Items that arrived while scrolled up.
    var unreadCount = 0
    /// Key of the first unread entry, where the "new messages" divider goes.
    var unreadKey: String?
    /// Who else is typing.
    var typing = TypingState()
    /// Place in the queue, when queued.
    var queuePosition: Int?
    /// The bot or agent we are talking to (latest non-customer, non-system sender).
    var partner: Participant?
    /// The draft.
    package var composer = ComposerState()
    /// An open transcript search (Ctrl-S, `/search`).
    var transcriptSearch: TranscriptSearch?
    /// The first help line shown while the help overlay (F1, `?`) is open; nil when closed.
    var helpOffset: Int?
    /// True while the diagnostics pane (F2) is shown over the top of the transcript.
    var diagnosticsOpen = false
    /// The engine's latest connection diagnostics (shown by the F2 pane; a failing deep heartbeat
    /// also in the status bar).
    var diagnostics: ConnectionDiagnostics?
    /// An open Ctrl-R history search.
    var historySearch: HistorySearch?
    /// False once the engine said there is nothing older to load.
    var hasMoreOlder = true
    /// When the outstanding `.loadOlder` was sent; nil when none is.
    var loadingOlderSince: Date?
    /// True while a `.loadOlder` is outstanding.
    var loadingOlder: Bool { loadingOlderSince != nil }
    /// A short hint shown in the typing line until it expires (completions, help).
    var hint: (text: String, until: Date)?
    /// Whether the terminal window has focus: nil until the terminal reports it (mode 1004).
    var focused: Bool?
    /// New messages from others that arrived while the terminal was unfocused (for the title).
    var awayCount = 0
    /// True while copy mode or the editor covers the chat (nothing counts as seen then).
    package var screenHidden = false
    /// The newest message already reported to the engine as seen.
    var lastSeenId: String?
    /// The store as it stood when its newest message from others was found reported already (or
    /// there was none): until the store changes, no receipt is due, whatever the screen does.
    var seenUpTo: TranscriptStore.Stamp?
    /// A long paste waiting for confirmation (y or Enter pastes, anything else drops it).
    var pendingPaste: String?
    /// Links as numbered by the last `/links` (1-based in the UI).
    var links: [String] = []
    /// The highlighted option (1-based) while the newest picker has keyboard focus; nil otherwise.
    var pickerFocus: Int?
    /// Attachments (by id) to open once their download has finished (`/open #N`).
    var pendingOpens: Set<String> = []
    /// The folder listing asked for and what it is for (nil: none is awaited).
    var folderWanted: FolderWanted?
    /// True when the previous key was Ctrl-X (waiting for Ctrl-E).
    var pendingCtrlX = false
    /// True when the engine's stream has finished.
    var engineFinished = false
    /// The sign-in the contact center asked for, as last published (nil: none asked for).
    var authentication: AuthenticationState?
    /// True while the sign-in panel covers the transcript.
    var authenticationPanelOpen = false
    /// The QR code of the sign-in link on offer (nil: none, or libqrencode is not installed).
    var authenticationCode: QRCode?

    /// Creates the initial state.
    package init(options: TerminalUIOptions, palette: UIPalette, theme: Theme) {
        self.options = options
        self.view = TranscriptView(
            formatter: TranscriptFormatter(palette: palette, theme: theme, timeZone: options.timeZone))
    }

    /// The screen layout for the current size and draft.
    var geometry: ScreenGeometry { layout().geometry }

    /// The screen layout and the draft laid out for it (a frame needs both; each lays the
    /// draft out once).
    func layout() -> (geometry: ScreenGeometry, composer: ComposerLayout) {
        let probe = ScreenGeometry(size: size, composerRows: 1, statusBarOnTop: options.statusBarOnTop)
        let layout = ComposerLayout(composer, width: probe.composerTextWidth)
        let geometry = ScreenGeometry(
            size: size, composerRows: layout.visibleRowCount, statusBarOnTop: options.statusBarOnTop)
        return (geometry, layout)
    }

    /// True once the chat has ended or failed for good.
    package var chatIsOver: Bool { connection.isTerminal }

    /// Makes sure the transcript's display rows are current.
    package func prepareView() {
        view.prepare(store, unreadKey: unreadKey)
    }

    /// Moves the view to `position`, settled against the rows as laid out now (a place among the
    /// last lines follows the bottom, which clears the unread count).
    mutating func settleScroll(at position: ScrollPosition) {
        prepareView()
        let g = geometry
        scroll = view.normalise(position, store: store, width: g.columns, height: g.transcript.height)
        if scroll == .bottom { unreadCount = 0 }
    }

    /// The transcript window for the current position, laid out for `g`.
    func viewport(_ g: ScreenGeometry) -> TranscriptViewport {
        prepareView()
        return view.viewport(scroll, store: store, width: g.columns, height: g.transcript.height)
    }
}
