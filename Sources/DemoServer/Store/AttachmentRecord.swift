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

    /// Names for which the pretend S3 signs one header more than StartAttachmentUpload returns,
    /// so a faithful client's PUT fails with SignatureDoesNotMatch (the chatjs #188 symptom).
    static func signsUnlistedHeader(_ name: String) -> Bool {
        name.lowercased().contains("tampered")
    }

    /// Names that the demo's pretend malware scan rejects.
    static func scanRejects(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("eicar") || lowered.contains("virus")
    }
}
