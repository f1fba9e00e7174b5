import ChatModel
import Foundation
import SessionCore

/// GetAuthenticationUrl and CancelParticipantAuthentication (spec §2.2), for the AuthenticateCustomer
/// block's `authentication.*` events (spec §3.5).
extension ConnectWire {
    /// The `RedirectUri` sent when none is configured: the Participant Service endpoint's `/auth/return`
    /// page. The demo server and `helpline serve` answer it with a page that sends the user back to the
    /// terminal; with a real Amazon Connect instance, set one of your own site (`--auth-redirect-uri`).
    public var defaultAuthenticationRedirect: String { endpoint + "/auth/return" }

    /// The redirect sent with GetAuthenticationUrl.
    var redirectURI: String { authenticationRedirect ?? defaultAuthenticationRedirect }

    /// The call for a sign-in operation.
    func beginAuthentication(_ operation: WireOperation) -> WireOutput {
        guard let token = connectionToken else { return .failed(.socketUnavailable) }
        switch operation {
        case .authenticationURL(let sessionId):
            return .request(call("/participant/authentication-url", token: token,
                GetAuthenticationUrlRequest(sessionId: sessionId, redirectUri: redirectURI)))
        case .cancelAuthentication(let sessionId):
            return .request(call("/participant/cancel-authentication", token: token,
                CancelParticipantAuthenticationRequest(sessionId: sessionId)))
        default:
            return .failed(.protocolViolation("not a sign-in operation"))
        }
    }

    /// Reads a sign-in call's answer.
    func authenticationAnswered(_ operation: WireOperation, _ result: HTTPResult) -> WireOutput {
        if case .cancelAuthentication = operation {
            switch ConnectErrors.decode(result, "CancelParticipantAuthentication", as: EmptyAnswer.self) {
            case .success: return .done(.none)
            case .failure(let error): return .failed(error)
            }
        }
        switch ConnectErrors.decode(result, "GetAuthenticationUrl", as: GetAuthenticationUrlResponse.self) {
        case .success(let reply):
            guard let url = reply.authenticationUrl, Self.isSignInLink(url) else {
                return .failed(.protocolViolation("GetAuthenticationUrl returned no http(s) AuthenticationUrl"))
            }
            if let problem = OutsideNumbers.portProblem(in: url) {
                return .failed(.protocolViolation("GetAuthenticationUrl returned an AuthenticationUrl whose \(problem)"))
            }
            return .done(.authenticationURL(url))
        case .failure(let error):
            return .failed(error)
        }
    }

    /// True for a link a browser may be sent to: http or https, with a host, within the model's 2,083
    /// characters, and no whitespace or control characters (it is printed on a line of its own).
    static func isSignInLink(_ text: String) -> Bool {
        guard (1...2083).contains(text.utf8.count),
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// The `authentication.*` event names (after the event prefix) and what each says.
    static func authenticationEvent(_ name: String) -> AuthenticationStage? {
        switch name {
        case "authentication.initiated": .initiated
        case "authentication.succeeded": .ended(.succeeded)
        case "authentication.failed": .ended(.failed)
        case "authentication.timeout": .ended(.timeout)
        case "authentication.expired": .ended(.expired)
        case "authentication.cancelled": .ended(.cancelled)
        default: nil
        }
    }
}

/// Where an `authentication.*` event puts the sign-in.
enum AuthenticationStage: Sendable, Hashable {
    /// The contact center asks the customer to sign in.
    case initiated
    /// It is over.
    case ended(AuthenticationOutcome)

    /// The transcript line's kind.
    var eventKind: ChatEventKind {
        switch self {
        case .initiated: .authenticationInitiated
        case .ended(let outcome): outcome.eventKind
        }
    }

    /// The transcript line's words.
    var sentence: String {
        switch self {
        case .initiated: "The contact center asks you to sign in"
        case .ended(let outcome): outcome.sentence
        }
    }
}

/// GetAuthenticationUrl's body.
struct GetAuthenticationUrlRequest: Encodable {
    var sessionId: String
    var redirectUri: String
    enum CodingKeys: String, CodingKey { case sessionId = "SessionId", redirectUri = "RedirectUri" }
}

/// GetAuthenticationUrl's answer.
struct GetAuthenticationUrlResponse: Decodable {
    var authenticationUrl: String?
    enum CodingKeys: String, CodingKey { case authenticationUrl = "AuthenticationUrl" }
}

/// CancelParticipantAuthentication's body.
struct CancelParticipantAuthenticationRequest: Encodable {
    var sessionId: String
    enum CodingKeys: String, CodingKey { case sessionId = "SessionId" }
}

extension ConnectItemMapper {
    /// An `authentication.*` event: its system line, and (live, not from an earlier contact) what it
    /// tells the session — for `initiated`, the `SessionId` its `Content` carries.
    static func authentication(
        _ stage: AuthenticationStage, _ item: ConnectItem, sender: Participant, time: Date, isHistory: Bool
    ) -> [BackendEvent] {
        let chat = ChatItem(
            id: item.id, time: time, sender: sender, kind: .event(stage.eventKind), contentType: item.contentType ?? "",
            text: stage.sentence, isHistory: isHistory)
        guard !isHistory else { return [.item(chat)] }
        switch stage {
        case .initiated:
            guard let sessionId = item.content.flatMap({ JSONValue(parsing: $0) })?["SessionId"]?.string,
                isSessionId(sessionId)
            else { return [.item(chat)] }
            return [.item(chat), .authenticationInitiated(sessionId: sessionId)]
        case .ended(let outcome):
            return [.item(chat), .authenticationEnded(outcome)]
        }
    }

    /// A `SessionId` as the model has it: 36 characters (a UUID), printable ASCII.
    static func isSessionId(_ text: String) -> Bool {
        text.utf8.count == 36 && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
