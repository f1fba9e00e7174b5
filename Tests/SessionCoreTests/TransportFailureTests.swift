import SessionCore
import Testing

/// Whether a failed send may have reached the server is decided on the failure's kind, never its
/// words: a timeout naming a host with "refused" in it may have been delivered (it was read as a
/// refusal), and a failure before anything was sent (refused, DNS, TLS, no route) was not.
@Suite("A failed call's kind decides whether it may have arrived")
struct TransportFailureTests {
    @Test("surely not sent: refused, DNS, TLS, no route")
    func notSent() {
        for kind: TransportFailure.Kind in [.refused, .dns, .tls, .unreachable] {
            #expect(!BackendError.network(TransportFailure(kind, "failed (chat.example.com:443)")).mayHaveReachedServer, "\(kind)")
        }
    }

    @Test("may have arrived: a timeout, a reset, a close before the answer, whatever its words")
    func mayHaveArrived() {
        #expect(BackendError.network(TransportFailure(.timedOut, "timed out (refused.example.com:443)")).mayHaveReachedServer)
        #expect(BackendError.network(TransportFailure(.reset, "the connection was reset")).mayHaveReachedServer)
        #expect(BackendError.network(TransportFailure(.closed, "the connection was closed before an answer came")).mayHaveReachedServer)
    }

    @Test("rephrasing keeps the kind")
    func rephrasedKeepsKind() {
        let failure = TransportFailure(.dns, "DNS failure").rephrased { "could not reach Amazon Connect: \($0)" }
        #expect(failure.kind == .dns && failure.detail == "could not reach Amazon Connect: DNS failure")
    }
}
