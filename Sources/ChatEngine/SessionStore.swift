import ChatModel
import Foundation
import SessionCore

/// What is needed to rejoin a chat after a restart. Holds credentials: files are mode 0600.
public struct StoredSession: Codable, Sendable, Equatable {
    /// Format version of the file.
    public var version = 1
    /// Which protocol ("connect").
    public var backend: String
    /// Where the chat lives (endpoint URL), part of the file's key.
    public var endpoint: String
    /// The participant token (a credential).
    public var participantToken: String
    /// Our participant id, when known.
    public var participantId: String?
    /// The contact id, when known.
    public var contactId: String?
    /// Our display name.
    public var displayName: String
    /// Whether markdown may be sent.
    public var markdownAllowed: Bool
    /// Messages typed but not yet accepted.
    public var outbox: [OutboxEntry]
    /// The newest item seen.
    public var lastSeenItemId: String?
    /// When the chat was started.
    public var startedAt: Date
    /// When this file was written.
    public var savedAt: Date
    /// Who the user was talking to last (absent in files written before it was kept).
    public var partnerName: String?
    /// Attachments not accepted yet when this was written (absent in files written before they were kept).
    public var uploads: [SavedUpload]?

    /// Creates a record.
    public init(
        backend: String, endpoint: String, participantToken: String, participantId: String?, contactId: String?,
        displayName: String, markdownAllowed: Bool, outbox: [OutboxEntry] = [], lastSeenItemId: String? = nil,
        startedAt: Date, savedAt: Date
    ) {
        self.backend = backend
        self.endpoint = endpoint
        self.participantToken = participantToken
        self.participantId = participantId
        self.contactId = contactId
        self.displayName = displayName
        self.markdownAllowed = markdownAllowed
        self.outbox = outbox
        self.lastSeenItemId = lastSeenItemId
        self.startedAt = startedAt
        self.savedAt = savedAt
    }
}

extension StoredSession {
    /// The file record for what the session core saved.
    public init(_ snapshot: SessionSnapshot, savedAt: Date) {
        self.init(
            backend: snapshot.backend == "PolyAI" ? "polyai" : "connect", endpoint: snapshot.endpoint,
            participantToken: snapshot.credentials.token, participantId: snapshot.credentials.participantId,
            contactId: snapshot.credentials.contactId, displayName: snapshot.credentials.displayName,
            markdownAllowed: snapshot.credentials.markdownAllowed, outbox: snapshot.outbox, startedAt: snapshot.startedAt,
            savedAt: savedAt)
        partnerName = snapshot.partner
        uploads = snapshot.uploads.isEmpty ? nil : snapshot.uploads
    }

    /// What the session core restores from.
    public var snapshot: SessionSnapshot {
        SessionSnapshot(
            backend: backend, endpoint: endpoint,
            credentials: ResumeCredentials(
                token: participantToken, participantId: participantId, contactId: contactId,
                markdownAllowed: markdownAllowed, displayName: displayName),
            outbox: outbox, startedAt: startedAt, lastActivity: savedAt, partner: partnerName, uploads: uploads ?? [])
    }
}

/// Resumable sessions under `$XDG_STATE_HOME/helpline/` (default `~/.local/state/helpline/`).
///
/// One JSON file per profile and endpoint; the folder is mode 0700 and every file 0600,
/// written atomically so a crash never leaves half a file.
public struct SessionStore: Sendable {
    /// The folder holding the files.
    public let directory: URL

    /// A store in `directory`, or the XDG default for the environment.
    public init(directory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let directory {
            self.directory = directory
        } else if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            self.directory = URL(fileURLWithPath: state).appendingPathComponent("helpline")
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            self.directory = URL(fileURLWithPath: home).appendingPathComponent(".local/state/helpline")
        }
    }

    /// The file name for a profile and endpoint (readable, no secrets in it).
    public static func key(profile: String, endpoint: String) -> String {
        let safe = { (text: String) in
            String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(80))
        }
        return "\(safe(profile))--\(safe(endpoint))"
    }

    /// The stored session for `key`, if any and readable.
    public func load(key: String) -> StoredSession? {
        removeLeftovers(key: key)
        let url = file(key)
        guard let data = try? Data(contentsOf: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(StoredSession.self, from: data)
    }

    /// Writes `session` for `key` (folder 0700, file 0600, atomically); throws a ``SessionStoreProblem``.
    public func save(_ session: StoredSession, key: String) throws {
        try prepareFolder()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(session)
        try writeAtomically(data, to: file(key), temporaryName: ".\(key).\(UUID().uuidString).tmp")
    }

    /// Why sessions cannot be saved here, found by making the folder and writing a byte to a file in
    /// it (then removed); nil when they can.
    public func problem() -> SessionStoreProblem? {
        do {
            try prepareFolder()
            let probe = directory.appendingPathComponent(".probe.\(UUID().uuidString).tmp")
            try writeAtomically(Data([10]), to: probe, temporaryName: ".probe.\(UUID().uuidString).tmp")
            unlink(probe.path)
            return nil
        } catch let problem as SessionStoreProblem {
            return problem
        } catch {
            return SessionStoreProblem(path: directory.path, code: EIO)
        }
    }

    /// Makes the folder (and any missing parents) mode 0700, or tightens it when others can enter.
    private func prepareFolder() throws(SessionStoreProblem) {
        try Self.makeFolder(directory.path)
        do {
            try Self.tighten(directory.path)
        } catch {
            throw SessionStoreProblem(path: directory.path, code: EPERM)
        }
    }

    /// `mkdir -p` with mode 0700, keeping the `errno` of the step that failed.
    private static func makeFolder(_ path: String) throws(SessionStoreProblem) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw SessionStoreProblem(path: path, code: ENOTDIR) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolder(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw SessionStoreProblem(path: path, code: errno) }
    }

    /// Writes `data` to a new 0600 file beside `target`, syncs it and renames it over `target`.
    private func writeAtomically(_ data: Data, to target: URL, temporaryName: String) throws(SessionStoreProblem) {
        let temporary = directory.appendingPathComponent(temporaryName)
        // Created 0600 from the first byte (never via a world-readable copy), flushed, then renamed
        // over the old file, so a crash leaves either the old or the new file, never half of one.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SessionStoreProblem(path: temporary.path, code: errno) }
        var failure = DescriptorWriter.write(data, to: descriptor)
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary.path, target.path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary.path)
            throw SessionStoreProblem(path: target.path, code: failure)
        }
    }

    /// Makes an existing folder that others can enter (e.g. made 0755 by hand) private: mode 0700.
    public static func tighten(_ folder: String) throws {
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & 0o077 != 0 else { return }
        guard chmod(folder, 0o700) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [
                NSFilePathErrorKey: folder,
                NSLocalizedDescriptionKey: "\(folder) can be read by others and its mode cannot be changed to 0700",
            ])
        }
    }

    /// Removes temporary files a crash left behind for `key`.
    public func removeLeftovers(key: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".\(key).") && name.hasSuffix(".tmp") {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Forgets the session for `key`.
    public func remove(key: String) {
        try? FileManager.default.removeItem(at: file(key))
    }

    private func file(_ key: String) -> URL {
        directory.appendingPathComponent("\(key).json")
    }
}
