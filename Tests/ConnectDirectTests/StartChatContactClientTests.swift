import AWSSigV4
import AmazonConnect
import ConnectDirect
import Foundation
import HelplineTestSupport
import SessionCore
import Testing

@Suite("StartChatContact, signed and sent", .enabled(if: BotocoreHelper.available, "needs python3 with boto3/botocore"))
struct StartChatContactClientTests {
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
            endpoint: url, region: "us-west-2", credentials: AWSCredentials(accessKeyId: "AKIDLOOP", secretAccessKey: "loop-secret"),
            transport: .direct)
        let chat = try await good.start(instanceId: "inst-1", contactFlowId: "flow-1", displayName: "Maria")
        let wrong = StartChatContactClient(
            endpoint: url, region: "us-west-2", credentials: AWSCredentials(accessKeyId: "AKIDLOOP", secretAccessKey: "wrong"),
            transport: .direct)
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
