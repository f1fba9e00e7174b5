import Foundation

/// An attachment on a contact: upload metadata, bytes once uploaded, and scan status once completed.
struct AttachmentRecord: Sendable {
    var id: String
    var contactId: String
    var uploaderId: String
    var contentType: String
    var name: String
    var size: Int
    var uploadSignature: String
    var createdAtMillis: Int64
    var headers: [String: String]
    var data: Data?
    /// `APPROVED` or `REJECTED` once completed; nil before.
    var status: String?
    var downloadSignature: String?
    var downloadExpiresAtMillis: Int64 = 0

    /// MIME types the demo accepts (the list the iOS SDK allows).
    static let allowedTypes: Set<String> = [
        "text/csv", "application/msword",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "image/heic", "image/jpeg",
        "video/quicktime", "video/mp4", "application/pdf", "image/png", "application/vnd.ms-powerpoint",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/rtf",
        "text/plain", "audio/wav", "application/vnd.ms-excel",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// Largest accepted attachment (the admin-guide default of 20 MB).
    static let maxSize = 20 * 1024 * 1024

    /// Attachments allowed per contact before 402 ServiceQuotaExceededException.
    static let maxPerContact = 20

    /// Lifetime of the upload URL in milliseconds (5 minutes).
    static let uploadLifetimeMillis: Int64 = 300_000

    /// Names that the demo's pretend malware scan rejects.
    static func scanRejects(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("eicar") || lowered.contains("virus")
    }
}

/// StartAttachmentUpload request body.
struct StartAttachmentUploadRequest: Decodable {
    var contentType: String?
    var attachmentSizeInBytes: Int?
    var attachmentName: String?
    var clientToken: String?

    enum CodingKeys: String, CodingKey {
        case contentType = "ContentType", attachmentSizeInBytes = "AttachmentSizeInBytes"
        case attachmentName = "AttachmentName", clientToken = "ClientToken"
    }
}

/// StartAttachmentUpload response body.
struct StartAttachmentUploadResponse: Encodable {
    struct UploadMetadata: Encodable {
        var url: String
        var urlExpiry: String
        var headersToInclude: [String: String]
        enum CodingKeys: String, CodingKey { case url = "Url", urlExpiry = "UrlExpiry", headersToInclude = "HeadersToInclude" }
    }
    var attachmentId: String
    var uploadMetadata: UploadMetadata

    enum CodingKeys: String, CodingKey { case attachmentId = "AttachmentId", uploadMetadata = "UploadMetadata" }
}

/// CompleteAttachmentUpload request body.
struct CompleteAttachmentUploadRequest: Decodable {
    var attachmentIds: [String]?
    var clientToken: String?

    enum CodingKeys: String, CodingKey { case attachmentIds = "AttachmentIds", clientToken = "ClientToken" }
}

/// GetAttachment request body.
struct GetAttachmentRequest: Decodable {
    var attachmentId: String?
    var urlExpiryInSeconds: Int?

    enum CodingKeys: String, CodingKey { case attachmentId = "AttachmentId", urlExpiryInSeconds = "UrlExpiryInSeconds" }
}

/// GetAttachment response body.
struct GetAttachmentResponse: Encodable {
    var url: String
    var urlExpiry: String
    var attachmentSizeInBytes: Int

    enum CodingKeys: String, CodingKey {
        case url = "Url", urlExpiry = "UrlExpiry", attachmentSizeInBytes = "AttachmentSizeInBytes"
    }
}
