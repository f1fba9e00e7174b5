import Synchronization

/// Process-wide transport settings the CLI sets once at start-up (`--header`, `--trace`, TLS, proxies).
public struct TransportDefaults: Sendable {
    /// Headers added to every HTTP request and socket upgrade.
    public var extraHeaders: [(String, String)] = []
    /// Where exchanges and frames are traced, if anywhere.
    public var trace: TraceRecorder?
    /// TLS settings (read once, when the first connection is made).
    public var tls: TransportTLS
    /// Which proxy each connection goes through (`--proxy`, `HTTPS_PROXY`, `NO_PROXY`…).
    public var proxy: ProxyRules

    /// Creates empty defaults.
    public init(
        extraHeaders: [(String, String)] = [], trace: TraceRecorder? = nil, tls: TransportTLS = TransportTLS(),
        proxy: ProxyRules = ProxyRules()
    ) {
        self.extraHeaders = extraHeaders
        self.trace = trace
        self.tls = tls
        self.proxy = proxy
    }

    private static let storage = Mutex(TransportDefaults())

    /// The current process-wide settings.
    public static var current: TransportDefaults {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
