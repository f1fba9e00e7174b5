import Foundation
import SessionCore
import Testing
import Transport

/// What `--trace` never writes: credentials in headers, URLs and JSON bodies, and any value once learned as a secret.
@Suite("Trace redaction")
struct TraceRedactorTests {
    @Test("redaction of headers, URLs, JSON fields and learned secrets")
    func redactor() {
        let headers = TraceRedactor.headers([("Authorization", "AWS4-HMAC-SHA256 Credential=X"), ("Accept", "*/*")])
        #expect(headers == [["Authorization", "[redacted]"], ["Accept", "*/*"]])
        #expect(TraceRedactor.url("wss://h/x?X-Amz-Security-Token=abcdef123&a=1") == "wss://h/x?X-Amz-Security-Token=REDACTED&a=1")
        let body = TraceRedactor.body(Data(#"{"ParticipantToken":"tok-abcdef-1","nested":{"content":"{\"secretValue\":\"s3cr3t-xyz\"}"}}"#.utf8))
        let text = body.text
        #expect(!text.contains("tok-abcdef-1") && !text.contains("s3cr3t-xyz"))
        // Once seen as a secret, the value is masked anywhere, e.g. in a log line.
        #expect(TraceRedactor.scrub("retrying with tok-abcdef-1 now") == "retrying with [redacted] now")
    }
}
