import ChatModel
import Foundation

extension ChatSession {
    /// Uploads the file at `path` as an attachment; returns the local id of its transcript item.
    ///
    /// The file is checked against the backend's limits before any byte is sent; a file that
    /// does not pass is reported with one notice and never appears in the transcript. Otherwise
    /// the item is shown at once as pending, moves to sent when the server accepts it (or shows
    /// the server's scan verdict), and to failed, retryable with `/retry`, when the upload fails.
    @discardableResult
    public func attach(path: String) async -> String? {
        guard let uploader = backend as? any AttachmentBackend else {
            hub.publish(.notice("This contact center does not take attachments."))
            return nil
        }
        if machine.state.isTerminal {
            hub.publish(.notice("The chat is over; attachments can no longer be sent."))
            return nil
        }
        let file: AttachmentFile
        switch Self.describeFile(at: path) {
        case .success(let described): file = described
        case .failure(let problem):
            hub.publish(.notice("Cannot attach \(path): \(problem.reason)."))
            return nil
        }
        if let problem = uploader.attachmentLimits.problem(with: file) {
            hub.publish(.notice("Cannot attach: \(problem)."))
            return nil
        }
        let localId = UUID().uuidString.lowercased()
        let me = info?.me ?? Participant(name: "You", role: .customer)
        let attachment = Attachment(id: localId, name: file.name, contentType: file.contentType, size: file.size)
        let item = ChatItem(
            id: localId, localId: localId, time: configuration.now(), sender: me, kind: .attachment(attachment),
            contentType: file.contentType, text: "📎 \(file.name)", delivery: .pending)
        hub.publish(.item(store.addPending(item)))
        uploads.add(file, localId: localId)
        startUpload(localId)
        return localId
    }

    /// Why the file at `path` cannot be attached (missing, a folder, too large, a type the
    /// contact center refuses), or nil when it can; changes nothing.
    public func attachmentProblem(path: String) -> String? {
        guard let uploader = backend as? any AttachmentBackend else { return "this contact center does not take attachments" }
        switch Self.describeFile(at: path) {
        case .success(let file): return uploader.attachmentLimits.problem(with: file)
        case .failure(let problem): return problem.reason
        }
    }

