import ChatModel
import Foundation

/// A local file about to be uploaded.
public struct AttachmentFile: Codable, Sendable, Hashable {
    /// Where it is.
    public var path: String
    /// The name the other side sees.
    public var name: String
    /// Its MIME type.
    public var contentType: String
    /// Its size in bytes.
    public var size: Int64

    /// Creates a file description.
    public init(path: String, name: String, contentType: String, size: Int64) {
        self.path = path
        self.name = name
        self.contentType = contentType
        self.size = size
    }
}

/// Size and type limits for attachments.
public struct AttachmentLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes.
    public var maxBytes: Int64
    /// MIME types accepted (empty: any).
    public var allowedTypes: Set<String>
    /// The longest file name accepted, in characters.
    public var maxNameLength: Int

    /// Creates limits.
    public init(maxBytes: Int64, allowedTypes: Set<String>, maxNameLength: Int = 256) {
        self.maxBytes = maxBytes
        self.allowedTypes = allowedTypes
        self.maxNameLength = maxNameLength
    }

    /// Why `file` cannot be sent, in words; nil when it can.
    public func problem(with file: AttachmentFile) -> String? {
        if file.size < 1 { return "\(file.name) is empty" }
        if file.size > maxBytes {
            return "\(file.name) is \(FileTransfer.size(file.size)) (\(file.size) bytes); "
                + "the limit is \(FileTransfer.size(maxBytes)) (\(maxBytes) bytes)"
        }
        if !allowedTypes.isEmpty, !allowedTypes.contains(file.contentType) {
            let extensions = MediaTypes.extensions(for: allowedTypes).joined(separator: " ")
            return "\(file.name) is \(file.contentType), which the contact center does not accept (allowed: \(extensions))"
        }
        if file.name.count > maxNameLength { return "the file name is longer than \(maxNameLength) characters" }
        return nil
    }
}

/// File name extensions and MIME types of the attachment kinds contact centers accept.
public enum MediaTypes {
    /// Extension (lower case) → MIME type.
    public static let byExtension: [String: String] = [
        "csv": "text/csv", "txt": "text/plain", "log": "text/plain", "rtf": "application/rtf",
        "pdf": "application/pdf", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "heic": "image/heic",
        "mov": "video/quicktime", "mp4": "video/mp4", "wav": "audio/wav",
        "gif": "image/gif", "json": "application/json", "zip": "application/zip",
    ]

    /// The MIME type for a file name, by its extension (`application/octet-stream` when unknown).
    public static func type(forName name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        return byExtension[ext] ?? "application/octet-stream"
    }

    /// The extensions that map to some of `types`, sorted, for messages.
    public static func extensions(for types: Set<String>) -> [String] {
        byExtension.filter { types.contains($0.value) }.map(\.key).sorted()
    }
}
