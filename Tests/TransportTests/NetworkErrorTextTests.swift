import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import SessionCore
import Testing
import WSClient

@testable import Transport

/// Transport errors become one short cause; the place is added after it.
@Suite struct NetworkErrorTextTests {
    @Test func causes() {
        #expect(NetworkErrorText.describe(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == "connection refused")
        #expect(NetworkErrorText.describe(IOError(errnoCode: ECONNRESET, reason: "read")) == "the connection was reset")
        #expect(NetworkErrorText.describe(HTTPClientError.deadlineExceeded) == "timed out")
        #expect(NetworkErrorText.describe(HTTPClientError.connectTimeout) == "timed out")
        #expect(NetworkErrorText.describe(ChannelError.connectTimeout(.seconds(10))) == "timed out")
        #expect(NetworkErrorText.describe(NIOSSLExtraError.failedToValidateHostname).contains("name mismatch"))
        #expect(NetworkErrorText.describe(NIOSSLError.handshakeFailed(.sslError([]))).hasPrefix("TLS failure"))
    }

    @Test("each failure's kind is read from the error's type and case, not from its words")
    func kinds() {
        #expect(NetworkErrorText.classify(IOError(errnoCode: ECONNREFUSED, reason: "connect")).kind == .refused)
        #expect(NetworkErrorText.classify(IOError(errnoCode: ECONNRESET, reason: "read")).kind == .reset)
        #expect(NetworkErrorText.classify(IOError(errnoCode: EHOSTUNREACH, reason: "connect")).kind == .unreachable)
        #expect(NetworkErrorText.classify(HTTPClientError.readTimeout).kind == .timedOut)
        #expect(NetworkErrorText.classify(ChannelError.connectTimeout(.seconds(10))).kind == .timedOut)
        #expect(NetworkErrorText.classify(HTTPClientError.remoteConnectionClosed).kind == .closed)
        #expect(NetworkErrorText.classify(NIOSSLExtraError.failedToValidateHostname).kind == .tls)
        #expect(NetworkErrorText.classify(NIOSSLError.handshakeFailed(.sslError([]))).kind == .tls)
        let proxy = ProxyServer(host: "127.0.0.1", port: 3128)
        #expect(NetworkErrorText.classify(HTTPClientError.invalidProxyResponse, proxy: proxy).kind == .refused)
        #expect(NetworkErrorText.classify(WebSocketClientError.proxyHandshakeTimeout, proxy: proxy).kind == .timedOut)
    }

    @Test("a call to a closed port fails as refused, typed, with the place in its words")
    func refusedCall() async {
        let result = await HTTPTransport(settings: TransportSettings()).execute(HTTPRequest(method: "GET", url: "http://127.0.0.1:9/x"))
        guard case .failure(let failure) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(failure.kind == .refused)
        #expect(failure.detail == "connection refused (127.0.0.1:9)")
        #expect(!BackendError.network(failure).mayHaveReachedServer)
    }

    @Test func certificateDates() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let valid = now.addingTimeInterval(-86400)...now.addingTimeInterval(86400)
        #expect(CertificateProbe.explain(validity: valid, now: now) == NetworkErrorText.untrusted)
        #expect(CertificateProbe.explain(validity: valid, now: now.addingTimeInterval(2 * 86400)).contains("has expired (on 2027-01-"))
        #expect(CertificateProbe.explain(validity: valid, now: now.addingTimeInterval(-2 * 86400)).contains("not valid yet"))
    }

    @Test func proxyCauses() {
        let proxy = ProxyServer(host: "127.0.0.1", port: 3128)
        let withCredentials = ProxyServer(host: "127.0.0.1", port: 3128, username: "u", password: "p")
        #expect(NetworkErrorText.describe(IOError(errnoCode: ECONNREFUSED, reason: "connect"), proxy: proxy) == "the proxy refused the connection")
        #expect(NetworkErrorText.describe(HTTPClientError.proxyAuthenticationRequired, proxy: proxy).contains("wants credentials"))
        #expect(NetworkErrorText.describe(HTTPClientError.proxyAuthenticationRequired, proxy: withCredentials).contains("refused the credentials"))
        #expect(NetworkErrorText.describe(HTTPClientError.invalidProxyResponse, proxy: proxy).contains("refused to open a tunnel"))
        #expect(NetworkErrorText.describe(WebSocketClientError.proxyHandshakeInvalidResponse, proxy: proxy).contains("refused to open a tunnel"))
    }

    @Test func places() {
        #expect(HTTPTransport.located("connection refused", url: "http://127.0.0.1:9/x") == "connection refused (127.0.0.1:9)")
        #expect(HTTPTransport.located("timed out", url: "wss://socket.example.com/chat") == "timed out (socket.example.com:443)")
        #expect(HTTPTransport.located("timed out", url: "https://[::1]:8443/x") == "timed out ([::1]:8443)")
        #expect(
            HTTPTransport.located("the proxy refused the connection", url: "https://a.example/x", proxy: ProxyServer(host: "p", port: 8))
                == "the proxy refused the connection (a.example:443 via proxy p:8)")
    }
}
