import ChatModel
import Foundation
import SessionCore
import Transport

/// The file system side of attachments: reading a file's size and type, saving a download.
extension ChatSession {
    /// Uploads the file at `path` as an attachment (shown at once as pending); returns its local id,
    /// or nil when the file cannot be sent (a notice says why).
    @discardableResult
    public func attach(path: String) -> String? {
        switch Self.describeFile(at: path) {
        case .success(let file):
            let before = core.transcript.count
            feed(.attach(file))
            guard core.transcript.count > before else { return nil }
            return core.transcript.items.last(where: { $0.attachment != nil && $0.isOwn })?.localId
        case .failure(let problem):
            hub.publish(.notice("Cannot attach \(path): \(problem.description)."))
            return nil
        }
    }

    /// Why the file at `path` cannot be attached (missing, a folder, too large, a type the contact
    /// center refuses), or nil when it can; changes nothing.
    public func attachmentProblem(path: String) -> String? {
        guard let limits = core.wire.capabilities.attachments else { return "this contact center does not take attachments" }
        switch Self.describeFile(at: path) {
        case .success(let file): return limits.problem(with: file)
        case .failure(let problem): return problem.description
        }
    }

    /// Saves the attachment with this id into `directory` (else the download folder, else the
    /// current one) under a name that replaces no existing file; returns the path written.
    @discardableResult
    public func download(attachmentId: String, into directory: String?) async -> String? {
        guard !driver.isFinished else { return nil }
        let effects = feed(.command(.download(attachmentId: attachmentId, directory: directory)))
        // Refused at once (a rejected file, no attachments here): a notice says why, nothing to wait for.
        let started = effects.contains { if case .http = $0 { true } else { false } }
        guard started else { return nil }
        return await withCheckedContinuation { outlet.waitForDownload(attachmentId, $0) }
    }

    /// GETs a download into a new file (mode 0600) in the chosen folder.
    func fetch(_ download: FileDownload, id: RequestID) async -> Result<DownloadedFile, DownloadFailure> {
        let folder = DownloadTarget.folder(download.directory, environment: ProcessInfo.processInfo.environment)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(DownloadFailure("\(folder) is not a folder"))
        }
        let path: String
        do {
            path = try DownloadTarget.reserve(name: download.name, in: folder)
        } catch {
            return .failure(DownloadFailure("the folder \(folder) is not writable"))
        }
        let steps = ProgressSteps(total: download.expectedSize ?? 0)
        do {
            let written = try await configuration.transport.downloadFile(
                from: download.url, to: path, expectedSize: download.expectedSize
            ) { bytes in
                guard steps.due(bytes) else { return }
                Task { await self.progressed(id, bytes: bytes) }
            }
            return .success(DownloadedFile(path: path, bytes: written))
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            let reason = (error as? BackendError)?.description ?? HTTPTransport.describe(error)
            return .failure(DownloadFailure(reason))
        }
    }

    /// Reads a file's name, size and MIME type (by extension) without reading its bytes. A symbolic
    /// link is the file it names (its size, not the link's), under the link's name; only a regular
    /// file is taken: a pipe or a device has no size to announce, and might never end. The name is
    /// made safe for one line of a terminal (``TerminalSafeText/oneLine(_:)``).
    static func describeFile(at path: String) -> Result<AttachmentFile, FileProblem> {
        let expanded = (path as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
            return .failure(FileProblem("no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(FileProblem("it is a folder")) }
        guard FileManager.default.isReadableFile(atPath: expanded) else {
            return .failure(FileProblem("the file is not readable"))
        }
        let target = URL(fileURLWithPath: expanded).resolvingSymlinksInPath().path
        let attributes = (try? FileManager.default.attributesOfItem(atPath: target)) ?? [:]
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            return .failure(FileProblem("it is not a regular file (a pipe, a device or a socket)"))
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        // The name as the transcript shows it is the one sent, told and reported: no escape
        // sequence, control or bidi override (a file can be named anything; a header cannot).
        let shown = TerminalSafeText.oneLine((expanded as NSString).lastPathComponent)
        let name = shown.isEmpty ? "file" : shown
        return .success(AttachmentFile(path: expanded, name: name, contentType: MediaTypes.type(forName: name), size: size))
    }
}
