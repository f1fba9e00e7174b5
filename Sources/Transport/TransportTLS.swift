import Foundation
import SessionCore
import NIOSSL

/// TLS settings for corporate proxies: an extra CA file (`--ca-file`) or no verification (`--insecure`).
public struct TransportTLS: Sendable, Hashable {
    /// A PEM file of extra trusted CA certificates, added to the system roots.
    public var caFile: String?
    /// Skip certificate verification entirely (dangerous; the CLI warns loudly).
    public var insecure: Bool

    /// Creates TLS settings.
    public init(caFile: String? = nil, insecure: Bool = false) {
        self.caFile = caFile
        self.insecure = insecure
    }

    /// True when nothing differs from the system defaults.
    public var isDefault: Bool { caFile == nil && !insecure }

    /// Checks that the CA file holds at least one PEM certificate.
    public static func validate(caFile: String) throws {
        do {
            guard try !NIOSSLCertificate.fromPEMFile(caFile).isEmpty else { throw TLSFileError.empty }
        } catch {
            throw BackendError.protocolViolation("--ca-file \(caFile) is not a readable PEM certificate file")
        }
    }

    private enum TLSFileError: Error { case empty }

    /// The client TLS configuration, or `nil` for the library defaults.
    public func configuration() -> TLSConfiguration? {
        guard !isDefault else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile { tls.additionalTrustRoots = [.file(caFile)] }
        if insecure { tls.certificateVerification = .none }
        return tls
    }
}
