import Foundation
import SessionCore
import Testing

/// An attachment store's XML error answer, read once for both the upload and the Connect answers.
@Suite("Storage error answers")
struct StorageErrorTests {
    @Test("code and message are read from the XML; 429 and 5xx may be retried, the rest is refused")
    func xmlErrorsAreRead() {
        let body = Data("<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code><Message>Signature mismatch</Message></Error>".utf8)
        #expect(BackendError.storage(status: 403, body: body) == .rejected(status: 403, type: "AccessDenied", message: "Signature mismatch"))
        #expect(BackendError.storage(status: 503, body: body) == .unavailable(status: 503, type: "AccessDenied", message: "Signature mismatch"))
        #expect(BackendError.storage(status: 429, body: Data()) == .unavailable(
            status: 429, type: "HTTP429", message: "the storage service refused the request"))
        #expect(BackendError.storage(status: 400, body: Data("<Code>Open".utf8)) == .rejected(
            status: 400, type: "HTTP400", message: "the storage service refused the request"), "an unclosed element is not read")
    }
}
