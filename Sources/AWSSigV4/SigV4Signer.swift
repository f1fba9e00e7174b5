import Crypto
import Foundation

/// Signs HTTP requests with AWS Signature Version 4 (headers, `AWS4-HMAC-SHA256`).
///
/// ```swift
/// let signer = SigV4Signer(credentials: credentials, region: "us-west-2", service: "connect")
/// let added = signer.sign(method: "PUT", host: "connect.us-west-2.amazonaws.com", path: "/contact/chat",
///                         query: "", headers: [("Content-Type", "application/json")], body: body, date: Date())
/// ```
public struct SigV4Signer: Sendable {
    /// The credentials to sign with.
    public var credentials: AWSCredentials
    /// The region of the scope (`us-east-1`).
    public var region: String
    /// The signing name of the service (`connect`).
    public var service: String

    /// Creates a signer for one region and service.
    public init(credentials: AWSCredentials, region: String, service: String) {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The steps of one signature, for tests and diagnostics.
    public struct Signature: Sendable, Hashable {
        /// The canonical request (task 1).
        public var canonicalRequest: String
        /// The string to sign (task 2).
        public var stringToSign: String
        /// The hex signature (task 3).
        public var signature: String
        /// The `Authorization` header value (task 4).
        public var authorization: String
        /// The headers the signer adds: `X-Amz-Date`, `X-Amz-Security-Token` when there is a session token, `Authorization`.
        public var addedHeaders: [(String, String)]

        /// Compares everything but the header list order.
        public static func == (lhs: Signature, rhs: Signature) -> Bool {
            lhs.authorization == rhs.authorization && lhs.canonicalRequest == rhs.canonicalRequest
        }

        /// Hashes the authorization.
        public func hash(into hasher: inout Hasher) { hasher.combine(authorization) }
    }

    /// Signs a request. `path` and `query` are as they appear on the request line; `headers` are the
    /// headers that will be sent (Host is added from `host` unless present). Returns the headers to add.
    public func sign(
        method: String, host: String, path: String, query: String, headers: [(String, String)], body: Data, date: Date
    ) -> Signature {
        let amzDate = SigV4Format.amzDate(date)
        let day = String(amzDate.prefix(8))
        var all = headers
        if !all.contains(where: { $0.0.lowercased() == "host" }) { all.append(("Host", host)) }
        all.append(("X-Amz-Date", amzDate))
        var added = [("X-Amz-Date", amzDate)]
        if let token = credentials.sessionToken {
            all.append(("X-Amz-Security-Token", token))
            added.append(("X-Amz-Security-Token", token))
        }
        let (canonicalHeaders, signedHeaders) = SigV4Format.canonicalHeaders(all)
        let payloadHash = SigV4Format.hex(SHA256.hash(data: body))
        let canonicalRequest = [
            method.uppercased(), SigV4Format.canonicalURI(path), SigV4Format.canonicalQuery(query),
            canonicalHeaders, signedHeaders, payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", amzDate, scope, SigV4Format.hex(SHA256.hash(data: Data(canonicalRequest.utf8))),
        ].joined(separator: "\n")
        let key = signingKey(day: day)
        let signature = SigV4Format.hex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyId)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        added.append(("Authorization", authorization))
        return Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            authorization: authorization, addedHeaders: added)
    }

    /// kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, day), region), service), "aws4_request").
    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }
}
