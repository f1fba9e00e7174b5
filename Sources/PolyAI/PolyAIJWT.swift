import Foundation
import SessionCore

/// The structural JWT check the SDK makes before connecting (spec §2.4).
enum PolyAIJWT {
    /// Allowed clock skew on `exp`.
    static let skew: TimeInterval = 5

    /// True when `token` has three parts, a JSON payload, and an `exp` (if any) not yet past.
    static func isUsable(_ token: String, now: Date) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = decodeSegment(String(parts[1])),
            let object = JSONValue(parsing: payload)?.object
        else { return false }
        guard let exp = object["exp"] else { return true }
        guard let seconds = exp.double else { return false }
        return seconds + skew > now.timeIntervalSince1970
    }

    /// Base64url without padding → bytes.
    static func decodeSegment(_ segment: String) -> Data? {
        var text = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text)
    }
}
