import Foundation

/// Where a PolyAI Messaging deployment lives (spec §1): a named region, a cluster or custom URLs.
public enum PolyAIEnvironment: Sendable, Hashable {
    /// `messaging.us-1.poly.ai` (the default).
    case us
    /// `messaging.uk-1.poly.ai`.
    case uk
    /// `messaging.euw-1.poly.ai`.
    case euw
    /// `messaging.<name>.poly.ai`; the name must match `^[a-z0-9][a-z0-9-]*$`.
    case cluster(String)
    /// A REST base (including `/api/v1`) and a socket endpoint, as given.
    case custom(rest: String, ws: String)

    /// Parses `us`, `uk`, `euw` or `cluster:NAME`; throws a configuration error otherwise.
    public static func parse(_ text: String) throws -> PolyAIEnvironment {
        switch text.lowercased() {
        case "us": return .us
        case "uk": return .uk
        case "euw": return .euw
        default:
            guard text.hasPrefix("cluster:") else {
                throw PolyAIError.invalidConfiguration("unknown environment '\(text)'; use us, uk, euw or cluster:NAME")
            }
            let name = String(text.dropFirst("cluster:".count))
            guard isValidClusterName(name) else {
                throw PolyAIError.invalidConfiguration("cluster name '\(name)' must match ^[a-z0-9][a-z0-9-]*$")
            }
            return .cluster(name)
        }
    }

    /// True for names matching `^[a-z0-9][a-z0-9-]*$`.
    public static func isValidClusterName(_ name: String) -> Bool {
        name.range(of: "^[a-z0-9][a-z0-9-]*$", options: .regularExpression) != nil
    }

    /// The REST base URL, including `/api/v1`, without a trailing slash.
    public var restBase: String {
        switch self {
        case .custom(let rest, _): rest.hasSuffix("/") ? String(rest.dropLast()) : rest
        default: "https://messaging.\(hostLabel).poly.ai/api/v1"
        }
    }

    /// The socket endpoint (`wss://…/ws`).
    public var socketURL: String {
        switch self {
        case .custom(_, let ws): ws
        default: "wss://messaging.\(hostLabel).poly.ai/ws"
        }
    }

    /// The host shown in the status bar.
    public var displayHost: String {
        URL(string: restBase)?.host ?? restBase
    }

    private var hostLabel: String {
        switch self {
        case .us: "us-1"
        case .uk: "uk-1"
        case .euw: "euw-1"
        case .cluster(let name): name
        case .custom: "custom"
        }
    }
}
