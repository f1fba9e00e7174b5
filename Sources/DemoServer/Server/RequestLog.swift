import Foundation
import Logging

/// Writes the one-line-per-request log `helpline serve --log-level info` shows a widget developer:
/// method, path (never the query, which can hold a socket signature or an access token), status,
/// milliseconds and the contact the request touched. Tokens never reach it.
struct RequestLog: Sendable {
    let logger: Logger

    /// Logs one finished request at info level.
    func line(method: String, path: String, status: Int, since start: ContinuousClock.Instant, contactId: String?) {
        guard logger.logLevel <= .info else { return }
        let elapsed = ContinuousClock.now - start
        let millis = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let contact = contactId.map { " contact=\($0)" } ?? ""
        logger.info("\(method) \(path) \(status) \(String(format: "%.1f", millis))ms\(contact)")
    }

    /// The path of a request target without its query string.
    static func pathOnly(_ target: String) -> String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }
}
