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
        // A sign-in link (GetAuthenticationUrl's AuthenticationUrl) signs the chat's customer in: it is shown, never traced.
        return ["token", "secret", "password", "authorization", "signature", "credential", "apikey", "api_key", "api-key",
                "authenticationurl"]
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
    public static func body(_ data: Data) -> JSONValue {
        if let value = JSONValue(parsing: data) {
            return json(value)
        }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return .string(scrub(text) + (data.count > 4096 ? "…" : ""))
    }

    /// A socket frame for the trace (JSON frames redacted field by field, also inside JSON strings).
    public static func frame(_ text: String) -> JSONValue {
        body(Data(text.utf8))
    }

    private static func json(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, inner) in members {
                if isSecretName(key), inner.object == nil, inner.array == nil {
                    if let secret = inner.string { register(secret: secret) }
                    out[key] = .string(mask)
                } else {
                    out[key] = json(inner)
                }
            }
            return .object(out)
        case .array(let elements):
            return .array(elements.map(json))
        case .string(let text):
            if text.hasPrefix("{"), let nested = JSONValue(parsing: text), nested.object != nil {
                return json(nested)
            }
            if text.hasPrefix("http") || text.hasPrefix("ws") { return .string(url(text)) }
            return .string(scrub(text))
        default:
            return value
        }
    }
}
