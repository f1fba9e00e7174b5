import Foundation

// Wire shapes of the attachment operations (AWS model `connectparticipant-2018-09-07`).

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
