import ChatModel
import Foundation

/// Customer sign-in (Amazon Connect's AuthenticateCustomer block): the core's side of
/// ``CustomerAuthentication``. The link is fetched the moment the contact center asks, and never
/// logged: only the front ends see it.
extension SessionCore {
    /// The contact center asks the customer to sign in (live, or read back after a reconnect). An agent's
    /// session (the agent console) sees the line, but the sign-in is the customer's.
    mutating func authenticationInitiated(_ sessionId: String) {
        guard !connection.state.isTerminal, (info?.me.role ?? .customer) == .customer else { return }
        log(.info, "the contact center asks the customer to sign in")
        follow(authentication.initiated(sessionId))
    }

    /// The contact center says how the sign-in ended.
    mutating func authenticationEnded(_ outcome: AuthenticationOutcome) {
        log(.info, "the sign-in ended: \(outcome.rawValue)")
        follow(authentication.ended(outcome))
    }

    /// `/auth`: the link again, or a fresh one.
    mutating func authenticationLinkRequested() {
        guard !connection.state.isTerminal else {
            notice("The chat has ended; there is nothing to sign in to.")
            return
        }
        follow(authentication.userAsksForLink(now: now))
    }

    /// `/cancel-auth`.
    mutating func authenticationCancelRequested() {
        guard !connection.state.isTerminal else {
            notice("The chat has ended; there is no sign-in to cancel.")
            return
        }
        follow(authentication.userCancels())
    }

    /// The link call answered.
    mutating func authenticationLinkArrived(_ sessionId: String, _ result: Result<WireResult, BackendError>) {
        switch result {
        case .success(.authenticationURL(let url)):
            follow(authentication.linkArrived(sessionId, url: url, now: now))
        case .success:
            follow(authentication.linkFailed(sessionId, reason: "the contact center sent no sign-in link"))
        case .failure(let error):
            log(.warning, "the sign-in link could not be fetched: \(error)")
            follow(authentication.linkFailed(sessionId, reason: "\(error)"))
        }
    }

    /// The cancel call answered.
    mutating func authenticationCancelSent(_ sessionId: String, _ result: Result<WireResult, BackendError>) {
        switch result {
        case .success: follow(authentication.cancelAnswered(sessionId, failure: nil))
        case .failure(let error): follow(authentication.cancelAnswered(sessionId, failure: "\(error)"))
        }
    }

    /// The link on offer expired.
    mutating func authenticationLinkExpired() {
        follow(authentication.linkExpired())
    }

    private mutating func follow(_ actions: [CustomerAuthentication.Action]) {
        for action in actions {
            switch action {
            case .fetchLink(let id): begin(.authenticationLink(id), .authenticationURL(sessionId: id))
            case .cancel(let id): begin(.cancelAuthentication(id), .cancelAuthentication(sessionId: id))
            case .publish(let state): publish(.authentication(state))
            case .expireLink(let at): emit(.startTimer(.authenticationLink, at: at))
            case .stopExpiry: cancelTimer(.authenticationLink)
            case .notice(let text): notice(text)
            }
        }
    }
}
