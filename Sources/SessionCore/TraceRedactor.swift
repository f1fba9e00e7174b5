import Foundation
import Synchronization

/// Removes credentials from what is traced or logged: secret headers, JSON fields and URL query
/// parameters named like tokens, and every value it has learned is a secret.
public enum TraceRedactor {
    /// What replaces a secret.
    public static let mask = "[redacted]"

    /// Header names whose values are always secret.
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "x-amz-bearer", "x-amz-security-token", "cookie", "set-cookie",
        "x-api-key", "api-key",
    ]

    private static let known = Mutex<Set<String>>([])

    /// Remembers a secret so it is masked wherever it appears later (logs, frames, bodies).
    public static func register(secret: String) {
        guard secret.count >= 6 else { return }
        _ = known.withLock { $0.insert(secret) }
    }

    /// True for header, field or parameter names that carry credentials.
    public static func isSecretName(_ name: String) -> Bool {
        let lower = name.lowercased()
        if secretHeaders.contains(lower) { return true }
        return ["token", "secret", "password", "authorization", "signature", "credential", "apikey", "api_key", "api-key"]
            .contains { lower.contains($0) }
    }

    /// Masks every registered secret in free text.
    public static func scrub(_ text: String) -> String {
        let secrets = known.withLock { $0 }
        guard !secrets.isEmpty else { return text }
        var out = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) where out.contains(secret) {
            out = out.replacingOccurrences(of: secret, with: mask)
        }
        return out
    }

    /// Headers as `[name, value]` pairs with secret values masked (and learned).
    public static func headers(_ headers: [(String, String)]) -> [[String]] {
        headers.map { name, value in
            if isSecretName(name) {
                register(secret: value)
                return [name, mask]
            }
            return [name, scrub(value)]
        }
    }

    /// A URL with secret query parameters masked (and learned).
    public static func url(_ text: String) -> String {
        guard var components = URLComponents(string: text), let items = components.queryItems, !items.isEmpty else {
            return scrub(text)
        }
        components.queryItems = items.map { item in
            guard isSecretName(item.name), let value = item.value else { return item }
            register(secret: value)
            return URLQueryItem(name: item.name, value: "REDACTED")
        }
        return scrub(components.string ?? text)
    }

    /// A body for the trace: JSON with secret fields masked, else text (scrubbed, at most 4 KiB).
    public static func body(_ data: Data) -> Any {
        if let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            return json(object)
        }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return scrub(text) + (data.count > 4096 ? "…" : "")
    }

    /// A socket frame for the trace (JSON frames redacted field by field, also inside JSON strings).
    public static func frame(_ text: String) -> Any {
        body(Data(text.utf8))
    }

    private static func json(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            var out: [String: Any] = [:]
            for (key, inner) in object {
                if isSecretName(key), !(inner is [String: Any]), !(inner is [Any]) {
                    if let secret = inner as? String { register(secret: secret) }
                    out[key] = mask
                } else {
                    out[key] = json(inner)
                }
            }
            return out
        case let array as [Any]:
            return array.map(json)
        case let text as String:
            if text.hasPrefix("{"), let data = text.data(using: .utf8),
               let nested = try? JSONSerialization.jsonObject(with: data), nested is [String: Any] {
                return json(nested)
            }
            if text.hasPrefix("http") || text.hasPrefix("ws") { return url(text) }
            return scrub(text)
        default:
            return value
        }
    }
}
