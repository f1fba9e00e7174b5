import Foundation

/// AWS credentials: an access key pair and, for temporary credentials, a session token.
public struct AWSCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The access key id (not secret, but identifying).
    public var accessKeyId: String
    /// The secret access key (a credential: never log it).
    public var secretAccessKey: String
    /// The session token of temporary credentials (a credential: never log it).
    public var sessionToken: String?

    /// Creates credentials.
    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// Never shows the secrets.
    public var description: String { "AWSCredentials(\(accessKeyId), secret redacted)" }
}
