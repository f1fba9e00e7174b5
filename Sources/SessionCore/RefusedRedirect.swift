import Foundation

/// A redirect that was not followed: the server sent a call carrying credentials (a bearer token,
/// an API key, a signature) to another origin. Credentials go only to the origin they were given
/// for, as curl and the AWS SDKs have it, so the call ends here.
public struct RefusedRedirect: Sendable, Hashable, CustomStringConvertible {
    /// The origin that answered with the redirect, `scheme://host:port`.
    public var from: String
    /// The origin it pointed to, `scheme://host:port`.
    public var to: String

    /// Creates a record of a refused redirect.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// One line for users, naming both origins and never a credential.
    public var description: String {
        "\(from) redirected the call to another host, \(to); Helpline does not send credentials to another host, so it did not follow"
    }
}
