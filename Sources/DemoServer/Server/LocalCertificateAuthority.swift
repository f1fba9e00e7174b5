import Crypto
import Foundation
import SwiftASN1
import X509

/// A throwaway certificate authority on this machine for the demo's HTTPS/WSS: created once in a state
/// folder (mode 0700, key 0600) and kept, so a browser or tool told to trust `ca.pem` keeps trusting it;
/// every start issues a fresh server certificate for `localhost`, `127.0.0.1` and `::1`, kept in memory
/// only (two servers starting at once each get their own, both signed by the one CA).
struct LocalCertificateAuthority {
    /// Paths of the files in the CA folder.
    struct Files {
        let folder: URL
        var caCertificate: URL { folder.appendingPathComponent("ca.pem") }
        var caKey: URL { folder.appendingPathComponent("ca-key.pem") }
        var lock: URL { folder.appendingPathComponent("ca.lock") }
    }

    /// A server certificate and its key, in PEM.
    struct Issued {
        var certificate: String
        var key: String
    }

    /// Something about the CA folder went wrong.
    struct Failure: Error, CustomStringConvertible {
        /// What, in one line.
        let description: String
    }

    let files: Files
    let now: Date

    /// Makes sure the CA exists and issues a new server certificate.
    func issue() throws -> Issued {
        try makePrivateFolder(files.folder)
        let (caCertificate, caKey) = try withFolderLock { try loadOrCreateAuthority() }
        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 30 * 86400,
            issuer: caCertificate.subject,
            subject: try DistinguishedName {
                OrganizationName("Helpline demo")
                CommonName("localhost")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, keyEncipherment: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectKeyIdentifier(hash: .init(serverKey.publicKey))
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: .init(caKey.publicKey)).keyIdentifier)
                SubjectAlternativeNames([
                    .dnsName("localhost"),
                    .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                    .ipAddress(ASN1OctetString(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1]))),
                ])
            },
            issuerPrivateKey: .init(caKey))
        return Issued(certificate: try server.serializeAsPEM().pemString, key: serverKey.pemRepresentation)
    }

    /// Runs `body` holding an exclusive lock on the folder, so two servers starting at once do not both
    /// create a CA (the second would replace the one the first server's certificate is signed by).
    private func withFolderLock<T>(_ body: () throws -> T) throws -> T {
        let descriptor = open(files.lock.path, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(files.lock.path)") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw Failure(description: "cannot lock \(files.lock.path)") }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The CA from the folder, or a new one when there is none (or it expires within a day).
    private func loadOrCreateAuthority() throws -> (Certificate, P256.Signing.PrivateKey) {
        if let certificateText = try? String(contentsOf: files.caCertificate, encoding: .utf8),
            let keyText = try? String(contentsOf: files.caKey, encoding: .utf8),
            let certificate = try? Certificate(pemEncoded: certificateText),
            let key = try? P256.Signing.PrivateKey(pemRepresentation: keyText),
            certificate.publicKey == Certificate.PublicKey(key.publicKey),
            certificate.notValidAfter > now + 86400
        {
            return (certificate, key)
        }
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("Helpline demo")
            CommonName("Helpline demo local CA")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 5 * 365 * 86400,
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: .init(key.publicKey))
            },
            issuerPrivateKey: .init(key))
        try writePrivate(key.pemRepresentation, to: files.caKey)
        try write(try certificate.serializeAsPEM().pemString, to: files.caCertificate)
        return (certificate, key)
    }

    private func makePrivateFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        } catch {
            throw Failure(description: "cannot create the certificate folder \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Writes a key file that only its owner can read (created 0600, never readable by others in between).
    private func writePrivate(_ text: String, to url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8),
                                             attributes: [.posixPermissions: 0o600])
        else { throw Failure(description: "cannot write \(url.path)") }
    }

    private func write(_ text: String, to url: URL) throws {
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw Failure(description: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
