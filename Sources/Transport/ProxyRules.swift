import Foundation

/// Which proxy, if any, each connection goes through: `--proxy`, else `https_proxy`/`HTTPS_PROXY`
/// for `https://` and `wss://` and `http_proxy`/`HTTP_PROXY` for `http://` and `ws://` (the
/// lower-case name wins); `no_proxy`/`NO_PROXY` names the hosts reached directly, even with `--proxy`
/// (as curl does). An empty `--proxy ''` turns proxies off whatever the environment says.
public struct ProxyRules: Sendable, Hashable {
    /// The proxy for `http://` and `ws://` URLs.
    public var http: ProxyServer?
    /// The proxy for `https://` and `wss://` URLs.
    public var https: ProxyServer?
    /// Hosts reached without a proxy.
    public var bypass: NoProxyList

    /// Creates rules; the default is no proxy at all.
    public init(http: ProxyServer? = nil, https: ProxyServer? = nil, bypass: NoProxyList = NoProxyList("")) {
        self.http = http
        self.https = https
        self.bypass = bypass
    }

    /// True when every connection is direct.
    public var isDirect: Bool { http == nil && https == nil }

    /// The rules from a `--proxy` value (nil: not given) and the environment.
    ///
    /// A malformed proxy URL is an error that names where it came from, never its credentials.
    public static func resolve(option: String?, environment: [String: String]) throws(ProxyURLError) -> ProxyRules {
        let bypass = NoProxyList(value(["no_proxy", "NO_PROXY"], in: environment)?.text ?? "")
        if let option {
            guard !option.trimmingCharacters(in: .whitespaces).isEmpty else { return ProxyRules() }
            let proxy = try parse(option, from: "--proxy")
            return ProxyRules(http: proxy, https: proxy, bypass: bypass)
        }
        var rules = ProxyRules(bypass: bypass)
        if let (name, text) = value(["https_proxy", "HTTPS_PROXY"], in: environment) { rules.https = try parse(text, from: name) }
        if let (name, text) = value(["http_proxy", "HTTP_PROXY"], in: environment) { rules.http = try parse(text, from: name) }
        return rules
    }

    /// The proxy to use for `url`, or nil to connect directly.
    public func proxy(for url: String) -> ProxyServer? {
        guard !isDirect, let components = URLComponents(string: url), let host = components.host,
              let scheme = components.scheme?.lowercased() else { return nil }
        let secure = scheme == "https" || scheme == "wss"
        guard let proxy = secure ? https : http else { return nil }
        let port = components.port ?? (secure ? 443 : 80)
        return bypass.matches(host: host, port: port) ? nil : proxy
    }

    /// Every proxy credential the rules hold (to be kept out of traces and logs).
    public var secrets: [String] { [http, https].compactMap { $0 }.flatMap(\.secrets) }

    private static func value(_ names: [String], in environment: [String: String]) -> (name: String, text: String)? {
        for name in names {
            if let text = environment[name], !text.trimmingCharacters(in: .whitespaces).isEmpty { return (name, text) }
        }
        return nil
    }

    private static func parse(_ text: String, from source: String) throws(ProxyURLError) -> ProxyServer {
        do {
            return try ProxyServer.parse(text)
        } catch {
            throw ProxyURLError("\(source): \(error.description)")
        }
    }
}
