import Foundation
import Testing

@testable import AWSSigV4

/// One case of the AWS SigV4 test suite, read from `Vectors/`.
struct SigV4Vector: CustomStringConvertible, Sendable {
    let name: String
    let method: String
    let path: String
    let query: String
    let headers: [(String, String)]
    let body: Data
    let expected: String

    var description: String { name }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors")
    static let date = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
    static let credentials = AWSCredentials(
        accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    static let sessionToken = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"

    static func all() -> [SigV4Vector] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".req") }.sorted().compactMap { load(String($0.dropLast(4))) }
    }

    static func load(_ name: String) -> SigV4Vector? {
        guard let request = FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".req").path),
              let authz = FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".authz").path)
        else { return nil }
        let text = String(decoding: request, as: UTF8.self)
        let parts = text.components(separatedBy: "\n\n")
        var lines = parts[0].components(separatedBy: "\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        let target = String(requestLine[1])
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let headers = lines.filter { !$0.isEmpty }.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            return name.lowercased() == "x-amz-date" ? nil : (name, String(line[line.index(after: colon)...]))
        }
        return SigV4Vector(
            name: name, method: String(requestLine[0]), path: String(pathAndQuery[0]),
            query: pathAndQuery.count > 1 ? String(pathAndQuery[1]) : "", headers: headers,
            body: Data(parts.dropFirst().joined(separator: "\n\n").utf8),
            expected: String(decoding: authz, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func sign() -> SigV4Signer.Signature {
        var credentials = Self.credentials
        if name.hasSuffix("with-session-token") { credentials.sessionToken = Self.sessionToken }
        let signer = SigV4Signer(credentials: credentials, region: "us-east-1", service: "service")
        return signer.sign(
            method: method, host: "example.amazonaws.com", path: path, query: query, headers: headers, body: body,
            date: Self.date)
    }
}

@Suite("SigV4 signer: the AWS test suite")
struct SigV4VectorTests {
    @Test("the vectors are there")
    func vectorsLoad() {
        #expect(SigV4Vector.all().count == 12)
    }

    @Test("every vector signs to the published Authorization", arguments: SigV4Vector.all())
    func vector(_ vector: SigV4Vector) {
        #expect(vector.sign().authorization == vector.expected)
    }

    @Test("the published canonical request and string to sign of post-vanilla-query")
    func intermediateSteps() throws {
        let signature = try #require(SigV4Vector.load("post-vanilla-query")).sign()
        #expect(signature.canonicalRequest == """
            POST
            /
            Param1=value1
            host:example.amazonaws.com
            x-amz-date:20150830T123600Z

            host;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
        #expect(signature.stringToSign == """
            AWS4-HMAC-SHA256
            20150830T123600Z
            20150830/us-east-1/service/aws4_request
            9d659678c1756bb3113e2ce898845a0a79dbbc57b740555917687f1b3340fbbd
            """)
    }

    @Test("the session token is sent and signed; secrets never show in descriptions")
    func sessionToken() throws {
        let signature = try #require(SigV4Vector.load("get-vanilla-with-session-token")).sign()
        #expect(signature.addedHeaders.map(\.0) == ["X-Amz-Date", "X-Amz-Security-Token", "Authorization"])
        let credentials = AWSCredentials(accessKeyId: "AKID", secretAccessKey: "s3cr3t", sessionToken: "tok3n")
        #expect(!"\(credentials)".contains("s3cr3t") && !"\(credentials)".contains("tok3n"))
    }
}
