import ChatEngine
import ChatModel
import Foundation

/// Attachments over the Participant Service (spec §4.8): StartAttachmentUpload, a PUT to the
/// pre-signed URL with exactly the returned headers, CompleteAttachmentUpload; GetAttachment for downloads.
extension ConnectBackend: AttachmentBackend {
    /// The MIME types the official clients allow (spec §4.8).
    public static let attachmentTypes: Set<String> = [
        "text/csv", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "image/heic", "image/jpeg", "video/quicktime", "video/mp4", "application/pdf", "image/png",
        "application/vnd.ms-powerpoint", "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/rtf", "text/plain", "audio/wav", "application/vnd.ms-excel",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// 20 MB (the admin-guide default) and the official clients' type list.
    public var attachmentLimits: AttachmentLimits {
        AttachmentLimits(maxBytes: 20 * 1024 * 1024, allowedTypes: Self.attachmentTypes, maxNameLength: 256)
    }

    /// Uploads and completes one attachment; returns its AttachmentId.
    public func uploadAttachment(
        _ file: AttachmentFile, localId: String, progress: @escaping @Sendable (Int64) -> Void
    ) async throws -> String {
        let token = try connectionToken()
        let started = try await client.call(
            "/participant/start-attachment-upload", token: token,
            body: StartAttachmentUploadRequest(
                contentType: file.contentType, attachmentSizeInBytes: file.size, attachmentName: file.name,
                clientToken: UUID().uuidString.lowercased()),
            as: StartAttachmentUploadResponse.self)
        guard let attachmentId = started.attachmentId, let url = started.uploadMetadata?.url else {
            throw BackendError.protocolViolation("StartAttachmentUpload returned no AttachmentId or upload URL")
        }
        // The server may announce the attachment before CompleteAttachmentUpload answers.
        uploadTags.withLock { $0[attachmentId] = localId }
        // Exactly the headers the URL was signed with, spelled as given (chatjs #188).
        let headers = (started.uploadMetadata?.headersToInclude ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        try await transport.uploadFile(path: file.path, size: file.size, to: url, headers: headers, progress: progress)
        _ = try await client.call(
            "/participant/complete-attachment-upload", token: try connectionToken(),
            body: CompleteAttachmentUploadRequest(attachmentIds: [attachmentId], clientToken: UUID().uuidString.lowercased()),
            as: SendResponse.self)
        return attachmentId
    }

    /// GetAttachment: a pre-signed URL valid for five minutes.
    public func downloadURL(attachmentId: String) async throws -> String {
        let reply = try await client.call(
            "/participant/attachment", token: try connectionToken(),
            body: GetAttachmentRequest(attachmentId: attachmentId, urlExpiryInSeconds: 300), as: GetAttachmentResponse.self)
        guard let url = reply.url, !url.isEmpty else {
            throw BackendError.protocolViolation("GetAttachment returned no Url")
        }
        return url
    }

    /// Names our pending upload on the server's ATTACHMENT item, so the engine settles the placeholder.
    func tagOwnUploads(_ events: [BackendEvent]) -> [BackendEvent] {
        let tags = uploadTags.withLock { $0 }
        guard !tags.isEmpty else { return events }
        return events.map { event in
            guard case .item(var item) = event, let attachment = item.attachment, let localId = tags[attachment.id] else {
                return event
            }
            item.localId = localId
            return .item(item)
        }
    }
}
