import Foundation

// Wire shapes of the attachment operations (spec §2.2, §4.8).

/// StartAttachmentUpload request body.
struct StartAttachmentUploadRequest: Encodable {
    var contentType: String
    var attachmentSizeInBytes: Int64
    var attachmentName: String
    var clientToken: String

    enum CodingKeys: String, CodingKey {
        case contentType = "ContentType", attachmentSizeInBytes = "AttachmentSizeInBytes"
        case attachmentName = "AttachmentName", clientToken = "ClientToken"
    }
}

/// StartAttachmentUpload response body.
struct StartAttachmentUploadResponse: Decodable {
    /// Where and how to PUT the bytes.
    struct UploadMetadata: Decodable {
        var url: String?
        var urlExpiry: String?
        var headersToInclude: [String: String]?
        enum CodingKeys: String, CodingKey { case url = "Url", urlExpiry = "UrlExpiry", headersToInclude = "HeadersToInclude" }
    }
    var attachmentId: String?
    var uploadMetadata: UploadMetadata?

    enum CodingKeys: String, CodingKey { case attachmentId = "AttachmentId", uploadMetadata = "UploadMetadata" }
}

/// CompleteAttachmentUpload request body (exactly one id).
struct CompleteAttachmentUploadRequest: Encodable {
    var attachmentIds: [String]
    var clientToken: String

    enum CodingKeys: String, CodingKey { case attachmentIds = "AttachmentIds", clientToken = "ClientToken" }
}

/// GetAttachment request body.
struct GetAttachmentRequest: Encodable {
    var attachmentId: String
    var urlExpiryInSeconds: Int?

    enum CodingKeys: String, CodingKey { case attachmentId = "AttachmentId", urlExpiryInSeconds = "UrlExpiryInSeconds" }
}

/// GetAttachment response body.
struct GetAttachmentResponse: Decodable {
    var url: String?
    var urlExpiry: String?
    var attachmentSizeInBytes: Int64?

    enum CodingKeys: String, CodingKey {
        case url = "Url", urlExpiry = "UrlExpiry", attachmentSizeInBytes = "AttachmentSizeInBytes"
    }
}
