import ChatModel
import Foundation

/// Files both ways: uploads shown at once as pending, downloads into a folder, both with progress.
extension SessionCore {
    /// Uploads `file` (already described by the driver): checked against the contact center's limits
    /// before any byte is sent, shown at once as pending, sent when connected.
    mutating func attach(_ file: AttachmentFile) {
        guard let limits = wire.capabilities.attachments else {
            notice("This contact center does not take attachments.")
            return
        }
        if connection.state.isTerminal {
            notice("The chat is over; attachments can no longer be sent.")
            return
        }
        if let problem = limits.problem(with: file) {
            notice("Cannot attach: \(problem).")
            return
        }
        let localId = ids.uuid()
        let me = info?.me ?? Participant(name: "You", role: .customer)
        let attachment = Attachment(id: localId, name: file.name, contentType: file.contentType, size: file.size)
        transcript.addPending(ChatItem(
            id: localId, localId: localId, time: now, sender: me, kind: .attachment(attachment),
            contentType: file.contentType, text: "📎 \(file.name)", delivery: .pending))
        uploads.add(file, localId: localId, at: now)
        persist()  // a restart then knows it was never sent
        startUpload(localId)
    }

    /// Starts uploads that waited for a connection.
    mutating func startWaitingUploads() {
        for localId in uploads.waiting { startUpload(localId) }
    }

    private mutating func startUpload(_ localId: String) {
        guard socket.isLive, let file = uploads.file(localId: localId), uploads.begin(localId: localId) else { return }
        publishTransfer(.upload, id: localId, name: file.name, done: 0, total: file.size, .running)
        begin(.upload(localId), .upload(file, localId: localId))
    }

    mutating func uploadFinished(_ localId: String, _ result: Result<WireResult, BackendError>) {
        guard let file = uploads.file(localId: localId) else { return }
        switch result {
        case .success(.uploaded(let attachmentId)):
            uploads.remove(localId: localId)
            persist()
            publishTransfer(.upload, id: localId, name: file.name, done: file.size, total: file.size, .finished(path: nil))
            // The server's announcement of the attachment may have settled the item already.
            transcript.modify(localId: localId) { item in
                guard item.delivery == .pending || item.delivery == .failed, var attachment = item.attachment else { return }
                attachment.id = attachmentId
                item.kind = .attachment(attachment)
                item.delivery = .sent
            }
        case .success:
            uploadFailed(localId, file, .protocolViolation("the upload gave no attachment id"))
        case .failure(let error):
            uploadFailed(localId, file, error)
        }
    }

    private mutating func uploadFailed(_ localId: String, _ file: AttachmentFile, _ error: BackendError) {
        let attempt = uploads.countFailure(localId: localId)
        if error.isRetryable, attempt < 6, !connection.state.isTerminal {
            log(.info, "upload failed (\(error)); retry \(attempt)")
            let key = RetryKey(.upload(localId))
            calls.wait(.upload(file, localId: localId), for: .upload(localId), key: key)
            startTimer(.operation(key), after: settings.sendBackoff.delay(attempt: attempt, randomUnit: ids.unit()))
            return
        }
        uploads.fail(localId: localId)
        publishTransfer(.upload, id: localId, name: file.name, done: 0, total: file.size, .failed(error.description))
        transcript.setDelivery(localId: localId, .failed)
        notice("\(file.name) was not sent (\(Self.uploadFailure(error))). /retry sends it again.")
    }

    /// Sends a failed upload again; false when `localId` is not one of our failed uploads.
    mutating func retryUpload(localId: String) -> Bool {
        guard uploads.file(localId: localId) != nil, uploads.hasFailed(localId: localId) else { return false }
        transcript.setDelivery(localId: localId, .pending)
        uploads.revive(localId: localId)
        startUpload(localId)
        return true
    }

    /// What went wrong with an upload, in the user's words.
    static func uploadFailure(_ failure: BackendError) -> String {
        if case .rejected(let status, let type, _) = failure, type == "SignatureDoesNotMatch" {
            return "the storage service refused it with HTTP \(status) SignatureDoesNotMatch: "
                + "the headers sent were not the ones the upload URL was signed with"
        }
        return failure.description
    }

    /// Saves an attachment into `directory` (else the download folder, else the current one).
    mutating func download(attachmentId: String, into directory: String?) {
        let attachment = transcript.items.lazy.compactMap(\.attachment).first { $0.id == attachmentId }
        let name = attachment?.name ?? "attachment"
        if attachment?.isRejected == true {
            notice("\(name) was rejected by the contact center's scan and cannot be downloaded.")
            return
        }
        guard wire.capabilities.attachments != nil else {
            notice("This contact center does not offer downloads.")
            return
        }
        begin(.downloadURL(attachmentId, directory: directory), .downloadURL(attachmentId: attachmentId))
    }

    mutating func downloadURLReady(
        _ attachmentId: String, directory: String?, _ result: Result<WireResult, BackendError>
    ) {
        let attachment = transcript.items.lazy.compactMap(\.attachment).first { $0.id == attachmentId }
        let name = attachment?.name ?? "attachment"
        switch result {
        case .success(.downloadURL(let url)):
            let id = calls.newId()
            downloads[id] = (attachmentId, name, attachment?.size)
            publishTransfer(.download, id: attachmentId, name: name, done: 0, total: attachment?.size ?? 0, .running)
            emit(.download(id, FileDownload(url: url, name: name, directory: directory, expectedSize: nil)))
        case .success:
            notice("Could not download \(name): no download URL.")
        case .failure(let error):
            publishTransfer(.download, id: attachmentId, name: name, done: 0, total: 0, .failed(error.description))
            notice("Could not download \(name): \(error).")
        }
    }

    mutating func downloaded(_ id: RequestID, _ result: Result<DownloadedFile, DownloadFailure>) {
        guard let download = downloads.removeValue(forKey: id) else { return }
        switch result {
        case .success(let file):
            publishTransfer(.download, id: download.attachmentId, name: download.name, done: file.bytes, total: file.bytes,
                .finished(path: file.path))
            notice("Saved \(download.name) to \(file.path) (\(FileTransfer.size(file.bytes))).")
        case .failure(let failure):
            publishTransfer(.download, id: download.attachmentId, name: download.name, done: 0, total: 0,
                .failed(failure.reason))
            notice("Could not download \(download.name): \(failure.reason).")
        }
    }

    /// Bytes moved by an upload or download.
    mutating func progressed(_ id: RequestID, bytes: Int64) {
        if let download = downloads[id] {
            publishTransfer(.download, id: download.attachmentId, name: download.name, done: bytes,
                total: download.size ?? 0, .running)
        } else if case .upload(let localId)? = calls.purpose(of: id), let file = uploads.file(localId: localId) {
            publishTransfer(.upload, id: localId, name: file.name, done: bytes, total: file.size, .running)
        }
    }

    private mutating func publishTransfer(
        _ direction: FileTransfer.Direction, id: String, name: String, done: Int64, total: Int64, _ phase: FileTransfer.Phase
    ) {
        publish(.transfer(FileTransfer(direction: direction, id: id, name: name, bytesDone: done, bytesTotal: total, phase: phase)))
    }
}
