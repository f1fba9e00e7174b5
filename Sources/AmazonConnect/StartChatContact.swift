import Foundation
import SessionCore

/// Amazon Connect's own `StartChatContact` (`PUT /contact/chat`, spec §1.1), for teams without a
/// start-chat backend: the body to send and how the answer reads. Signing and sending it is the
/// caller's (`ConnectDirect`); the template path (``ConnectWire``) builds its body and reads its
/// result with the same shapes (`StartChatRequest`, `StartChatResult`).
package enum StartChatContact {
    /// The request body, with a fresh `clientToken` per call (the service makes a retry with the
    /// same token idempotent).
    package static func body(instanceId: String, contactFlowId: String, displayName: String, clientToken: String) -> Data {
        ConnectWire.encode(
            StartChatRequest(
                instanceId: instanceId, contactFlowId: contactFlowId, participantDetails: .init(displayName: displayName),
                clientToken: clientToken))
    }

    /// The started chat (markdown is always allowed: we send `text/markdown` among the supported
    /// types), or the error the service answered with, named after the operation.
    package static func started(from response: HTTPResponse) -> Result<StartedChat, BackendError> {
        guard response.status == 200 else { return .failure(error(from: response)) }
        guard let reply = try? JSONDecoder().decode(StartChatResult.self, from: response.body),
              let chat = reply.started(markdownAllowed: true)
        else {
            return .failure(.protocolViolation("StartChatContact answered without a ParticipantToken"))
        }
        return .success(chat)
    }

    /// The service's error answer, read as every Amazon Connect error is, with what to check on a denial.
    private static func error(from response: HTTPResponse) -> BackendError {
        switch ConnectErrors.error(from: response) {
        case .accessDenied(let message):
            .accessDenied("StartChatContact: \(message) (check the AWS credentials and the connect:StartChatContact permission)")
        case .unavailable(let status, let type, let message):
            .unavailable(status: status, type: type, message: "StartChatContact: \(message)")
        case .rejected(let status, let type, let message):
            .rejected(status: status, type: type, message: "StartChatContact: \(message)")
        case let other:
            other
        }
    }
}
