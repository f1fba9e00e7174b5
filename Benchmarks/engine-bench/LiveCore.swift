import AmazonConnect
import ChatModel
import Foundation
import SessionCore

/// A session core brought live on a pretend socket by answering its first calls by hand, so frames
/// can be fed to it without a network (the ingest benchmark).
enum LiveCore {
    /// The socket the core is live on.
    static let socket = SocketID(1)

    /// A Connect core, live.
    static func connect() -> SessionCore {
        let wire = ConnectWire(start: .participantToken("bench-token", displayName: "Bench"), endpoint: "http://bench", ids: IDSource(seed: 1))
        var core = SessionCore(wire: wire, ids: IDSource(seed: 2), now: Date())
        var effects = core.handle(.start, now: Date())
        for _ in 0..<6 {
            var next: [SessionEffect] = []
            for effect in effects {
                switch effect {
                case .http(let id, let request) where request.url.hasSuffix("/participant/connection"):
                    let body = #"{"Websocket":{"Url":"ws://bench/socket"},"ConnectionCredentials":{"ConnectionToken":"bench-connection"}}"#
                    next += core.handle(.http(id, .response(HTTPResponse(status: 200, body: Data(body.utf8)))), now: Date())
                case .http(let id, let request) where request.url.hasSuffix("/participant/transcript"):
                    next += core.handle(.http(id, .response(HTTPResponse(status: 200, body: Data(#"{"Transcript":[]}"#.utf8)))), now: Date())
                case .openSocket(let id, _):
                    next += core.handle(.socketOpened(id), now: Date())
                case .write(let id, let frame) where frame.contains("aws/subscribe"):
                    let answer = #"{"topic":"aws/subscribe","content":{"status":"success","topics":["aws/chat"]}}"#
                    next += core.handle(.socketFrame(id, answer), now: Date())
                default:
                    break
                }
            }
            effects = next
        }
        return core
    }
}
