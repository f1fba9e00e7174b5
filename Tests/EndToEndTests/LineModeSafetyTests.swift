import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Line mode at the edges: the other side's text cannot drive the terminal, and outputs that are
/// full, closed or not seekable give a notice or a clean error instead of a crash.
@Suite struct LineModeSafetyTests {
    /// A flow whose bot is named and talks in terminal escape sequences.
    static let hostileFlow = #"""
        {
          "name": "hostile",
          "participants": {
            "bot": { "role": "CUSTOM_BOT", "displayName": "Bot\u001b]0;pwned\u0007\u001b[2J" },
            "system": { "role": "SYSTEM", "displayName": "SYSTEM_MESSAGE" }
          },
          "initialState": "bot",
          "onStart": [ { "join": "bot" } ],
          "states": {
            "bot": {
              "responder": "bot",
              "rules": [],
              "fallback": [
                { "say": "title\u001b]0;owned\u0007 clear\u001b[2J\u001b[H clip\u001b]52;c;ZXZpbA==\u0007 c1\u009b31m dcs\u001bP1$qm\u001b\\ bell\u0007 end", "as": "bot", "typing": false },
                { "markdown": "**bold**\u001b]0;md\u0007 text\u009d8;;x\u009c", "as": "bot", "typing": false },
                { "say": "note\u001b[31m", "as": "system", "typing": false }
              ]
            }
          }
        }
        """#

    /// Bytes that would drive a terminal: ESC, BEL and the C1 controls (as UTF-8: C2 80…C2 9F).
    static func controlBytes(_ text: String) -> [String] {
        var found: [String] = []
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            if byte == 0x1B { found.append("ESC at \(index)") }
            if byte == 0x07 { found.append("BEL at \(index)") }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { found.append("C1 at \(index)") }
        }
        return found
    }

    static func hostileServer() async throws -> DemoContactCenter {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try hostileFlow.write(to: folder.appendingPathComponent("hostile.json"), atomically: true, encoding: .utf8)
        return try await DemoContactCenter.start(
            DemoServerConfiguration(flowsDirectory: folder, flowName: "hostile", replyDelay: .milliseconds(10)))
    }

    static func connectArguments(_ server: DemoContactCenter) -> [String] {
        ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
         "--display-name", "Maria\u{1B}[2J", "--plain", "--new", "--linger", "1"]
    }

    @Test func theOtherSidesEscapesNeverReachStdoutOrStderr() async throws {
        let server = try await Self.hostileServer()
        defer { Task { await server.stop() } }
        let result = try await InteractiveHelpline.run(Self.connectArguments(server), input: "hello\n", awaiting: ["bell end", "bold"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Self.controlBytes(result.stdout).isEmpty, "stdout: \(Self.controlBytes(result.stdout)) in \(result.stdout.debugDescription)")
        #expect(Self.controlBytes(result.stderr).isEmpty, "stderr: \(result.stderr.debugDescription)")
        // The words around the sequences survive; the sequences' payloads do not.
        #expect(result.stdout.contains("title clear clip c1 dcs bell end"), "\(result.stdout.debugDescription)")
        #expect(!result.stdout.contains("pwned") && !result.stdout.contains("ZXZpbA") && !result.stdout.contains("owned"))
        #expect(result.stdout.contains("bold") && result.stdout.contains("text"))
        #expect(result.stdout.contains(" Bot: ") || result.stdout.contains(" Bot:"), "\(result.stdout)")
    }

    @Test func aFullDiskGivesOneNoticeAndTheChatGoesOn() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let result = try await InteractiveHelpline.run(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
             "--display-name", "Maria", "--plain", "--new", "--linger", "1",
             "--transcript", "/dev/full", "--trace", "/dev/full", "--log-file", "/dev/full", "--log-level", "debug"],
            input: "hours\n", awaiting: ["Helpline demo"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
        #expect(result.stdout.contains("Helpline demo"), "the chat went on: \(result.stdout)")
        let notices = result.stderr.split(separator: "\n").filter { $0.contains("/dev/full") }
        #expect(notices.count <= 3 && !notices.isEmpty, "one notice per file: \(result.stderr)")
        #expect(notices.allSatisfy { $0.contains("No space left") }, "\(notices)")
    }

    @Test func pipesAndFIFOsAreWrittenWithoutSeeking() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("transcript.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The FIFO's reader: a thread that reads to the end.
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            continuation.yield(handle?.readDataToEndOfFile() ?? Data())
            continuation.finish()
        }.start()
        let result = try await HelplineBinary.run(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
             "--display-name", "Maria", "--plain", "--new", "--linger", "1",
             "--transcript", fifo, "--trace", "/dev/stdout", "--log-file", "/dev/stderr", "--log-level", "debug"],
            input: "hours\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Illegal seek") && !result.stderr.contains("Fatal error"), "\(result.stderr)")
        #expect(result.stdout.contains(#""kind":"http""#), "the trace went to stdout")
        #expect(result.stderr.contains(" debug helpline"), "the log went to stderr: \(result.stderr)")
        // Should helpline never have opened the FIFO, open it here so the reader is not left waiting.
        let unblock = open(fifo, O_WRONLY | O_NONBLOCK)
        if unblock >= 0 { close(unblock) }
        var fromFIFO = Data()
        for await data in stream { fromFIFO = data }
        #expect(String(decoding: fromFIFO, as: UTF8.self).contains(#""text":"hours""#), "the transcript went through the FIFO")
    }

    @Test func aFileThatRefusesWritesIsAClearErrorBeforeTheChat() async throws {
        let result = try await HelplineBinary.run(["--plain", "--new", "--log-file", "/proc/version"], input: "hi\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("/proc/version"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("connecting"), "\(result.stderr)")
        let trace = try await HelplineBinary.run(["--plain", "--new", "--trace", "/proc/version"], input: "hi\n")
        #expect(trace.status != 0 && trace.stderr.contains("/proc/version") && !trace.stderr.contains("Fatal error"), "\(trace.stderr)")
    }

    @Test func existingFilesAndTheStateFolderAreMadePrivate() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-modes-\(UUID().uuidString)")
        let state = folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state.appendingPathComponent("helpline"), withIntermediateDirectories: true)
        chmod(state.appendingPathComponent("helpline").path, 0o755)
        let files = ["log.txt", "transcript.jsonl", "trace.jsonl"].map { folder.appendingPathComponent($0).path }
        for file in files {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("old\n".utf8)))
            chmod(file, 0o644)
        }
        let result = try await HelplineBinary.run(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
             "--display-name", "Maria", "--plain", "--linger", "1",
             "--log-file", files[0], "--transcript", files[1], "--trace", files[2]],
            input: "hours\n", environment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for file in files + [state.appendingPathComponent("helpline").path] {
            var status = stat()
            #expect(stat(file, &status) == 0)
            #expect(status.st_mode & 0o077 == 0, "\(file) is private: \(String(status.st_mode & 0o777, radix: 8))")
        }
    }

    @Test func aClosedOutputPipeEndsTheChatQuietly() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let process = Process()
        process.executableURL = HelplineBinary.path
        process.arguments = [
            "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
            "--display-name", "Maria", "--plain", "--new",
        ]
        var env = ProcessInfo.processInfo.environment
        for name in HelplineBinary.proxyVariables { env[name] = nil }  // loopback tests are direct
        env["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)").path
        process.environment = env
        let (stdin, stderr) = (Pipe(), Pipe())
        // stdout's pipe is close-on-exec: a process another test starts meanwhile must not inherit
        // (and keep open) its reading end, or the pipe would never break.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        let writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardInput = stdin
        process.standardOutput = writing
        process.standardError = stderr
        try process.run()
        close(ends[1])
        // `| head -1`: read one line, then close the reading end while stdin stays open.
        stdin.fileHandleForWriting.write(Data("hours\n".utf8))
        let firstLine = await Self.readLine(reading)
        #expect(!firstLine.isEmpty)
        close(ends[0])
        // A filter notices a closed pipe on its next write: ask for more output.
        let more = Array("order\n".utf8)
        _ = more.withUnsafeBytes { write(stdin.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        let errTask = HelplineBinary.readOnThread(stderr.fileHandleForReading)
        // Bounded, and generous: on a loaded machine ending the chat takes a few seconds.
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        let errors = String(decoding: await errTask.value, as: UTF8.self)
        #expect(ended, "it ended although stdin stayed open")
        #expect(process.terminationStatus == 141, "the status of a filter whose pipe closed: \(process.terminationStatus) \(errors)")
        #expect(!errors.contains("Fatal error") && !errors.contains("Backtrace") && !errors.contains("Illegal"), "\(errors)")
        let contacts = await server.contacts()
        var allEnded = true
        for contact in contacts where !(await server.hasEnded(contactId: contact)) { allEnded = false }
        #expect(!contacts.isEmpty && allEnded, "the chat was ended on the server")
    }

    /// Reads up to the first newline on a thread of its own.
    static func readLine(_ handle: FileHandle) async -> String {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        Thread {
            var line = Data()
            while true {
                let byte = handle.readData(ofLength: 1)
                if byte.isEmpty || byte.first == 0x0A { break }
                line.append(byte)
            }
            continuation.yield(String(decoding: line, as: UTF8.self))
            continuation.finish()
        }.start()
        for await line in stream { return line }
        return ""
    }
}
