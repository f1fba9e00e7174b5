import Foundation

/// How a customer sign-in the contact center asked for ended (Amazon Connect's `authentication.*` events).
public enum AuthenticationOutcome: String, Sendable, Hashable, CaseIterable, Codable {
    /// The customer signed in.
    case succeeded
    /// The sign-in failed.
    case failed
    /// Nobody signed in in time.
    case timeout
    /// The sign-in session expired.
    case expired
    /// The sign-in was cancelled.
    case cancelled

    /// The transcript event that announces this outcome.
    public var eventKind: ChatEventKind {
        switch self {
        case .succeeded: .authenticationSucceeded
        case .failed: .authenticationFailed
        case .timeout: .authenticationTimedOut
        case .expired: .authenticationExpired
        case .cancelled: .authenticationCancelled
        }
    }

    /// The system line a front end shows for it.
    public var sentence: String {
        switch self {
        case .succeeded: "You are signed in"
        case .failed: "The sign-in failed"
        case .timeout: "The sign-in timed out"
        case .expired: "The sign-in session expired"
        case .cancelled: "The sign-in was cancelled"
        }
    }
}

/// A customer sign-in as the front ends show it: published as ``ChatEvent/authentication(_:)`` each time
/// it changes. The link is a credential of sorts (it signs the chat's customer in): it is shown to the
/// user, never logged or written to a transcript.
public enum AuthenticationState: Sendable, Hashable {
    /// The contact center asked the customer to sign in; the sign-in link is being fetched.
    case fetchingLink
    /// Sign in at `url`; the link works until `expires` (one minute after it was fetched).
    case offered(url: String, expires: Date)
    /// The link on offer expired unused; asking again fetches a fresh one.
    case linkExpired
    /// The link could not be fetched (the reason, in words); asking again tries anew.
    case linkFailed(String)
    /// The sign-in is over.
    case ended(AuthenticationOutcome)

    /// How long a sign-in link works once fetched (Amazon Connect: one minute).
    public static let linkLifetime: TimeInterval = 60

    /// True while the user can still sign in (a link is being fetched, offered, or could be fetched again).
    public var isOpen: Bool {
        if case .ended = self { return false }
        return true
    }

    /// The link on offer, when it has not expired at `now`.
    public func link(at now: Date) -> String? {
        if case .offered(let url, let expires) = self, now < expires { return url }
        return nil
    }

    /// Whole seconds left on the offered link at `now` (0 once expired); nil when no link is offered.
    public func secondsLeft(at now: Date) -> Int? {
        guard case .offered(_, let expires) = self else { return nil }
        let left = expires.timeIntervalSince(now)
        guard left > 0, left.isFinite else { return 0 }
        return Int(min(left, 3600).rounded(.up))
    }
}
