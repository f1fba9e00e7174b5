import Foundation
import Testing

@testable import Transport

/// `--proxy`, `HTTPS_PROXY`/`HTTP_PROXY` and `NO_PROXY` as curl and the AWS CLI read them.
@Suite struct ProxyRulesTests {
    private func rules(_ environment: [String: String], option: String? = nil) throws -> ProxyRules {
        try ProxyRules.resolve(option: option, environment: environment)
    }

    @Test func proxyURLs() throws {
        #expect(try ProxyServer.parse("http://proxy.corp:3128") == ProxyServer(host: "proxy.corp", port: 3128))
        #expect(try ProxyServer.parse("proxy.corp:8080/") == ProxyServer(host: "proxy.corp", port: 8080), "the scheme may be left out")
        #expect(try ProxyServer.parse("HTTP://Proxy.Corp") == ProxyServer(host: "proxy.corp", port: 1080), "no port: 1080, as curl")
        #expect(try ProxyServer.parse("http://[::1]:3128") == ProxyServer(host: "::1", port: 3128))
        let withCredentials = try ProxyServer.parse("http://alice:s%40cret@10.0.0.1:3128")
        #expect(withCredentials == ProxyServer(host: "10.0.0.1", port: 3128, username: "alice", password: "s@cret"))
        #expect(withCredentials.basicAuthorization == "Basic " + Data("alice:s@cret".utf8).base64EncodedString())
        #expect(withCredentials.description == "10.0.0.1:3128", "the description never holds credentials")
        #expect(ProxyServer(host: "::1", port: 8).description == "[::1]:8")
        #expect(try ProxyServer.parse("http://alice@p:1").basicAuthorization == "Basic " + Data("alice:".utf8).base64EncodedString())
    }

