import Foundation
import HelplineTestSupport
import Testing

@testable import DemoServer

/// Finds `python3` with boto3 once, so the test can be skipped with a clear reason.
enum Boto3Probe {
    static let python = Python.path

    static let available = Python.canImport("boto3")

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("boto3/connect_participant_check.py")
}

@Suite struct Boto3ConformanceTests {
    /// Runs the script against `server`; returns its exit status and output.
    private func runScript(_ server: DemoContactCenter, _ extra: [String] = []) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = Boto3Probe.python ?? URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Boto3Probe.script.path, server.baseURL.absoluteString] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return (status, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test(.enabled(if: Boto3Probe.available, "needs python3 with boto3 installed (pip install boto3)"))
    func realAWSSDKDrivesTheParticipantService() async throws {
        try await withDemoServer { server, _ in
            let (status, log) = try await runScript(server)
            #expect(status == 0, "boto3 script failed:\n\(log)")
        }
    }

    @Test(.enabled(if: Boto3Probe.available, "needs python3 with boto3 installed (pip install boto3)"))
    func injectedFailuresParseAsAWSErrors() async throws {
        let config = DemoClient.serverConfig { $0.faults = DemoFaults(restFailureRate: 1, seed: 5) }
        try await withDemoServer(config) { server, _ in
            let (status, log) = try await runScript(server, ["failures"])
            #expect(status == 0, "boto3 failure script failed:\n\(log)")
        }
    }
}
