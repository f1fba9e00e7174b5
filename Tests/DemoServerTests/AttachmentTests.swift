import Foundation
import Testing

@testable import DemoServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct AttachmentTests {
    private func put(_ url: String, headers: [String: String], body: Data) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "PUT"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    private func upload(_ client: DemoClient, _ chat: TestChat, name: String, bytes: Data) async throws
        -> (id: String, url: String, headers: [String: String])
    {
        let started = try await client.post(
            "/participant/start-attachment-upload",
            ["ContentType": "image/png", "AttachmentSizeInBytes": bytes.count, "AttachmentName": name,
             "ClientToken": UUID().uuidString],
            bearer: chat.connectionToken)
        #expect(started.status == 200, "\(started.text)")
        let id = try #require(started.json["AttachmentId"] as? String)
        let metadata = try #require(started.json["UploadMetadata"] as? [String: Any])
        let headers = try #require(metadata["HeadersToInclude"] as? [String: String])
        #expect(headers["Content-Disposition"] == "attachment; filename=\"\(name)\"")
        #expect(headers["x-amz-meta-contact_id"] == chat.contactId)
        let url = try #require(metadata["Url"] as? String)
        return (id, url, headers)
    }

    @Test func uploadCompleteAndDownload() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])
            let (id, url, headers) = try await upload(client, chat, name: "receipt.png", bytes: bytes)
            var wrong = headers
            wrong["x-amz-acl"] = "private"
            #expect(try await put(url, headers: wrong, body: bytes) == 403)
            let early = try await client.post(
                "/participant/complete-attachment-upload", ["AttachmentIds": [id], "ClientToken": "c-0"],
                bearer: chat.connectionToken)
            #expect(early.status == 400)
            #expect(try await put(url, headers: headers, body: bytes) == 200)
            let complete = try await client.post(
                "/participant/complete-attachment-upload", ["AttachmentIds": [id], "ClientToken": "c-1"],
                bearer: chat.connectionToken)
            #expect(complete.status == 200)
            #expect(complete.text == "{}")
            let frame = await socket.inbox.first { TestSocket.chatItem($0)?["Type"] as? String == "ATTACHMENT" }
            let item = try #require(frame.flatMap(TestSocket.chatItem))
            #expect(item["ContentType"] == nil)
            let attachment = try #require((item["Attachments"] as? [[String: Any]])?.first)
            #expect(attachment["AttachmentId"] as? String == id)
            #expect(attachment["Status"] as? String == "APPROVED")
            #expect(attachment["AttachmentName"] as? String == "receipt.png")

            let link = try await client.post(
                "/participant/attachment", ["AttachmentId": id, "UrlExpiryInSeconds": 60],
                bearer: chat.connectionToken)
            #expect(link.json["AttachmentSizeInBytes"] as? Int == bytes.count)
            let linkURL = try #require(link.json["Url"] as? String)
            let download = try #require(URL(string: linkURL))
            let (data, _) = try await URLSession.shared.data(from: download)
            #expect(data == bytes)
            let record = await server.transcript(contactId: chat.contactId)
            #expect(record.contains { $0.type == "ATTACHMENT" && $0.contentType == "image/png" })
            // The attachment's record (a bot may have said something after it).
            #expect(record.last { $0.type == "ATTACHMENT" }?.attachments == [DemoAttachment(id: id, name: "receipt.png", contentType: "image/png",
                                                                status: "APPROVED")])
            await socket.close()
        }
    }

    @Test func rejectedAndInvalidAttachments() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let bytes = Data("hello".utf8)
            let (id, url, headers) = try await upload(client, chat, name: "virus.png", bytes: bytes)
            #expect(try await put(url, headers: headers, body: bytes) == 200)
            _ = try await client.post(
                "/participant/complete-attachment-upload", ["AttachmentIds": [id], "ClientToken": "c-1"],
                bearer: chat.connectionToken)
            let page = try await client.transcript(chat, ["MaxResults": 100])
            let items = try #require(page.json["Transcript"] as? [[String: Any]])
            let stored = try #require(items.first { $0["Type"] as? String == "ATTACHMENT" })
            #expect((stored["Attachments"] as? [[String: Any]])?.first?["Status"] as? String == "REJECTED")
            let link = try await client.post("/participant/attachment", ["AttachmentId": id],
                                             bearer: chat.connectionToken)
            #expect(link.status == 400)
            let badType = try await client.post(
                "/participant/start-attachment-upload",
                ["ContentType": "application/x-sh", "AttachmentSizeInBytes": 3, "AttachmentName": "a.sh",
                 "ClientToken": "t"],
                bearer: chat.connectionToken)
            #expect(badType.status == 400)
            let tooBig = try await client.post(
                "/participant/start-attachment-upload",
                ["ContentType": "image/png", "AttachmentSizeInBytes": 30_000_000, "AttachmentName": "big.png",
                 "ClientToken": "t2"],
                bearer: chat.connectionToken)
            #expect(tooBig.status == 400)
            let twoIds = try await client.post(
                "/participant/complete-attachment-upload", ["AttachmentIds": [id, id], "ClientToken": "c-2"],
                bearer: chat.connectionToken)
            #expect(twoIds.status == 400)
        }
    }
}
