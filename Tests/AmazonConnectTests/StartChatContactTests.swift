import Foundation
import SessionCore
import Testing

@testable import AmazonConnect

/// Both start paths (the template backend and Amazon Connect's own StartChatContact) build their
/// body and read their result with one set of shapes, checked here against the AWS service model.
@Suite("StartChatContact: one body and one result for both start paths")
struct StartChatContactTests {
    /// The model's `StartChatContactRequest` and `StartChatContactResponse` shapes: member names and required ones.
    static func model() throws -> (request: Set<String>, required: Set<String>, response: Set<String>) {
        let url = SpecFixtures.specs.appendingPathComponent("aws/connect-startchatcontact.service.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let shapes = try #require(object["shapes"] as? [String: [String: Any]])
        let request = try #require(shapes["StartChatContactRequest"])
        let response = try #require(shapes["StartChatContactResponse"])
        return (
            Set(try #require(request["members"] as? [String: Any]).keys), Set(request["required"] as? [String] ?? []),
            Set(try #require(response["members"] as? [String: Any]).keys)
        )
    }

    @Test("the direct body uses only the model's field names, has every required one, and a client token")
    func directBodyFollowsTheModel() throws {
        let model = try Self.model()
        let body = StartChatContact.body(instanceId: "inst-1", contactFlowId: "flow-1", displayName: "Maria", clientToken: "tok-1")
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(Set(object.keys).isSubset(of: model.request), "\(Set(object.keys).subtracting(model.request))")
        #expect(model.required.isSubset(of: Set(object.keys)))
        #expect(object["InstanceId"] as? String == "inst-1" && object["ContactFlowId"] as? String == "flow-1")
        #expect(object["ClientToken"] as? String == "tok-1")
        #expect((object["ParticipantDetails"] as? [String: Any])?["DisplayName"] as? String == "Maria")
        #expect(object["SupportedMessagingContentTypes"] as? [String] == ConnectWire.supportedContentTypes)
        #expect(object["PersistentChat"] == nil)
    }

    @Test("the template body is the same shape without a client token")
    func templateBodyHasNoClientToken() throws {
        let body = ConnectWire.encode(StartChatRequest(participantDetails: .init(displayName: "Maria")))
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(Set(object.keys) == ["ParticipantDetails", "SupportedMessagingContentTypes"])
    }

    @Test("a reply with every member of the model's response reads as the started chat")
    func replyReads() throws {
        let model = try Self.model()
        let reply: [String: String] = [
            "ContactId": "c-1", "ParticipantId": "p-1", "ParticipantToken": "secret-token", "ContinuedFromContactId": "c-0",
        ]
        #expect(Set(reply.keys) == model.response, "the test's reply covers the model's response")
        let response = HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: reply))
        let chat = try StartChatContact.started(from: response).get()
        #expect(chat.participantToken == "secret-token" && chat.participantId == "p-1" && chat.contactId == "c-1")
        #expect(chat.continuedFromContactId == "c-0" && chat.markdownAllowed)
    }

    @Test("errors read as every Connect error does, named after the operation")
    func errorsRead() throws {
        func outcome(_ status: Int, _ headers: [String: String] = [:], _ body: String) -> BackendError? {
            let response = HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
            if case .failure(let error) = StartChatContact.started(from: response) { return error }
            return nil
        }
        guard case .accessDenied(let denial) = outcome(403, ["x-amzn-errortype": "AccessDeniedException:http://x"], #"{"message":"no"}"#) else {
            Issue.record("403 is a denial")
            return
        }
        #expect(denial.hasPrefix("StartChatContact: no") && denial.contains("connect:StartChatContact"))
        let throttled = outcome(429, [:], #"{"Message":"slow down","__type":"com.amazonaws#ThrottlingException"}"#)
        #expect(throttled == .unavailable(status: 429, type: "ThrottlingException", message: "StartChatContact: slow down"))
        #expect(throttled?.isRetryable == true)
        let invalid = outcome(400, [:], #"{"message":"bad flow","__type":"InvalidParameterException"}"#)
        #expect(invalid == .rejected(status: 400, type: "InvalidParameterException", message: "StartChatContact: bad flow"))
        #expect(invalid?.isRetryable == false)
        guard case .protocolViolation = outcome(200, [:], #"{"ContactId":"c-1"}"#) else {
            Issue.record("a reply without a token is a protocol violation")
            return
        }
    }
}
