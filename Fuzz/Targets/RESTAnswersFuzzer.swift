import Foundation
import SessionCore
@testable import AmazonConnect
@testable import PolyAI

// REST answers from outside: every Participant Service answer `ConnectWire` reads (start-chat
// template, CreateParticipantConnection, SendMessage, SendEvent, GetTranscript, the three attachment
// steps, GetAttachment, DescribeView) and PolyAI's access-token and session calls.
// Input: operation byte, status byte, header byte, then the body (NUL separates the upload's answers).

let statuses = [200, 200, 200, 200, 204, 400, 401, 403, 404, 409, 429, 500, 503, 302]

/// The status an input byte picks (mostly 200, so bodies get read).
func status(_ byte: UInt8) -> Int {
    byte < 0xF0 ? statuses[Int(byte) % statuses.count] : Int(byte) - 0xF0 + 100 * Int(byte % 6)
}

/// Headers an input byte picks; the text of one header comes from the body's first line when asked.
func headers(_ byte: UInt8, _ extra: String) -> [String: String] {
    var headers: [String: String] = [:]
    if byte & 1 != 0 { headers["content-type"] = "application/json" }
    if byte & 2 != 0 { headers["x-amzn-errortype"] = extra }
    if byte & 4 != 0 { headers["retry-after"] = extra }
    return headers
}

/// A Connect wire with a live connection (a participant token and a connection token).
func connectedWire() -> ConnectWire {
    var wire = ConnectWire(
        start: .template(url: "https://start.example/chat", displayName: "Maria", instanceId: nil, contactFlowId: nil),
        endpoint: "https://participant.example", ids: IDSource(seed: 5))
    wire.started = StartedChat(participantToken: "participant", participantId: "p1", contactId: "c1", markdownAllowed: true)
    wire.connectionToken = "connection"
    return wire
}

func checkConnect(_ output: WireOutput, _ operation: WireOperation) {
    switch (operation, output) {
    case (_, .failed), (.upload, .upload), (.upload, .request):
        break
    case (.start, .done(.started)), (.connect, .done(.socket)), (.send, .done(.accepted)), (.typing, .done(.none)),
        (.end, .done(.none)), (.fetch, .done(.page)), (.upload, .done(.uploaded)), (.downloadURL, .done(.downloadURL)),
        (.describeView, .done(.view)), (.authenticationURL, .done(.authenticationURL)), (.cancelAuthentication, .done(.none)):
        break
    default:
        require(false, "unexpected answer \(output) to \(operation)")
    }
    if case .done(.page(let page)) = output {
        require(page.nextPageToken.map { !$0.isEmpty } ?? true, "an empty NextToken was kept")
    }
    if case .done(.socket(let endpoint)) = output { require(!endpoint.url.isEmpty, "an empty socket URL") }
    // A port past 65535 traps in the HTTP and socket libraries: no URL taken from an answer has one.
    switch output {
    case .done(.socket(let endpoint)): require(OutsideNumbers.invalidPort(in: endpoint.url) == nil, "socket URL \(endpoint.url)")
    case .done(.downloadURL(let url)): require(OutsideNumbers.invalidPort(in: url) == nil, "download URL \(url)")
    case .upload(let upload): require(OutsideNumbers.invalidPort(in: upload.url) == nil, "upload URL \(upload.url)")
    case .done(.authenticationURL(let url)):
        // A sign-in link is shown on a line of its own and handed to a browser: http(s), no control characters.
        require(OutsideNumbers.invalidPort(in: url) == nil, "sign-in URL \(url)")
        require(url.hasPrefix("http") && !url.unicodeScalars.contains { $0.value < 0x20 || $0 == " " }, "sign-in URL \(url)")
    default: break
    }
}

func fuzzConnect(_ selector: UInt8, _ response: HTTPResponse, _ bodies: [Data]) {
    var wire = connectedWire()
    let file = AttachmentFile(path: "/tmp/a.png", name: "a.png", contentType: "image/png", size: 10)
    let operations: [WireOperation] = [
        .start, .connect, .send(OutgoingMessage(localId: "l", clientToken: "t", text: "hi", contentType: "text/plain")),
        .typing, .end, .fetch(.after(itemId: "x", pageToken: nil)), .fetch(.recent(limit: 15)),
        .upload(file, localId: "u1"), .downloadURL(attachmentId: "a1"), .describeView(itemId: "v1"),
        .authenticationURL(sessionId: "0b5e1d6c-2f7a-4c93-8e41-a6d2c9f0b377"),
        .cancelAuthentication(sessionId: "0b5e1d6c-2f7a-4c93-8e41-a6d2c9f0b377"),
    ]
    let operation = operations[Int(selector) % operations.count]
    if case .start = operation { wire.started = nil }
    if case .describeView = operation { wire.views.pending["v1"] = PendingView(token: "view-token", data: ["a": "b"]) }
    if case .upload = operation { _ = wire.begin(operation, now: fuzzNow) }
    var result = HTTPResult.response(response)
    if selector >= 0x80 {
        let kinds: [TransportFailure.Kind] = [.refused, .reset, .timedOut, .tls, .dns, .unreachable, .closed, .other]
        let kind = kinds[Int(selector) % kinds.count]
        result = .failure(TransportFailure(kind, String(decoding: response.body.prefix(64), as: UTF8.self)))
    }
    var output = wire.resume(operation, with: result, now: fuzzNow)
    checkConnect(output, operation)
    // The upload goes on: the PUT's answer, then CompleteAttachmentUpload's.
    for body in bodies.dropFirst() {
        guard case .upload = operation, case .upload = output else { break }
        output = wire.resume(operation, with: .response(HTTPResponse(status: response.status, body: body)), now: fuzzNow)
        checkConnect(output, operation)
        if case .request = output {
            output = wire.resume(operation, with: .response(HTTPResponse(status: 200, body: body)), now: fuzzNow)
            checkConnect(output, operation)
        }
    }
}

func fuzzPolyAI(_ selector: UInt8, _ response: HTTPResponse) {
    var wire = PolyAIWire(options: PolyAIOptions(apiKey: "key"), ids: IDSource(seed: 9))
    guard case .request = wire.begin(.start, now: fuzzNow) else { return require(false, "no access-token call") }
    if selector & 1 != 0 {
        // Past the access token: the answer read is the session call's.
        let token = "e30.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln"
        let answer = HTTPResponse(status: 200, body: Data(#"{"access_token":"\#(token)"}"#.utf8))
        guard case .request = wire.resume(.start, with: .response(answer), now: fuzzNow) else {
            return require(false, "a good access token was refused")
        }
    }
    let output = wire.resume(.start, with: .response(response), now: fuzzNow)
    switch output {
    case .retry(let delay):
        require(delay >= .zero && delay <= .seconds(30), "a retry after \(delay)")
    case .request, .failed, .done(.started):
        break
    default:
        require(false, "unexpected answer \(output) to the PolyAI start")
    }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRESTAnswer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let selector = input.byte()
    let code = status(input.byte())
    let headerBits = input.byte()
    let bodies = input.rest().pieces(separator: 0, limit: 3).map { Data($0) }
    let firstLine = String(decoding: (bodies.first ?? Data()).prefix(40), as: UTF8.self)
    let response = HTTPResponse(status: code, headers: headers(headerBits, firstLine), body: bodies.first ?? Data())
    if headerBits & 0x80 != 0 {
        fuzzPolyAI(selector, response)
    } else {
        fuzzConnect(selector, response, bodies)
    }
    return 0
}
