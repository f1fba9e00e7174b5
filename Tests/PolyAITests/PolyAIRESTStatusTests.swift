import Foundation
import SessionCore
import Testing

@testable import PolyAI

/// Which answers of the token call mean a refused key: only 401 and 403. A 404 names the URL.
@Suite("PolyAI REST status classification")
struct PolyAIRESTStatusTests {
    private static let url = "http://127.0.0.1:9/wrong/api/v1/access-token"

    private static func error(_ status: Int, isTokenCall: Bool = true) -> PolyAIError? {
        let body = Data(#"{"message":"Not Found"}"#.utf8)
        guard case .failed(let error) = PolyAIREST.read(
            .response(HTTPResponse(status: status, body: body)), url: url, isTokenCall: isTokenCall)
        else { return nil }
        return error
    }

    @Test("a 404 on the token call names the URL and is not called a refused key")
    func notFoundNamesTheURL() throws {
        let error = try #require(Self.error(404))
        #expect(!error.description.contains("refused the API key"), "\(error)")
        #expect(error.description.contains(Self.url), "\(error)")
        #expect(error.description.contains("404"), "\(error)")
    }

    @Test("a 429's Retry-After is taken within 0…30 s (found by fuzzing: a negative one was a negative pause)",
          arguments: [("-9223", 0), ("7", 7), ("86400", 30), ("soon", 5)])
    func retryAfterIsBounded(header: String, seconds: Int) {
        let answer = HTTPResponse(status: 429, headers: ["retry-after": header])
        guard case .retry(let delay, _) = PolyAIREST.read(.response(answer), url: Self.url, isTokenCall: true) else {
            Issue.record("a 429 was not retried")
            return
        }
        #expect(delay == .seconds(seconds))
    }

    @Test("401 and 403 on the token call mean the key was refused", arguments: [401, 403])
    func refusedKey(status: Int) throws {
        let error = try #require(Self.error(status))
        #expect(error.description.contains("refused the API key"), "\(error)")
    }
}
