/// What every request and socket of a run carries (`--header`, `--trace`, TLS, proxies): a value
/// the CLI builds once from its options and hands to each ``HTTPTransport`` it makes; sockets take
/// it from the session's transport. Nothing reads it from a global, so a run in a test and the CLI
/// in the same process cannot see each other's settings.
public struct TransportSettings: Sendable {
    /// Headers added to every HTTP request and socket upgrade.
    public var extraHeaders: [(String, String)]
    /// Where exchanges and frames are traced, if anywhere.
    public var trace: TraceRecorder?
    /// TLS settings: extra trusted CAs, or none verified.
    public var tls: TransportTLS
    /// Which proxy each connection goes through (`--proxy`, `HTTPS_PROXY`, `NO_PROXY`…).
    public var proxy: ProxyRules

    /// Creates settings; the defaults are direct connections, system TLS, no extra headers and no trace.
    public init(
        extraHeaders: [(String, String)] = [], trace: TraceRecorder? = nil, tls: TransportTLS = TransportTLS(),
        proxy: ProxyRules = ProxyRules()
    ) {
        self.extraHeaders = extraHeaders
        self.trace = trace
        self.tls = tls
        self.proxy = proxy
    }

    /// Direct connections with system TLS, no extra headers and no trace.
    public static let direct = TransportSettings()
}
