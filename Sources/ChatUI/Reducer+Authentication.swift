import ChatModel
import Foundation
import TerminalRuntime

/// The sign-in panel: shown when the contact center asks the customer to sign in, closed by the
/// outcome, hidden and shown again by the user.
extension Reducer {
    /// The engine says where the sign-in stands.
    static func authenticationChanged(_ state: inout UIState, _ authentication: AuthenticationState) {
        let wasOpen = state.authentication?.isOpen ?? false
        state.authentication = authentication
        if case .offered(let url, _) = authentication {
            state.authenticationCode = QRCode.encode(url)
        } else {
            state.authenticationCode = nil
        }
        switch authentication {
        case .fetchingLink, .linkExpired, .linkFailed:
            // A new sign-in opens the panel; news of one the user hid leaves it hidden.
            if !wasOpen { state.authenticationPanelOpen = true }
        case .offered:
            state.authenticationPanelOpen = true
        case .ended:
            state.authenticationPanelOpen = false
        }
    }

    /// `/auth`: the panel again, with a fresh link once the last one expired.
    static func authenticationLinkAsked(_ state: inout UIState, now: Date) -> [UIEffect] {
        guard let authentication = state.authentication, authentication.isOpen else {
            addNotice(&state, "No sign-in is waiting: the contact center has not asked you to sign in.", now: now)
            return []
        }
        state.authenticationPanelOpen = true
        return authentication.link(at: now) == nil ? [.send(.authenticationLink)] : []
    }

    /// A key while the panel is shown: `o`/Enter opens the link (a fresh one once expired), `r` asks
    /// for a fresh link, `c` prints the panel as plain terminal text (the link an OSC 8 hyperlink),
    /// Esc cancels the sign-in, Tab hides the panel. Ctrl keys (quit, redraw) and
    /// function keys keep their meaning; nil then.
    static func authenticationPanelKey(_ state: inout UIState, _ key: Key, now: Date) -> [UIEffect]? {
        guard state.authenticationPanelOpen, let authentication = state.authentication else { return nil }
        switch key {
        case .escape:
            state.authenticationPanelOpen = false
            addNotice(&state, "Cancelling the sign-in…", now: now)
            return [.send(.cancelAuthentication)]
        case .text("o"), .text("O"), .enter:
            if let url = authentication.link(at: now) { return [.openURL(url)] }
            return freshLink(authentication, now: now)
        case .text("r"), .text("R"):
            return freshLink(authentication, now: now)
        case .text("c"), .text("C"):
            return authentication.link(at: now) == nil ? [] : [.bareView]
        case .tab, .text("h"), .text("H"):
            state.authenticationPanelOpen = false
            addNotice(&state, "The sign-in is still waiting: /auth shows it again, /cancel-auth declines it.", now: now)
            return []
        case .ctrl, .function, .resize, .focusIn, .focusOut:
            return nil
        default:
            return []
        }
    }

    /// Asks for a fresh link unless one is on its way or still works.
    private static func freshLink(_ authentication: AuthenticationState, now: Date) -> [UIEffect] {
        switch authentication {
        case .linkExpired, .linkFailed: [.send(.authenticationLink)]
        case .offered: authentication.link(at: now) == nil ? [.send(.authenticationLink)] : []
        case .fetchingLink, .ended: []
        }
    }
}
