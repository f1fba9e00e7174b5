import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// After a server's certificate failed verification, looks at it once more to say why: BoringSSL
/// reports only "CERTIFICATE_VERIFY_FAILED". The probe opens a new connection whose verification
/// callback records the leaf certificate's dates and then refuses it, so nothing is ever sent.
enum CertificateProbe {
    /// The leaf certificate's validity, or nil when it could not be fetched in 10 s.
    static func validity(host: String, port: Int) async -> ClosedRange<Date>? {
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: .makeClientConfiguration())
        } catch {
            return nil
        }
        let serverName = IPAddress(host) == nil ? host : nil
        let (dates, found) = AsyncStream<ClosedRange<Date>?>.makeStream()
        let channel = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let verify: NIOSSLCustomVerificationCallback = { chain, promise in
                        found.yield(chain.first.map { leaf in
                            Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
                                ... Date(timeIntervalSince1970: TimeInterval(max(leaf.notValidAfter, leaf.notValidBefore)))
                        })
                        found.finish()
                        promise.succeed(NIOSSLVerificationResult.failed)
                    }
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: serverName, customVerificationCallback: verify)
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: host, port: port).get()
        guard let channel else { return nil }
        let timeout = Task {
            try await Task.sleep(for: .seconds(10))
            found.finish()
        }
        defer {
            timeout.cancel()
            channel.close(mode: .all, promise: nil)
        }
        for await validity in dates { return validity }
        return nil
    }

    /// The TLS failure for a certificate valid over `validity`, judged at `now`.
    static func explain(validity: ClosedRange<Date>, now: Date = Date()) -> String {
        let day = Date.ISO8601FormatStyle().year().month().day()
        if now > validity.upperBound {
            return "TLS failure: the certificate has expired (on \(validity.upperBound.formatted(day)))"
        }
        if now < validity.lowerBound {
            return "TLS failure: the certificate is not valid yet (from \(validity.lowerBound.formatted(day)); check the clock)"
        }
        return NetworkErrorText.untrusted
    }
}
