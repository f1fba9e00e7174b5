import ChatModel
import Foundation

/// A customer sign-in the contact center asked for (Amazon Connect's AuthenticateCustomer block), as a
/// value: what happened in, what to do out. It fetches the sign-in link at once (it may be fetched only
/// within a minute of the request), offers it for its minute, fetches a fresh one when the user asks
/// after that, and closes on the contact center's outcome or the user's cancel.
///
/// The same sign-in can be announced twice (the socket and a transcript page after a reconnect): a
/// session id already seen is not started again.
struct CustomerAuthentication: Sendable {
    /// What the core must do.
    enum Action: Sendable, Equatable {
        /// Fetch the sign-in link for this session.
        case fetchLink(sessionId: String)
        /// Cancel this session on the server.
        case cancel(sessionId: String)
        /// Tell the front ends.
        case publish(AuthenticationState)
        /// Fire ``TimerKey/authenticationLink`` at this time.
        case expireLink(at: Date)
        /// Stop that timer.
        case stopExpiry
        /// Tell the user something that is not the sign-in's state.
        case notice(String)
    }

    /// The sign-in under way or last seen.
    private(set) var sessionId: String?
    /// Where it stands, as last published; nil before any.
    private(set) var state: AuthenticationState?
    /// Sign-ins seen in this chat: announced again, they are not started again.
    private var seen: Set<String> = []
    /// A link call is out.
    private var fetching = false
    /// A cancel call is out.
    private var cancelling = false

    /// The most sign-ins one chat keeps track of (the rest are ignored: no server asks for so many).
    static let mostSessions = 64

    /// The contact center asks the customer to sign in.
    mutating func initiated(_ id: String) -> [Action] {
        guard !seen.contains(id), seen.count < Self.mostSessions else { return [] }
        seen.insert(id)
        sessionId = id
        cancelling = false
        return fetch(id)
    }

    /// The link call for `id` answered with `url` at `now`.
    mutating func linkArrived(_ id: String, url: String, now: Date) -> [Action] {
        guard id == sessionId, fetching else { return [] }
        fetching = false
        guard state?.isOpen == true else { return [] }
        let expires = now.addingTimeInterval(AuthenticationState.linkLifetime)
        return publish(.offered(url: url, expires: expires)) + [.expireLink(at: expires)]
    }

    /// The link call for `id` failed: why, in words.
    mutating func linkFailed(_ id: String, reason: String) -> [Action] {
        guard id == sessionId, fetching else { return [] }
        fetching = false
        guard state?.isOpen == true else { return [] }
        return publish(.linkFailed(reason))
    }

    /// The link on offer expired.
    mutating func linkExpired() -> [Action] {
        guard case .offered = state else { return [] }
        return publish(.linkExpired)
    }

    /// The contact center says how the sign-in ended.
    mutating func ended(_ outcome: AuthenticationOutcome) -> [Action] {
        guard sessionId != nil, state?.isOpen == true else { return [] }
        fetching = false
        cancelling = false
        return publish(.ended(outcome)) + [.stopExpiry]
    }

    /// The user asks for the link: the one on offer while it works (shown again), else a fresh one.
    mutating func userAsksForLink(now: Date) -> [Action] {
        guard let id = sessionId, let state, state.isOpen else {
            return [.notice("No sign-in is waiting: the contact center has not asked you to sign in.")]
        }
        if fetching { return [] }
        if state.link(at: now) != nil { return [.publish(state)] }
        return fetch(id)
    }

    /// The user declines the sign-in.
    mutating func userCancels() -> [Action] {
        guard let id = sessionId, state?.isOpen == true else {
            return [.notice("No sign-in is waiting to be cancelled.")]
        }
        guard !cancelling else { return [] }
        cancelling = true
        return [.cancel(sessionId: id)]
    }

    /// The cancel call for `id` answered: the sign-in is over (the contact center's own `cancelled`
    /// event then only adds its line to the transcript), or why it failed.
    mutating func cancelAnswered(_ id: String, failure: String?) -> [Action] {
        guard id == sessionId, cancelling else { return [] }
        cancelling = false
        if let failure { return [.notice("The sign-in could not be cancelled: \(failure)")] }
        guard state?.isOpen == true else { return [] }
        return publish(.ended(.cancelled)) + [.stopExpiry]
    }

    private mutating func fetch(_ id: String) -> [Action] {
        fetching = true
        return publish(.fetchingLink) + [.stopExpiry, .fetchLink(sessionId: id)]
    }

    private mutating func publish(_ next: AuthenticationState) -> [Action] {
        state = next
        return [.publish(next)]
    }
}
