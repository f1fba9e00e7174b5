import Foundation

/// Runs a command to its end (bounded) and returns its status and output.
func runTool(_ arguments: [String], timeout: Duration = .seconds(30)) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The blocking read gets a thread of its own: the two-thread concurrency pool serves the server.
    let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
    Thread {
        continuation.yield(pipe.fileHandleForReading.readDataToEndOfFile())
        continuation.finish()
    }.start()
    let deadline = ContinuousClock.now + timeout
    while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    var data = Data()
    for await chunk in chunks { data = chunk }
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
