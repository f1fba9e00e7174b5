import ChatEngine
import ChatModel
import DemoServer
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HelplineTestSupport
import SessionCore
import Testing

/// Attachments both ways with the real engine and backend against the demo contact center:
/// StartAttachmentUpload → PUT with exactly the returned headers → CompleteAttachmentUpload,
/// then GetAttachment → GET into a file that never replaces another.
@Suite struct AttachmentEndToEndTests {
    /// A fresh folder for one test.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Bytes that are not text: every byte value, repeated, with a seeded shuffle.
    private func binary(count: Int) -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return Data((0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }

    private func notices(_ recorder: EventRecorder) async -> [String] {
        await recorder.events.compactMap { if case .notice(let text) = $0 { return text } else { return nil } }
    }

    /// Attaches the file at `path` and waits for the server to approve it; the attachment as shown.
    private func approvedUpload(of path: String, _ session: ChatSession, _ recorder: EventRecorder) async throws -> ChatModel.Attachment {
        let localId = try #require(await session.attach(path: path))
        let approved = await recorder.wait(timeout: .seconds(30)) { recorder in
            await recorder.currentItems.contains {
                $0.localId == localId && $0.delivery != .pending && $0.attachment?.status == "APPROVED"
            }
        }
        let said = await notices(recorder)
        #expect(approved, "uploaded: \(said)")
        return try #require(await recorder.currentItems.first { $0.localId == localId }?.attachment)
    }

    @Test func binaryFileMakesTheRoundTripByteForByte() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = binary(count: 700_000)
        let source = dir.appendingPathComponent("scan of receipt.png")
        try bytes.write(to: source)

        let localId = try #require(await session.attach(path: source.path))
        let approved = await recorder.wait(timeout: .seconds(30)) { recorder in
            await recorder.currentItems.contains {
                $0.localId == localId && $0.delivery != .pending && $0.attachment?.status == "APPROVED"
            }
        }
        let seen = await recorder.currentItems
        #expect(approved, "the placeholder becomes the server's approved attachment: \(seen)")
        let items = await recorder.currentItems.filter { $0.attachment != nil }
        #expect(items.count == 1, "shown once, not once more for the server's announcement")
        let attachment = try #require(items.first?.attachment)
        #expect(attachment.name == "scan of receipt.png" && attachment.contentType == "image/png")
        #expect(attachment.size == Int64(bytes.count))
        let record = await server.transcript(contactId: contactId)
        #expect(record.contains { $0.attachments.first?.id == attachment.id })

        let progress = await recorder.events.compactMap { event -> Int? in
            if case .transfer(let transfer) = event, transfer.direction == .upload, transfer.phase == .running {
                return transfer.percent
            }
            return nil
        }
        #expect(progress.count >= 3 && progress == progress.sorted(), "a large upload reports its progress: \(progress)")

        let downloads = dir.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let first = try #require(await session.download(attachmentId: attachment.id, into: downloads.path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == bytes, "the same bytes come back")
        #expect(URL(fileURLWithPath: first).lastPathComponent == "scan of receipt.png")
        let second = try #require(await session.download(attachmentId: attachment.id, into: downloads.path))
        #expect(URL(fileURLWithPath: second).lastPathComponent == "scan of receipt (1).png", "never overwrites")
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == bytes)
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == bytes)
        #expect(await notices(recorder).contains { $0.hasPrefix("Saved scan of receipt.png to \(first)") })
        await session.shutdown()
    }

    @Test func headerMismatchFailsTheUploadWithAClearErrorAndRetryTriesAgain() async throws {
        let (server, session, recorder, _) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("tampered.pdf")
        try Data("%PDF-1.4 demo".utf8).write(to: source)
        let localId = try #require(await session.attach(path: source.path))
        let failed = await recorder.wait { await $0.currentItems.contains { $0.localId == localId && $0.delivery == .failed } }
        #expect(failed, "the item is marked failed")
        _ = await recorder.wait { await notices($0).contains { $0.contains("was not sent") } }
        let said = await notices(recorder)
        #expect(said.contains {
            $0.contains("tampered.pdf was not sent") && $0.contains("SignatureDoesNotMatch") && $0.contains("/retry")
        }, "one clear line: \(said)")
        await session.perform(.retry(localId: localId))
        let failedAgain = await recorder.wait {
            await $0.events.filter { if case .notice(let t) = $0 { t.contains("tampered.pdf was not sent") } else { false } }.count == 2
        }
        #expect(failedAgain, "a retry uploads again (and fails the same way)")
        await session.shutdown()
    }

    @Test func filesOverTheLimitsAreRefusedBeforeAnyUpload() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.pdf")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 20 * 1024 * 1024 + 1)
        try handle.close()
        #expect(await session.attach(path: big.path) == nil)
        let script = dir.appendingPathComponent("run.sh")
        try Data("echo hi".utf8).write(to: script)
        #expect(await session.attach(path: script.path) == nil)
        #expect(await session.attach(path: dir.appendingPathComponent("missing.png").path) == nil)
        let said = await recorder.wait { await notices($0).count >= 3 }
        #expect(said)
        let lines = await notices(recorder)
        #expect(lines.contains { $0 == "Cannot attach: big.pdf is 20.0 MB (20971521 bytes); the limit is 20.0 MB (20971520 bytes)." }, "\(lines)")
        #expect(lines.contains { $0.contains("run.sh is application/octet-stream") && $0.contains("allowed: ") }, "\(lines)")
        #expect(lines.contains { $0.contains("missing.png: no such file") }, "\(lines)")
        #expect(await recorder.currentItems.allSatisfy { $0.attachment == nil }, "nothing appears in the transcript")
        #expect(await server.transcript(contactId: contactId).allSatisfy { $0.type != "ATTACHMENT" })
        await session.shutdown()
    }

    @Test("a symbolic link is sent as the file it names, under the link's name; a pipe or a device is refused at once")
    func linkedFileIsSentAndPipesAreRefused() async throws {
        let (server, session, recorder, _) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = binary(count: 5_000)
        let source = dir.appendingPathComponent("statement-2026-11.pdf")
        try bytes.write(to: source)
        let link = dir.appendingPathComponent("statement.pdf")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)

        let attachment = try await approvedUpload(of: link.path, session, recorder)
        #expect(attachment.name == "statement.pdf" && attachment.size == Int64(bytes.count))
        let saved = try #require(await session.download(attachmentId: attachment.id, into: dir.path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == bytes, "the linked file's bytes, not the link's")

        let pipe = dir.appendingPathComponent("pipe.txt")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(await session.attach(path: pipe.path) == nil)
        #expect(await session.attach(path: "/dev/zero") == nil)
        let refused = ["Cannot attach \(pipe.path): it is not a regular file (a pipe, a device or a socket).",
                       "Cannot attach /dev/zero: it is not a regular file (a pipe, a device or a socket)."]
        let told = await recorder.wait { recorder in
            let said = await notices(recorder)
            return refused.allSatisfy { said.contains($0) }
        }
        let lines = await notices(recorder)
        #expect(told, "\(lines)")
        await session.shutdown()
    }

    @Test("a file named with an escape sequence and a bidi override is sent and told under its name without them")
    func fileNamesAreSentWithoutControls() async throws {
        let (server, session, recorder, _) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("evil\u{1B}]0;pwned\u{07}\u{202E}gpj.txt")
        try Data("x".utf8).write(to: source)
        let attachment = try await approvedUpload(of: source.path, session, recorder)
        let said = await notices(recorder)
        #expect(attachment.name == "evilgpj.txt")
        #expect(said.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E } }, "\(said)")
        await session.shutdown()
    }

    @Test func uploadsNotYetAcceptedAreListedForTheQuitReport() async throws {
        let (server, session, _, _) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("slow.png")
        try binary(count: 1024).write(to: source)
        await server.setRESTFailureRate(1.0)
        _ = try #require(await session.attach(path: source.path))
        let unfinished = await session.unfinishedUploads
        #expect(unfinished == [UnfinishedUpload(name: "slow.png", path: source.path, running: true)])
        #expect(UnfinishedUpload.report(unfinished)
            == "helpline: not sent, Helpline quit first: slow.png (still uploading). /attach it again in the next chat.")
        #expect(UnfinishedUpload.report([]) == nil)
        await session.shutdown()
    }

    @Test func rejectedAttachmentIsShownAsRejectedAndCannotBeDownloaded() async throws {
        let (server, session, recorder, _) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("invoice.png")
        try binary(count: 2048).write(to: source)
        await server.setRejectAttachments(true)
        let localId = try #require(await session.attach(path: source.path))
        let rejected = await recorder.wait {
            await $0.currentItems.contains { $0.localId == localId && $0.attachment?.isRejected == true }
        }
        #expect(rejected, "the server's scan verdict reaches the item")
        let item = try #require(await recorder.currentItems.first { $0.localId == localId })
        #expect(item.text.contains("rejected"))
        let attachmentId = try #require(item.attachment?.id)
        #expect(await session.download(attachmentId: attachmentId, into: dir.path) == nil)
        let refused = await recorder.wait {
            await notices($0).contains { $0.contains("invoice.png was rejected") && $0.contains("cannot be downloaded") }
        }
        #expect(refused, "the download is refused with a clear line")
        await session.shutdown()
    }

    @Test func viewResourceIsFetchedWithDescribeViewAndShownReadably() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected()
        defer { Task { await server.stop() } }
        let token = "eyJ2aWV3SWQiOiJzaW11bGF0ZWQiLCJub25jZSI6IjQ4MjkxIn0.c2ltdWxhdGVkLXNpZ25hdHVyZQ"
        let content = #"{"templateType":"ViewResource","version":"1.0","data":{"content":{"viewId":"demo","viewToken":""#
            + token + #"","viewData":{"Heading":"Update your address","Street":"1 Quay Street"}}}}"#
        let id = try #require(await server.injectMessage(
            contactId: contactId, text: content, role: .customBot,
            contentType: "application/vnd.amazonaws.connect.message.interactive"))
        let shown = await recorder.wait {
            await $0.currentItems.contains { $0.id == id && $0.text.contains("**Address update**") }
        }
        let texts = await recorder.currentItems.map(\.text)
        #expect(shown, "DescribeView's view replaces the raw JSON: \(texts)")
        let view = try #require(await recorder.currentItems.first { $0.id == id })
        #expect(view.text.contains("_Update your address_") && view.text.contains("- Street: 1 Quay Street"))
        #expect(view.displayText.contains("1. Submit\n2. Cancel") && view.choices == ["Submit", "Cancel"])
        #expect(!view.text.contains("templateType") && view.contentType == "text/markdown")

        let unknown = #"{"templateType":"ViewResource","version":"1.0","data":{"content":{"viewId":"x","viewToken":"nope","viewData":{}}}}"#
        let missing = try #require(await server.injectMessage(
            contactId: contactId, text: unknown, role: .customBot,
            contentType: "application/vnd.amazonaws.connect.message.interactive"))
        let explained = await recorder.wait {
            await $0.currentItems.contains { $0.id == missing && $0.text.contains("could not be loaded") }
        }
        #expect(explained, "an unknown view says so instead of showing JSON")

        await session.send("address")
        let fromFlow = await recorder.wait {
            await $0.currentItems.contains { $0.text.contains("**Address update**") && $0.text.contains("- Street: —") }
        }
        #expect(fromFlow, "the demo's 'address' keyword shows the same view, its empty field as a dash")
        await session.shutdown()
    }
}
