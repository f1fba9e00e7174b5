import Foundation

/// An HTTP proxy to reach the contact center through: where it is and, optionally, the
/// credentials it wants (sent as `Proxy-Authorization: Basic …`, never shown or traced).
public struct ProxyServer: Sendable, Hashable, CustomStringConvertible {
    /// The proxy's host name or IP address (an IPv6 address without brackets).
    public var host: String
    /// The proxy's port.
    public var port: Int
    /// The user name from the proxy URL, if any.
    public var username: String?
    /// The password from the proxy URL, if any.
    public var password: String?

    /// The port a proxy URL without one means (as curl does).
    public static let defaultPort = 1080

    /// Creates a proxy setting.
    public init(host: String, port: Int, username: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
    }

    /// `host:port` (`[v6]:port`), never the credentials.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// True when the URL carried a user name (and so a `Proxy-Authorization` header is sent).
    public var hasCredentials: Bool { username != nil }

    /// The `Proxy-Authorization` value for the credentials, if there are any.
    public var basicAuthorization: String? {
        guard let username else { return nil }
        return "Basic " + Data("\(username):\(password ?? "")".utf8).base64EncodedString()
    }

    /// Reads a proxy URL: `http://[user[:password]@]host[:port][/]`; the scheme may be left out.
    ///
    /// The message of a failure never holds the credentials.
    public static func parse(_ text: String) throws(ProxyURLError) -> ProxyServer {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        let shown = redacted(withScheme)
        guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased() else {
            throw ProxyURLError("'\(shown)' is not a URL")
        }
        guard scheme == "http" else {
            throw ProxyURLError("'\(shown)': only http:// proxies are supported (the proxy itself is spoken to in plain HTTP)")
        }
        guard let rawHost = components.host, !rawHost.isEmpty else {
            throw ProxyURLError("'\(shown)' has no host")
        }
        let host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
        guard !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { throw ProxyURLError("'\(shown)' has no valid host") }
        let port = components.port ?? defaultPort
        guard (1...65535).contains(port) else {
            throw ProxyURLError("'\(shown)': the port must be a number from 1 to 65535")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil else {
            throw ProxyURLError("'\(shown)': a proxy URL is only scheme, credentials, host and port")
        }
        let username = components.user.flatMap { $0.isEmpty ? nil : $0 }
        return ProxyServer(host: host.lowercased(), port: port, username: username, password: username == nil ? nil : components.password)
    }

    /// The URL with any `user:password@` part replaced by `***@`.
    public static func redacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<schemeEnd.upperBound]) + "***" + String(rest[at...])
    }

    /// The secrets a trace or log must never show: the password and the header value made from it.
    public var secrets: [String] {
        [password, basicAuthorization, basicAuthorization.map { String($0.dropFirst("Basic ".count)) }].compactMap { $0 }
    }
}

/// A proxy URL that cannot be used, and why (without its credentials).
public struct ProxyURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
