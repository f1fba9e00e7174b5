import ChatModel
import Foundation
import SessionCore

/// A protocol that only starts and connects over REST and reads nothing from its socket: enough for a
/// ``SessionDriver`` to make calls, open a socket and run timers.
struct StubWire: ChatWire {
    var capabilities = WireCapabilities(
        name: "Stub", endpoint: "stub.test", ordering: .time, heartbeatInterval: .seconds(30), reconnectPolicy: .connect,
        historyArrivesOnSocket: false, sendsOnSocket: false, typingInterval: 0, hasReceipts: false, messageLimit: nil,
        attachments: nil)

    func begin(_ operation: WireOperation, now: Date) -> WireOutput {
        switch operation {
        case .start: .request(HTTPRequest(method: "POST", url: "https://stub.test/start"))
        case .connect: .request(HTTPRequest(method: "POST", url: "https://stub.test/connect"))
        default: .done(.none)
        }
    }

    func resume(_ operation: WireOperation, with result: HTTPResult, now: Date) -> WireOutput {
        switch operation {
        case .start:
            .done(.started(SessionInfo(backend: "Stub", endpoint: "stub.test", me: Participant(id: "me", name: "Me", role: .customer))))
        case .connect: .done(.socket(SocketEndpoint(url: "wss://stub.test/socket")))
        default: .done(.none)
        }
    }

    func decode(_ frame: String, now: Date) -> WireDecoded { WireDecoded() }

    func heartbeat(now: Date) -> (frames: [String], verdict: HeartbeatVerdict) { ([], .keep) }

    func isOwn(_ item: ChatItem, me: Participant) -> Bool { false }

    var resumeCredentials: ResumeCredentials? { nil }
}
