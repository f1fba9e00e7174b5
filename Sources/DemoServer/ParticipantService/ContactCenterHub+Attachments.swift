import Foundation

/// Attachments: StartAttachmentUpload, the pretend S3 PUT/GET, CompleteAttachmentUpload and GetAttachment.
extension ContactCenterHub {
    /// StartAttachmentUpload: validates and returns a pre-signed upload URL with the headers to send.
    func startAttachmentUpload(connectionToken: String?, request: StartAttachmentUploadRequest, base: String) throws
        -> Data
    {
        let (contact, participant) = try authorizeConnection(connectionToken)
        try checkClientToken(request.clientToken)
        guard let clientToken = request.clientToken, !clientToken.isEmpty else {
            throw ParticipantServiceError.length("clientToken", min: 1, max: 500)
        }
        if let body = cached(contact, participant, "StartAttachmentUpload", clientToken) { return body }
        guard let type = request.contentType, AttachmentRecord.allowedTypes.contains(type) else {
            throw ParticipantServiceError.validation("The attachment content type is not supported.")
        }
        guard let name = request.attachmentName, (1...256).contains(name.count) else {
            throw ParticipantServiceError.length("attachmentName", min: 1, max: 256)
        }
        guard let size = request.attachmentSizeInBytes, size >= 1 else {
            throw ParticipantServiceError.validation(
                "1 validation error detected: Value at 'attachmentSizeInBytes' failed to satisfy constraint: "
                    + "Member must have value greater than or equal to 1")
        }
        guard size <= AttachmentRecord.maxSize else {
            throw ParticipantServiceError.validation("The attachment is larger than the maximum size allowed.")
        }
        let count = store.attachments.values.filter { $0.contactId == contact.contactId }.count
        guard count < AttachmentRecord.maxPerContact else { throw ParticipantServiceError.serviceQuotaExceeded }
        let id = Self.newId()
        let signature = Self.signature()
        let now = nowMillis
        let headers: [String: String] = [
            "x-amz-meta-contact_id": contact.contactId, "x-amz-meta-initial_contact_id": contact.initialContactId,
            "x-amz-acl": "bucket-owner-full-control",
            "Content-Disposition": "attachment; filename=\"\(name)\"",
            "x-amz-meta-account_id": "123456789012", "Content-Length": String(size), "Content-Type": type,
            "x-amz-meta-organization_id": "3f2a9c1e-5b7d-4e2a-9f10-00000000de70",
        ]
        var signed = headers
        if AttachmentRecord.signsUnlistedHeader(name) { signed["x-amz-meta-checksum"] = "demo-\(size)" }
        store.attachments[id] = AttachmentRecord(
            id: id, contactId: contact.contactId, uploaderId: participant.id, contentType: type, name: name, size: size,
            uploadSignature: signature, createdAtMillis: now, headers: signed)
        let stamp = ConnectTime.string(millis: now).filter { $0 != "-" && $0 != ":" }.prefix(15) + "Z"
        let url = "\(base)/demo-s3/upload/\(id)?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=\(stamp)"
            + "&X-Amz-Expires=300&X-Amz-SignedHeaders=content-disposition%3Bcontent-length%3Bcontent-type%3Bhost"
            + "&X-Amz-Signature=\(signature)"
        let expiry = String(ConnectTime.string(millis: now + AttachmentRecord.uploadLifetimeMillis).prefix(19)) + "Z"
        let body = WireJSON.data(StartAttachmentUploadResponse(
            attachmentId: id, uploadMetadata: .init(url: url, urlExpiry: expiry, headersToInclude: headers)))
        remember(contact.contactId, participant.id, "StartAttachmentUpload", clientToken, body)
        return body
    }

