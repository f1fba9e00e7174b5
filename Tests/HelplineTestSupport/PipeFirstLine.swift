import Foundation

extension Pipe {
    /// The first line a child process writes into this pipe (without its newline), read on a thread
    /// of its own so no pool thread blocks; what the line holds when the child ends first.
    public func firstLine() async -> String {
        let handle = fileHandleForReading
        return await withCheckedContinuation { continuation in
            Thread {
                var bytes = Data()
                while let chunk = try? handle.read(upToCount: 1), let byte = chunk.first, byte != 10 {
                    bytes.append(byte)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }.start()
        }
    }
}
