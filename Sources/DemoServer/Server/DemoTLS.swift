import Foundation
import NIOSSL

/// HTTPS and WSS for the demo server: a certificate from a throwaway local CA, or your own files.
public struct DemoTLS: Sendable, Equatable {
    /// Where the certificate comes from.
    public enum Source: Sendable, Equatable {
        /// A local CA kept in `folder` issues a certificate for `localhost`, `127.0.0.1` and `::1`.
        case localAuthority(folder: URL)
        /// A PEM certificate (chain) and its PEM private key.
        case files(certificate: URL, key: URL)
    }

    /// Where the certificate comes from.
    public var source: Source

    /// Creates a TLS setting.
    public init(source: Source) {
        self.source = source
    }

    /// A local CA under `stateDirectory()/demo-tls`.
    public static func localAuthority(stateDirectory: URL = DemoTLS.stateDirectory()) -> DemoTLS {
        DemoTLS(source: .localAuthority(folder: stateDirectory.appendingPathComponent("demo-tls")))
    }

    /// Helpline's state folder: `$XDG_STATE_HOME/helpline`, else `~/.local/state/helpline`.
    public static func stateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("helpline")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/helpline")
    }

    /// The server's TLS context and, for a local CA, the CA certificate clients must trust.
    func prepare(now: Date) throws -> (context: NIOSSLContext, caCertificate: URL?) {
        do {
            switch source {
            case .localAuthority(let folder):
                let authority = LocalCertificateAuthority(files: .init(folder: folder), now: now)
                let issued = try authority.issue()
                let chain = try NIOSSLCertificate.fromPEMBytes(Array(issued.certificate.utf8))
                let key = try NIOSSLPrivateKey(bytes: Array(issued.key.utf8), format: .pem)
                return (try Self.context(chain: chain, key: key), authority.files.caCertificate)
            case .files(let certificate, let keyFile):
                do {
                    let chain = try NIOSSLCertificate.fromPEMFile(certificate.path)
                    guard !chain.isEmpty else { throw DemoServerError.tls("no certificate in \(certificate.path)") }
                    let key = try NIOSSLPrivateKey(file: keyFile.path, format: .pem)
                    return (try Self.context(chain: chain, key: key), nil)
                } catch let error as NIOSSLError {
                    throw DemoServerError.tls("cannot use \(certificate.path) and \(keyFile.path): \(error)")
                }
            }
        } catch let error as DemoServerError {
            throw error
        } catch let error as LocalCertificateAuthority.Failure {
            throw DemoServerError.tls(error.description)
        } catch {
            throw DemoServerError.tls("cannot use the certificate: \(error)")
        }
    }

    private static func context(chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) throws -> NIOSSLContext {
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        return try NIOSSLContext(configuration: configuration)
    }
}
