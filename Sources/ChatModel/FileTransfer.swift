import Foundation

/// The progress of one attachment upload or download, as the engine reports it.
public struct FileTransfer: Sendable, Hashable {
    /// Which way the bytes go.
    public enum Direction: String, Sendable, Hashable {
        /// From this machine to the contact center.
        case upload
        /// From the contact center to a local file.
        case download
    }

    /// Where the transfer is.
    public enum Phase: Sendable, Hashable {
        /// Bytes are moving (`bytesDone` of `bytesTotal`).
        case running
        /// Done; for a download, `path` is the file written.
        case finished(path: String?)
        /// Stopped with a reason the user can read.
        case failed(String)
    }

    /// Upload or download.
    public var direction: Direction
    /// The attachment id (downloads) or the local id of the pending item (uploads).
    public var id: String
    /// The file name.
    public var name: String
    /// Bytes moved so far.
    public var bytesDone: Int64
    /// Bytes in total (0 when unknown).
    public var bytesTotal: Int64
    /// Where the transfer is.
    public var phase: Phase

    /// Creates a transfer report.
    public init(direction: Direction, id: String, name: String, bytesDone: Int64, bytesTotal: Int64, phase: Phase) {
        self.direction = direction
        self.id = id
        self.name = name
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.phase = phase
    }

    /// Whole percent done (0–100), or nil when the total is unknown.
    public var percent: Int? {
        guard bytesTotal > 0 else { return nil }
        return Int(min(100, bytesDone * 100 / bytesTotal))
    }

    /// A short line for a status or system line, e.g. "uploading report.pdf: 40% of 12.0 MB".
    public var summary: String {
        let verb = direction == .upload ? "uploading" : "downloading"
        switch phase {
        case .running:
            let share = percent.map { "\($0)% of " } ?? ""
            return "\(verb) \(name): \(share)\(Self.size(bytesTotal > 0 ? bytesTotal : bytesDone))"
        case .finished(let path):
            return direction == .upload ? "uploaded \(name)" : "saved \(name) to \(path ?? "disk")"
        case .failed(let reason):
            return "\(verb) \(name) failed: \(reason)"
        }
    }

    /// A byte count in words ("812 B", "14.2 KB", "3.0 MB").
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / (1024 * 1024))
    }
}
