import ChatModel
import Foundation

extension PlainMode {
    /// The status lines for a sign-in's new state: the link goes on a line of its own, so it can be
    /// copied or clicked as it is. Its outcome is the transcript's line, so it adds none.
    static func describe(_ authentication: AuthenticationState) -> [String] {
        switch authentication {
        case .fetchingLink, .ended:
            return []
        case .offered(let url, let expires):
            let seconds = max(0, Int(min(expires.timeIntervalSinceNow, AuthenticationState.linkLifetime).rounded()))
            return [
                "-- Sign in to go on: open this link within \(seconds) s (/auth shows it again, /cancel-auth declines):",
                url,
            ]
        case .linkExpired:
            return ["-- The sign-in link expired unused; /auth gets a fresh one."]
        case .linkFailed(let reason):
            return ["-- The sign-in link could not be fetched (\(reason)); /auth tries again, /cancel-auth declines."]
        }
    }
}
