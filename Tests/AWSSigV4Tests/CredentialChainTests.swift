import AWSSigV4
import Foundation
import Testing

@Suite("AWS credential chain")
struct CredentialChainTests {
    private func withCredentialsFile(_ text: String, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-creds-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    static let file = """
        # comment
        [default]
        aws_access_key_id = AKIDDEFAULT
        aws_secret_access_key = default-secret

        [qa]
        aws_access_key_id=AKIDQA
        aws_secret_access_key=qa-secret
        aws_session_token = qa-token
        """

    @Test("environment variables first, unless a profile is named")
    func environmentFirst() throws {
        try withCredentialsFile(Self.file) { path in
            let env = [
                "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_SESSION_TOKEN": "env-token",
                "AWS_SHARED_CREDENTIALS_FILE": path,
            ]
            let chain = AWSCredentialChain(environment: env, home: "/nonexistent")
            let fromEnvironment = try chain.resolve()
            let fromProfile = try chain.resolve(profile: "qa")
            #expect(fromEnvironment == AWSCredentials(accessKeyId: "AKIDENV", secretAccessKey: "env-secret", sessionToken: "env-token"))
            #expect(fromProfile == AWSCredentials(accessKeyId: "AKIDQA", secretAccessKey: "qa-secret", sessionToken: "qa-token"))
        }
    }

    @Test("AWS_PROFILE, then default, from the shared credentials file")
    func profiles() throws {
        try withCredentialsFile(Self.file) { path in
            let base = ["AWS_SHARED_CREDENTIALS_FILE": path]
            let fallback = try AWSCredentialChain(environment: base, home: "/x").resolve()
            #expect(fallback.accessKeyId == "AKIDDEFAULT")
            var named = base
            named["AWS_PROFILE"] = "qa"
            let selected = try AWSCredentialChain(environment: named, home: "/x").resolve()
            #expect(selected.accessKeyId == "AKIDQA")
        }
    }

    @Test("~/.aws/credentials under the home folder")
    func homeFile() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".aws"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(Self.file.utf8).write(to: home.appendingPathComponent(".aws/credentials"))
        let resolved = try AWSCredentialChain(environment: [:], home: home.path).resolve(profile: "qa")
        #expect(resolved.accessKeyId == "AKIDQA")
    }

    @Test("a missing profile or file is one clear error")
    func errors() throws {
        try withCredentialsFile(Self.file) { path in
            let chain = AWSCredentialChain(environment: ["AWS_SHARED_CREDENTIALS_FILE": path], home: "/x")
            #expect(throws: AWSCredentialError("profile 'nope' is not in \(path)")) { try chain.resolve(profile: "nope") }
        }
        let none = AWSCredentialChain(environment: [:], home: "/nonexistent")
        #expect(throws: AWSCredentialError.self) { try none.resolve() }
    }
}
