import ChatModel
import Foundation

extension PlainMode {
    /// The status lines for a sign-in's new state: the link goes on a line of its own, so it can be
    /// copied or clicked as it is. Its outcome is the transcript's line, so it adds none. `marker`
    /// begins each status line (line mode's `-- `; none for the accessible mode), never the link.
    static func describe(_ authentication: AuthenticationState, marker: String = "-- ") -> [String] {
        switch authentication {
        case .fetchingLink, .ended:
            return []
        case .offered(let url, let expires):
            let seconds = max(0, Int(min(expires.timeIntervalSinceNow, AuthenticationState.linkLifetime).rounded()))
            return [
                marker + "Sign in to go on: open this link within \(seconds) s (/auth shows it again, /cancel-auth declines):",
                url,
            ]
        case .linkExpired:
            return [marker + "The sign-in link expired unused; /auth gets a fresh one."]
        case .linkFailed(let reason):
            return [marker + "The sign-in link could not be fetched (\(reason)); /auth tries again, /cancel-auth declines."]
        }
    }
}
