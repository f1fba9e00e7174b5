import Foundation
import HTTPTypes
import Hummingbird

/// Who may use the agent desk. On loopback anyone on this machine may, as before; a server that
/// listens beyond loopback asks every `/agent/…` call for the desk token (the customer routes stay
/// open, as the service's are). Without it anyone on the network could sign in as an agent, read
/// each queued chat's last message and accept the chat, which hands over its participant token.
struct DeskGuard: Sendable {
    /// The header that carries the desk token.
    static let headerName = HTTPField.Name("X-Desk-Token")

    /// The token every desk call must carry (nil: none asked for).
    let token: String?

    /// Nil when `request` may use the desk, else the refusal to send.
    func refusal(_ request: Request) -> Response? {
        guard let token else { return nil }
        let given = Self.headerName.flatMap { request.headers[$0] } ?? ""
        guard !Self.matches(given, token) else { return nil }
        let message = given.isEmpty
            ? "this agent desk asks for its desk token (helpline agent --desk-token, or HELPLINE_DESK_TOKEN)"
            : "the desk token is wrong"
        return HTTPSupport.json(WireJSON.data(["message": message]), status: 401)
    }

    /// Compares in time that depends on the lengths only, not on where the first difference is.
    static func matches(_ given: String, _ expected: String) -> Bool {
        let lhs = Array(given.utf8)
        let rhs = Array(expected.utf8)
        var difference = lhs.count ^ rhs.count
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= Int(left ^ right)
        }
        return difference == 0
    }

    /// A new desk token: 24 random bytes, URL-safe base64 (32 characters).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
}