    /// The pretend S3 PUT: the signed headers must match `HeadersToInclude` exactly. Returns an S3 error code or nil.
    func upload(attachmentId: String, signature: String?, headers: [String: String], body: Data) -> String? {
        guard var record = store.attachments[attachmentId], record.uploadSignature == signature,
            nowMillis - record.createdAtMillis <= AttachmentRecord.uploadLifetimeMillis, record.status == nil
        else { return "AccessDenied" }
        let lowered = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in record.headers where lowered[name.lowercased()] != value {
            return "SignatureDoesNotMatch"
        }
        guard body.count == record.size else { return "SignatureDoesNotMatch" }
        record.data = body
        store.attachments[attachmentId] = record
        return nil
    }

    /// CompleteAttachmentUpload: scans (by name) and posts the ATTACHMENT item.
    func completeAttachmentUpload(connectionToken: String?, request: CompleteAttachmentUploadRequest) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        try checkClientToken(request.clientToken)
        guard let clientToken = request.clientToken, !clientToken.isEmpty else {
            throw ParticipantServiceError.length("clientToken", min: 1, max: 500)
        }
        if let body = cached(contact, participant, "CompleteAttachmentUpload", clientToken) { return body }
        guard let ids = request.attachmentIds, ids.count == 1 else {
            throw ParticipantServiceError.length("attachmentIds", min: 1, max: 1)
        }
        guard var record = store.attachments[ids[0]], record.contactId == contact.contactId else {
            throw ParticipantServiceError.validation("The attachment Id is not valid for this contact.")
        }
        guard record.status == nil else { throw ParticipantServiceError.conflict }
        guard record.data != nil else {
            throw ParticipantServiceError.validation("The attachment has not been uploaded.")
        }
        let status = faults.rejectAttachments || AttachmentRecord.scanRejects(record.name) ? "REJECTED" : "APPROVED"
        record.status = status
        store.attachments[record.id] = record
        let attachment = WireAttachment(
            contentType: record.contentType, attachmentId: record.id, attachmentName: record.name, status: status)
        appendItem(contact.contactId, { $0.attachments = [attachment] }, type: "ATTACHMENT",
                   contentType: record.contentType, participantId: record.uploaderId)
        let body = Data("{}".utf8)
        remember(contact.contactId, participant.id, "CompleteAttachmentUpload", clientToken, body)
        return body
    }

    /// GetAttachment: a short-lived download URL for an approved attachment of the contact.
    func getAttachment(connectionToken: String?, request: GetAttachmentRequest, base: String) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        if participant.role == .customBot { throw ParticipantServiceError.accessDenied }
        let seconds = request.urlExpiryInSeconds ?? 300
        guard (5...300).contains(seconds) else {
            throw ParticipantServiceError.validation(
                "1 validation error detected: Value '\(seconds)' at 'urlExpiryInSeconds' failed to satisfy "
                    + "constraint: Member must have value between 5 and 300")
        }
        guard let id = request.attachmentId, var record = store.attachments[id], record.contactId == contact.contactId,
            let status = record.status
        else { throw ParticipantServiceError.validation("The attachment Id is not valid for this contact.") }
        guard status == "APPROVED" else {
            throw ParticipantServiceError.validation("The attachment was rejected and cannot be downloaded.")
        }
        let signature = Self.signature()
        let expires = nowMillis + Int64(seconds) * 1000
        record.downloadSignature = signature
        record.downloadExpiresAtMillis = expires
        store.attachments[id] = record
        let url = "\(base)/demo-s3/download/\(id)?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=\(seconds)"
            + "&X-Amz-Signature=\(signature)"
        return WireJSON.data(GetAttachmentResponse(
            url: url, urlExpiry: ConnectTime.string(millis: expires), attachmentSizeInBytes: record.size))
    }

    /// The pretend S3 GET: bytes and content type for a valid, unexpired download URL.
    func download(attachmentId: String, signature: String?) -> (data: Data, contentType: String)? {
        guard let record = store.attachments[attachmentId], let data = record.data, signature != nil,
            record.downloadSignature == signature, nowMillis <= record.downloadExpiresAtMillis
        else { return nil }
        return (data, record.contentType)
    }

    /// The contact an attachment belongs to (for the request log).
    func attachmentContact(_ id: String) -> String? { store.attachments[id]?.contactId }
}
