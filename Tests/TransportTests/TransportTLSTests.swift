import Transport
import Foundation
import SessionCore
import Testing

@Suite("TLS escape hatches: --ca-file and --insecure")
struct TransportTLSTests {
    @Test("defaults leave TLS alone; a CA file or --insecure make a configuration")
    func configurations() {
        #expect(TransportTLS().isDefault && TransportTLS().configuration() == nil)
        #expect(TransportTLS(insecure: true).configuration() != nil)
        #expect(TransportTLS(caFile: "/etc/ssl/certs/ca-certificates.crt").configuration() != nil)
    }

    @Test("a CA file that is not PEM is rejected")
    func badCAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-ca-\(UUID().uuidString).pem").path
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: BackendError.self) { try TransportTLS.validate(caFile: path) }
        #expect(throws: BackendError.self) { try TransportTLS.validate(caFile: "/nonexistent/ca.pem") }
    }

    @Test("the system CA bundle is accepted", .enabled(if: FileManager.default.fileExists(atPath: "/etc/ssl/certs/ca-certificates.crt")))
    func systemBundle() throws {
        try TransportTLS.validate(caFile: "/etc/ssl/certs/ca-certificates.crt")
    }
}
