import ArgumentParser
import ChatEngine
import Foundation
import TerminalRuntime
import TerminalUI
import Transport
import SessionCore

/// `--header`, `--trace`, TLS and proxy settings: escape hatches and diagnostics for every request
/// and socket the chat makes.
struct TransportOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Add a header to every request and socket upgrade (repeatable).", valueName: "'Name: value'"))
    var header: [String] = []

    @Option(name: .long, help: ArgumentHelp("Write every HTTP exchange and socket frame as JSON lines to FILE (secrets redacted).", valueName: "file"))
    var trace: String?

    @Option(name: .long, help: ArgumentHelp("Trust the CA certificates in this PEM file too (corporate proxies).", valueName: "file"))
    var caFile: String?

    @Flag(name: .long, help: "Do not verify TLS certificates at all (dangerous: anyone on the path can read the chat).")
    var insecure = false

    @Option(name: .long, help: ArgumentHelp(
        "Send requests and sockets through this HTTP proxy, http://[user:password@]host:port (instead of HTTPS_PROXY/HTTP_PROXY; NO_PROXY still applies; '' for none).",
        valueName: "url"))
    var proxy: String?

    /// The parsed `--header` values.
    func parsedHeaders() throws -> [(String, String)] {
        try header.map { line in
            guard let colon = line.firstIndex(of: ":") else {
                throw ValidationError("--header must look like 'Name: value', got '\(line)'")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let allowed = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }) else {
                throw ValidationError("--header name '\(name)' is not a valid HTTP header name")
            }
            guard !value.contains("\r"), !value.contains("\n") else { throw ValidationError("--header values cannot span lines") }
            return (name, value)
        }
    }

    /// Checks the values before any chat starts: headers, proxy URLs and the CA file are usage
    /// errors; the trace file is opened (and so checked) by ``settings(embeddedDemo:)``, once, so a
    /// FIFO or `/dev/stdout` given as `--trace` is opened only once.
    func validate() throws {
        let proxies = try proxyRules(environment: ProcessInfo.processInfo.environment)
        for secret in proxies.secrets { TraceRedactor.register(secret: secret) }
        let headers = try parsedHeaders()
        for (name, value) in headers where TraceRedactor.isSecretName(name) { TraceRedactor.register(secret: value) }
        if let caFile {
            do {
                try TransportTLS.validate(caFile: caFile)
            } catch {
                throw ValidationError("--ca-file \(caFile) is not a readable PEM certificate file")
            }
        }
        if insecure {
            StandardStreams.err(
                "WARNING: --insecure: TLS certificates are NOT verified. Anyone on the network path can read and change this chat and its credentials.")
        }
    }

    /// The settings every transport and socket of this run is given; call once per run (it opens
    /// the `--trace` file). For the embedded demo contact center on loopback, proxies from the
    /// environment do not apply (an explicit `--proxy` still does, to try one out against the demo).
    func settings(embeddedDemo: Bool = false) throws -> TransportSettings {
        let environment = embeddedDemo && proxy == nil ? [:] : ProcessInfo.processInfo.environment
        var recorder: TraceRecorder?
        if let trace {
            do {
                recorder = try TraceRecorder(path: trace) { NoticeRelay.shared.tell($0) }
            } catch {
                throw HelplineError("cannot write the trace file: \(error)")
            }
        }
        return TransportSettings(
            extraHeaders: try parsedHeaders(), trace: recorder, tls: TransportTLS(caFile: caFile, insecure: insecure),
            proxy: try proxyRules(environment: environment))
    }

    /// An HTTP transport with this run's ``settings(embeddedDemo:)``.
    func httpTransport(embeddedDemo: Bool = false, timeout: Duration = .seconds(15)) throws -> HTTPTransport {
        HTTPTransport(settings: try settings(embeddedDemo: embeddedDemo), timeout: timeout)
    }

    /// The proxy rules from `--proxy` and the environment; a malformed proxy URL is a usage error
    /// that names where it came from and never shows its credentials.
    func proxyRules(environment: [String: String]) throws -> ProxyRules {
        do {
            return try ProxyRules.resolve(option: proxy, environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
