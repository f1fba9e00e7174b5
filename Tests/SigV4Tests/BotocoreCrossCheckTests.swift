import AWSSigV4
import AmazonConnect
import ChatEngine
import ConnectDirect
import Foundation
import SessionCore
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

    @Test("StartChatContact against a loopback endpoint that checks the signature with botocore")
    func startChatContact() async throws {
        let endpoint = try await BotocoreEndpoint.start(accessKeyId: "AKIDLOOP", secret: "loop-secret")
        let outcome = await Result { try await Self.startTwice(endpoint.url) }
        await endpoint.stop()
        let (chat, denial) = try outcome.get()
        #expect(chat.participantToken == "token-for-Maria")
        #expect(chat.contactId == "contact-inst-1")
        #expect(chat.participantId == "participant-1")
        #expect(denial.contains("signature we calculated does not match"))
    }

    /// Starts with the right secret, then with a wrong one; returns the chat and the denial message.
    private static func startTwice(_ url: URL) async throws -> (StartedChat, String) {
        let good = StartChatContactClient(
            endpoint: url, region: "us-west-2", credentials: AWSCredentials(accessKeyId: "AKIDLOOP", secretAccessKey: "loop-secret"))
        let chat = try await good.start(instanceId: "inst-1", contactFlowId: "flow-1", displayName: "Maria")
        let wrong = StartChatContactClient(
            endpoint: url, region: "us-west-2", credentials: AWSCredentials(accessKeyId: "AKIDLOOP", secretAccessKey: "wrong"))
        do {
            _ = try await wrong.start(instanceId: "inst-1", contactFlowId: "flow-1", displayName: "Maria")
            return (chat, "")
        } catch BackendError.accessDenied(let message) {
            return (chat, message)
        }
    }
}

extension Result where Failure == any Error {
    /// Captures the outcome of an async throwing closure.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
