import MarkdownANSI
import TerminalRuntime

/// Decides when a typed key's echo may be drawn before its frame.
///
/// Most keys are a letter added at the end of a one-row draft, or the first letter of one. For
/// those the screen changes by exactly the typed characters at the cursor (and, for the first, the
/// placeholder after it going), so the painter can draw them at once
/// (``CursesPainter/echoAhead(_:)``) and the key's frame — reduce, build, paint — follows right
/// after, with the echo already on the screen. Anything else waits for the frame as before.
package enum EchoAhead {
    /// What to draw at the cursor at once for this turn's `keys`, or nil when the key must wait
    /// for its frame: only printable ASCII typed at the end of a printable-ASCII draft that is not
    /// a slash command and still fits on the composer's first row — into an empty composer it
    /// replaces the placeholder — and nothing else (help, a search, a picker, a paste question,
    /// Ctrl-X, copy mode, an ended chat) takes the key.
    package static func echo(for keys: [Key], in state: UIState) -> Echo? {
        guard keys.count == 1, case .text(let typed) = keys[0], !typed.isEmpty, ByteScan.isPrintableASCII(typed)
        else { return nil }
        guard state.helpOffset == nil, state.transcriptSearch == nil, state.historySearch == nil,
              state.pendingPaste == nil, state.pickerFocus == nil, !state.pendingCtrlX,
              !state.screenHidden, !state.chatIsOver
        else { return nil }
        let draft = state.composer.text
        guard !(draft.isEmpty ? typed : draft).hasPrefix("/"), ByteScan.isPrintableASCII(draft),
              state.composer.cursor == draft.utf8.count
        else { return nil }
        let rowLimit = ComposerLayout.rowLimit(width: ScreenGeometry.composerTextWidth(columns: state.size.columns))
        guard draft.utf8.count + typed.utf8.count <= rowLimit else { return nil }
        return Echo(typed, replacesRest: draft.isEmpty)
    }
}
