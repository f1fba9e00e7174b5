import AWSSigV4
import Foundation
import HelplineTestSupport
import Testing

@Suite("SigV4 signer: cross-checked with botocore", .enabled(if: BotocoreHelper.available, "needs python3 with boto3/botocore"))
struct BotocoreCrossCheckTests {
    static let cases: [(String, String, String, [(String, String)], String)] = [
        ("PUT", "/contact/chat", "", [("Content-Type", "application/json")], #"{"InstanceId":"i-1","ContactFlowId":"f-1"}"#),
        ("GET", "/a%20b/c", "z=1&a=2&a=1&e=%2F", [("X-Custom", "  spaced   value ")], ""),
        ("POST", "/", "", [("Content-Type", "text/plain; charset=utf-8")], "héllo wörld ✓"),
    ]

    @Test("the same Authorization as botocore's SigV4Auth", arguments: 0..<3)
    func matchesBotocore(index: Int) async throws {
        let (method, path, query, headers, body) = Self.cases[index]
        let credentials = AWSCredentials(accessKeyId: "AKIDTEST", secretAccessKey: "secret/Key+1", sessionToken: index == 2 ? "session-token" : nil)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let ours = SigV4Signer(credentials: credentials, region: "eu-central-1", service: "connect").sign(
            method: method, host: "connect.eu-central-1.amazonaws.com", path: path, query: query, headers: headers,
            body: Data(body.utf8), date: date)
        var spec: [String: Any] = [
            "method": method, "url": "https://connect.eu-central-1.amazonaws.com\(path)" + (query.isEmpty ? "" : "?\(query)"),
            "headers": Dictionary(headers, uniquingKeysWith: { $1 }), "body": body, "timestamp": "20231114T221320Z",
            "accessKeyId": "AKIDTEST", "secretAccessKey": "secret/Key+1", "region": "eu-central-1", "service": "connect",
        ]
        if let token = credentials.sessionToken { spec["sessionToken"] = token }
        let theirs = try await BotocoreHelper.authorization(for: spec)
        #expect(ours.authorization == theirs)
    }
}
