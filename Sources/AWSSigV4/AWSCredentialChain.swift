import Foundation

/// Why no credentials could be found; the message says where the chain looked.
public struct AWSCredentialError: Error, CustomStringConvertible, Equatable {
    /// One line for the user.
    public let description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

/// Finds credentials the way the AWS CLI does, for the sources Helpline supports:
/// an explicit profile → that profile of the shared credentials file; otherwise the environment
/// (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), then the profile named by
/// `AWS_PROFILE` (or `default`) in `AWS_SHARED_CREDENTIALS_FILE` (or `~/.aws/credentials`).
public struct AWSCredentialChain: Sendable {
    /// The environment to read.
    public var environment: [String: String]
    /// The home folder (for `~/.aws/credentials`).
    public var home: String

    /// Creates a chain over an environment.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: String = FileManager.default.homeDirectoryForCurrentUser.path
    ) {
        self.environment = environment
        self.home = home
    }

    /// The credentials file the chain reads.
    public var credentialsFile: String {
        environment["AWS_SHARED_CREDENTIALS_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.aws/credentials"
    }

    /// Resolves credentials; `profile` is `--profile` when given.
    public func resolve(profile: String? = nil) throws -> AWSCredentials {
        if profile == nil, let key = environment["AWS_ACCESS_KEY_ID"], !key.isEmpty,
           let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty {
            let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            return AWSCredentials(accessKeyId: key, secretAccessKey: secret, sessionToken: token)
        }
        let name = profile ?? environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        guard let data = FileManager.default.contents(atPath: credentialsFile) else {
            if profile == nil {
                throw AWSCredentialError(
                    "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or add a [\(name)] profile to \(credentialsFile)")
            }
            throw AWSCredentialError("no AWS credentials file at \(credentialsFile) for profile '\(name)'")
        }
        let sections = INIFile.parse(String(decoding: data, as: UTF8.self))
        guard let section = sections[name] else {
            throw AWSCredentialError("profile '\(name)' is not in \(credentialsFile)")
        }
        guard let key = section["aws_access_key_id"], !key.isEmpty, let secret = section["aws_secret_access_key"], !secret.isEmpty else {
            throw AWSCredentialError("profile '\(name)' in \(credentialsFile) has no aws_access_key_id/aws_secret_access_key")
        }
        return AWSCredentials(accessKeyId: key, secretAccessKey: secret, sessionToken: section["aws_session_token"])
    }
}

/// The INI dialect of `~/.aws/credentials`: `[section]`, `key = value`, `#`/`;` comments.
enum INIFile {
    /// Sections by name, keys lower-cased.
    static func parse(_ text: String) -> [String: [String: String]] {
        var sections: [String: [String: String]] = [:]
        var current: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                current = name
                sections[name, default: [:]] = sections[name] ?? [:]
                continue
            }
            guard let section = current, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            sections[section, default: [:]][key] = value
        }
        return sections
    }
}