    /// Saves an attachment into `directory` (else `$XDG_DOWNLOAD_DIR`, else the current folder)
    /// under a name that replaces no existing file; returns the path written.
    @discardableResult
    public func download(attachmentId: String, into directory: String?) async -> String? {
        guard let downloader = backend as? any AttachmentBackend else {
            hub.publish(.notice("This contact center does not offer downloads."))
            return nil
        }
        let attachment = store.items.lazy.compactMap(\.attachment).first { $0.id == attachmentId }
        let name = attachment?.name ?? "attachment"
        if attachment?.isRejected == true {
            hub.publish(.notice("\(name) was rejected by the contact center's scan and cannot be downloaded."))
            return nil
        }
        let folder = DownloadTarget.folder(directory, environment: ProcessInfo.processInfo.environment)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            hub.publish(.notice("Cannot save \(name): \(folder) is not a folder."))
            return nil
        }
        let hub = self.hub
        var transfer = FileTransfer(
            direction: .download, id: attachmentId, name: name, bytesDone: 0, bytesTotal: attachment?.size ?? 0,
            phase: .running)
        let path: String
        do {
            path = try DownloadTarget.reserve(name: name, in: folder)
        } catch {
            hub.publish(.notice("Cannot save \(name) in \(folder): the folder is not writable."))
            return nil
        }
        do {
            let url = try await downloader.downloadURL(attachmentId: attachmentId)
            let meter = TransferMeter(transfer) { hub.publish(.transfer($0)) }
            let written = try await HTTPTransport().downloadFile(
                from: url, to: path, expectedSize: nil, progress: { meter.moved($0) })
            transfer.bytesDone = written
            transfer.phase = .finished(path: path)
            hub.publish(.transfer(transfer))
            hub.publish(.notice("Saved \(name) to \(path) (\(FileTransfer.size(written)))."))
            return path
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            let failure = Self.classify(error)
            transfer.phase = .failed(failure.description)
            hub.publish(.transfer(transfer))
            hub.publish(.notice("Could not download \(name): \(failure)."))
            return nil
        }
    }

    /// Our attachments the server has not accepted yet (uploading or failed), oldest first.
    public var unfinishedUploads: [UnfinishedUpload] { uploads.unfinished }

    /// Sends a failed upload again; false when `localId` is not one of our uploads.
    func retryUpload(localId: String) -> Bool {
        guard uploads.file(localId: localId) != nil else { return false }
        if let item = store.setDelivery(localId: localId, .pending) { hub.publish(.itemUpdated(item)) }
        startUpload(localId)
        return true
    }

    private func startUpload(_ localId: String) {
        guard uploads.begin(localId: localId) else { return }
        Task { await self.upload(localId) }
    }

    private func upload(_ localId: String) async {
        guard let file = uploads.file(localId: localId), let uploader = backend as? any AttachmentBackend else { return }
        let hub = self.hub
        var transfer = FileTransfer(
            direction: .upload, id: localId, name: file.name, bytesDone: 0, bytesTotal: file.size, phase: .running)
        let meter = TransferMeter(transfer) { hub.publish(.transfer($0)) }
        var attempt = 0
        while !machine.state.isTerminal {
            do {
                try await waitUntilConnected()
                let attachmentId = try await uploader.uploadAttachment(file, localId: localId) { meter.moved($0) }
                uploads.remove(localId: localId)
                transfer.bytesDone = file.size
                transfer.phase = .finished(path: nil)
                hub.publish(.transfer(transfer))
                settleUpload(localId: localId, attachmentId: attachmentId)
                return
            } catch {
                let failure = Self.classify(error)
                attempt += 1
                if failure.isRetryable, configuration.sendBackoff.allows(attempt: attempt) {
                    logger.info("upload failed (\(failure)); retry \(attempt)")
                    try? await configuration.sleep(
                        configuration.sendBackoff.delay(attempt: attempt, randomUnit: configuration.random()))
                    continue
                }
                uploads.stop(localId: localId)
                transfer.phase = .failed(failure.description)
                hub.publish(.transfer(transfer))
                if let item = store.setDelivery(localId: localId, .failed) { hub.publish(.itemUpdated(item)) }
                hub.publish(.notice("\(file.name) was not sent (\(Self.uploadFailure(failure))). /retry sends it again."))
                return
            }
        }
        uploads.stop(localId: localId)
    }

    /// After the backend completed an upload: the placeholder is sent, unless the server's
    /// announcement of the attachment already settled it.
    private func settleUpload(localId: String, attachmentId: String) {
        guard var item = store.item(localId: localId), item.delivery == .pending || item.delivery == .failed,
            var attachment = item.attachment
        else { return }
        attachment.id = attachmentId
        item.kind = .attachment(attachment)
        if let updated = store.replacePending(item, delivery: .sent) { hub.publish(.itemUpdated(updated)) }
    }

    /// Waits (a while) for a connection: uploads need the connection's credentials.
    private func waitUntilConnected() async throws {
        for _ in 0..<300 where machine.state != .open {
            if machine.state.isTerminal { throw BackendError.chatEnded }
            try? await configuration.sleep(.milliseconds(100))
        }
    }

    /// What went wrong with an upload, in the user's words.
    static func uploadFailure(_ failure: BackendError) -> String {
        if case .rejected(let status, let type, _) = failure, type == "SignatureDoesNotMatch" {
            return "the storage service refused it with HTTP \(status) SignatureDoesNotMatch: "
                + "the headers sent were not the ones the upload URL was signed with"
        }
        return failure.description
    }

    /// Lets the backend complete an item that needs a further call (a view), then publishes the result.
    func enrichIfNeeded(_ item: ChatItem) {
        guard let enricher = backend as? any ItemEnriching, enricher.needsEnrichment(item) else { return }
        Task {
            guard let enriched = await enricher.enrich(item) else { return }
            self.replaceEnriched(enriched)
        }
    }

    private func replaceEnriched(_ item: ChatItem) {
        if let updated = store.replace(item) { hub.publish(.itemUpdated(updated)) }
    }

    /// Why a path cannot be attached.
    struct FileProblem: Error {
        let reason: String
    }

    /// Reads a file's name, size and MIME type (by extension) without reading its bytes.
    static func describeFile(at path: String) -> Result<AttachmentFile, FileProblem> {
        let expanded = (path as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
            return .failure(FileProblem(reason: "no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(FileProblem(reason: "it is a folder")) }
        guard FileManager.default.isReadableFile(atPath: expanded) else {
            return .failure(FileProblem(reason: "the file is not readable"))
        }
        let attributes = (try? FileManager.default.attributesOfItem(atPath: expanded)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let name = (expanded as NSString).lastPathComponent
        return .success(AttachmentFile(path: expanded, name: name, contentType: MediaTypes.type(forName: name), size: size))
    }
}