    @Test("a malformed proxy URL is an error that never shows the password")
    func malformedProxyURLs() {
        for bad in ["https://p:443", "socks5://p:1080", "http://:3128", "http://p:0", "http://p:99999", "http://p:12ab",
                    "http://p:1/path", "http://user:hunter22@p:99999"] {
            #expect(throws: ProxyURLError.self, "\(bad)") { try ProxyServer.parse(bad) }
        }
        do {
            _ = try ProxyRules.resolve(option: nil, environment: ["HTTPS_PROXY": "http://user:hunter22@p:99999"])
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("HTTPS_PROXY: "), "\(error)")
            #expect(error.description.contains("***@p:99999"), "\(error)")
            #expect(!error.description.contains("hunter22"), "\(error)")
        }
        #expect(ProxyServer.redacted("http://u:p@h:1") == "http://***@h:1")
        #expect(ProxyServer.redacted("http://h:1/a@b") == "http://h:1/a@b")
    }

    @Test func environmentPerScheme() throws {
        let env = try rules(["https_proxy": "http://secure:1", "HTTP_PROXY": "http://plain:2"])
        #expect(env.proxy(for: "https://participant.connect.us-west-2.amazonaws.com/x")?.host == "secure")
        #expect(env.proxy(for: "wss://socket.example.com/chat")?.host == "secure")
        #expect(env.proxy(for: "http://demo.example.com/x")?.host == "plain")
        #expect(env.proxy(for: "ws://demo.example.com/x")?.host == "plain")
        #expect(try rules(["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2"]).https?.host == "lower")
        #expect(try rules(["http_proxy": "http://only:1"]).proxy(for: "https://a.example") == nil, "no fallback across schemes")
        #expect(try rules(["HTTPS_PROXY": "  "]).isDirect, "an empty variable is no proxy")
        #expect(try rules([:]).isDirect)
    }

    @Test func theOptionWinsAndAnEmptyOneTurnsProxiesOff() throws {
        let env = ["HTTPS_PROXY": "http://env:1", "NO_PROXY": "internal.corp"]
        let chosen = try rules(env, option: "http://cli:9")
        #expect(chosen.proxy(for: "https://a.example")?.host == "cli")
        #expect(chosen.proxy(for: "http://a.example")?.host == "cli")
        #expect(chosen.proxy(for: "https://api.internal.corp") == nil, "NO_PROXY applies to --proxy too, as in curl")
        #expect(try rules(env, option: "").isDirect)
    }

    @Test func noProxyNames() {
        let list = NoProxyList("example.com, .corp.net ,*.wild.org localhost.")
        #expect(list.matches(host: "example.com", port: 443))
        #expect(list.matches(host: "www.Example.COM", port: 443))
        #expect(list.matches(host: "example.com.", port: 443), "a trailing dot is ignored")
        #expect(!list.matches(host: "badexample.com", port: 443), "suffixes match at a dot only")
        #expect(list.matches(host: "corp.net", port: 1), "a leading dot matches the domain itself too")
        #expect(list.matches(host: "a.b.corp.net", port: 1))
        #expect(list.matches(host: "x.wild.org", port: 1))
        #expect(list.matches(host: "localhost", port: 8443))
        #expect(!list.matches(host: "localhost.example", port: 1))
        #expect(!list.matches(host: "other.org", port: 1))
        #expect(NoProxyList("*").matches(host: "anything", port: 1))
        #expect(NoProxyList("a.org,*").matches(host: "10.1.2.3", port: 1))
        #expect(!NoProxyList("").matches(host: "a", port: 1))
        #expect(NoProxyList("").isEmpty)
    }

    @Test func noProxyPortsAndAddresses() {
        let list = NoProxyList("svc.local:8443,127.0.0.1,10.0.0.0/8,::1,[fd00::1]:9000,192.168.1.7:80")
        #expect(list.matches(host: "svc.local", port: 8443))
        #expect(!list.matches(host: "svc.local", port: 443), "host:port matches that port only")
        #expect(list.matches(host: "127.0.0.1", port: 1))
        #expect(!list.matches(host: "127.0.0.2", port: 1))
        #expect(list.matches(host: "10.200.3.4", port: 443), "CIDR")
        #expect(!list.matches(host: "11.0.0.1", port: 443))
        #expect(list.matches(host: "[::1]", port: 80), "IPv6 with brackets from a URL")
        #expect(list.matches(host: "::1", port: 80))
        #expect(list.matches(host: "[fd00::1]", port: 9000))
        #expect(!list.matches(host: "fd00::1", port: 9001))
        #expect(list.matches(host: "192.168.1.7", port: 80))
        #expect(!list.matches(host: "192.168.1.7", port: 443))
        #expect(!NoProxyList("1.1").matches(host: "10.1.1.1", port: 1), "names never match addresses by suffix")
        #expect(NoProxyList("fd00::/8").matches(host: "fdab::5", port: 1))
        #expect(!NoProxyList("fd00::/8").matches(host: "10.0.0.1", port: 1))
    }

    @Test func rulesApplyNoProxyByURL() throws {
        let env = try rules(["HTTPS_PROXY": "http://p:3128", "no_proxy": "localhost,127.0.0.1:8443", "NO_PROXY": "ignored.org"])
        #expect(env.proxy(for: "https://localhost:9/x") == nil)
        #expect(env.proxy(for: "wss://127.0.0.1:8443/x") == nil)
        #expect(env.proxy(for: "wss://127.0.0.1:8444/x") != nil)
        #expect(env.proxy(for: "https://127.0.0.1/x") != nil, "the default port 443 is not 8443")
        #expect(env.proxy(for: "https://ignored.org/x") != nil, "lower-case no_proxy wins")
    }

    @Test func routes() throws {
        let env = try rules(["HTTPS_PROXY": "http://p:1", "HTTP_PROXY": "http://q:2"])
        #expect(HTTPRoute(url: "https://a.example/x", rules: env) == .tunnel(ProxyServer(host: "p", port: 1)))
        #expect(HTTPRoute(url: "http://a.example/x", rules: env) == .forward(ProxyServer(host: "q", port: 2)))
        #expect(HTTPRoute(url: "http://a.example/x", rules: ProxyRules()) == .direct)
    }

    @Test func secretsAreTheCredentials() throws {
        let env = try rules(["HTTPS_PROXY": "http://alice:hunter22@p:1"])
        #expect(env.secrets.contains("hunter22"))
        #expect(env.secrets.contains { $0.hasPrefix("Basic ") })
        #expect(try rules(["HTTPS_PROXY": "http://p:1"]).secrets.isEmpty)
    }
}
