import Transport

extension HTTPTransport {
    /// A transport with no extra headers, trace or proxy, for tests against the demo server on loopback.
    public static let direct = HTTPTransport(settings: .direct)
}
