import Foundation
import Testing

@testable import DemoServer

/// Browser widgets call every route cross-origin: preflights must succeed and answers must carry
/// `Access-Control-Allow-Origin` and expose the headers the AWS SDK reads.
@Suite struct CORSTests {
    /// The request headers the AWS JavaScript SDKs send to the Participant Service.
    static let sdkHeaders =
        "x-amz-bearer,x-amz-date,authorization,x-amz-content-sha256,x-amz-user-agent,amz-sdk-invocation-id,amz-sdk-request,content-type"

    private func preflight(_ port: Int, _ path: String, origin: String, method: String = "POST",
                           headers: String = CORSTests.sdkHeaders) async throws -> RawConnection.Reply
    {
        let connection = try await RawConnection.open(port: port)
        try await connection.send(RawConnection.request("OPTIONS", path, port: port, headers: [
            "Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers,
        ]))
        return try await connection.readResponse()
    }

    private func allowedHeaders(_ reply: RawConnection.Reply) -> Set<String> {
        Set((reply.header("Access-Control-Allow-Headers") ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        })
    }

    @Test func everyBrowserRouteAnswersItsPreflight() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let origin = "https://shop.example"
            for path in ["/participant/connection", "/participant/message", "/participant/transcript"] {
                let reply = try await preflight(port, path, origin: origin)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.header("Access-Control-Allow-Origin") == "*")
                #expect(reply.header("Access-Control-Allow-Methods")?.contains("POST") == true)
                let wanted = Set(Self.sdkHeaders.split(separator: ",").map(String.init))
                #expect(wanted.isSubset(of: allowedHeaders(reply)), "\(path): \(allowedHeaders(reply))")
            }
            let template = try await preflight(port, "/Prod", origin: origin, headers: "content-type")
            #expect(template.status == 200)
            #expect(template.header("Access-Control-Allow-Methods") == "POST,OPTIONS")
            #expect(template.text == "{}")
            let polyAI = try await preflight(port, "/api/v1/access-token", origin: origin,
                                             headers: "content-type,x-token,x-host,x-polyai-correlation-id")
            #expect(polyAI.status == 200)
            #expect(allowedHeaders(polyAI).isSuperset(of: ["content-type", "x-token", "x-host", "x-polyai-correlation-id"]))
            let upload = try await preflight(port, "/demo-s3/upload/abc", origin: origin, method: "PUT",
                                             headers: "content-type,content-disposition,x-amz-acl,x-amz-meta-contact_id")
            #expect(upload.status == 200)
            #expect(upload.header("Access-Control-Allow-Methods")?.contains("PUT") == true)
            #expect(allowedHeaders(upload).contains("x-amz-meta-contact_id"), "S3 allows the signed headers asked for")
        }
    }

    @Test func answersAndErrorsCarryCORSAndExposeTheAWSHeaders() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            let origin = "http://localhost:3000"
            try await connection.send(RawConnection.request(
                "POST", "/participant/message", port: port,
                headers: ["Origin": origin, "X-Amz-Bearer": chat.connectionToken],
                body: #"{"ContentType":"text/plain","Content":"hi"}"#))
            let sent = try await connection.readResponse()
            #expect(sent.status == 200)
            #expect(sent.header("Access-Control-Allow-Origin") == "*")
            let exposed = sent.header("Access-Control-Expose-Headers") ?? ""
            #expect(exposed.contains("x-amzn-RequestId") && exposed.contains("x-amzn-ErrorType"))
            try await connection.send(RawConnection.request(
                "POST", "/participant/message", port: port, headers: ["Origin": origin, "X-Amz-Bearer": "wrong"],
                body: #"{"ContentType":"text/plain","Content":"hi"}"#))
            let denied = try await connection.readResponse()
            #expect(denied.status == 403)
            #expect(denied.header("x-amzn-ErrorType") == "AccessDeniedException")
            #expect(denied.header("Access-Control-Allow-Origin") == "*", "a browser must be able to read errors too")
            #expect(denied.header("x-helpline-contact") == nil, "the log's internal header never leaves the server")
        }
    }

    @Test func attachmentUploadAndDownloadURLsAnswerBrowsers() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let port = try #require(server.baseURL.port)
            let origin = "https://shop.example"
            let started = try await client.post(
                "/participant/start-attachment-upload",
                ["ContentType": "image/png", "AttachmentSizeInBytes": 3, "AttachmentName": "a.png", "ClientToken": "t1"],
                bearer: chat.connectionToken)
            let id = try #require(started.json["AttachmentId"] as? String)
            let metadata = try #require(started.json["UploadMetadata"] as? [String: Any])
            let upload = try #require(URL(string: metadata["Url"] as? String ?? ""))
            var headers = try #require(metadata["HeadersToInclude"] as? [String: String])
            headers["Origin"] = origin
            let put = try await RawConnection.open(port: port)
            var request = "PUT \(upload.path)?\(upload.query ?? "") HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
            try await put.send(request + "\r\npng")
            let stored = try await put.readResponse()
            #expect(stored.status == 200, "\(stored.text)")
            #expect(stored.header("Access-Control-Allow-Origin") == "*")
            #expect(stored.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            _ = try await client.post("/participant/complete-attachment-upload", ["AttachmentIds": [id], "ClientToken": "t2"],
                                      bearer: chat.connectionToken)
            let link = try await client.post("/participant/attachment", ["AttachmentId": id], bearer: chat.connectionToken)
            let download = try #require(URL(string: link.json["Url"] as? String ?? ""))
            let get = try await RawConnection.open(port: port)
            try await get.send(RawConnection.request("GET", download.path + "?" + (download.query ?? ""), port: port,
                                                     headers: ["Origin": origin]))
            let fetched = try await get.readResponse()
            #expect(fetched.status == 200)
            #expect(fetched.text == "png")
            #expect(fetched.header("Access-Control-Allow-Origin") == "*")
        }
    }

    @Test func corsOriginListIsEnforced() async throws {
        let allowed = "http://localhost:3000"
        let config = DemoClient.serverConfig { $0.corsOrigins = [allowed, "https://shop.example"] }
        try await withDemoServer(config) { server, _ in
            let port = try #require(server.baseURL.port)
            let good = try await preflight(port, "/participant/connection", origin: allowed)
            #expect(good.status == 200)
            #expect(good.header("Access-Control-Allow-Origin") == allowed)
            #expect(good.header("Vary") == "Origin")
            let bad = try await preflight(port, "/participant/connection", origin: "https://evil.example")
            #expect(bad.status == 403)
            #expect(bad.header("Access-Control-Allow-Origin") == nil)
            #expect(bad.text.contains("--cors-origin"))

            let connection = try await RawConnection.open(port: port)
            try await connection.send(RawConnection.request(
                "POST", "/Prod", port: port, headers: ["Origin": "https://evil.example"],
                body: #"{"ParticipantDetails":{"DisplayName":"Eve"}}"#))
            let started = try await connection.readResponse()
            #expect(started.status == 200, "the server answers; the browser hides the answer")
            #expect(started.header("Access-Control-Allow-Origin") == nil)
        }
        #expect(DemoServerConfiguration.corsOriginProblem("localhost:3000") != nil)
        #expect(DemoServerConfiguration.corsOriginProblem("https://shop.example/path") != nil)
        #expect(DemoServerConfiguration.corsOriginProblem("https://shop.example:8443") == nil)
    }
}
