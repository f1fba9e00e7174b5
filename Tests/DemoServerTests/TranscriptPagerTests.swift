import Foundation
import Testing

@testable import DemoServer

@Suite struct TranscriptPagerTests {
    private let pager = TranscriptPager(contactId: "contact-1")

    private func items(_ count: Int) -> [StoredItem] {
        (0..<count).map {
            StoredItem(id: "i\($0)", type: "MESSAGE", contentType: "text/plain", millis: 1_000 + Int64($0) * 10)
        }
    }

    private func request(_ json: String) throws -> GetTranscriptRequest {
        try JSONDecoder().decode(GetTranscriptRequest.self, from: Data(json.utf8))
    }

    @Test func emptyTranscriptHasNoPages() throws {
        let page = try pager.page(items: [], request: request("{}"))
        #expect(page.range.isEmpty)
        #expect(page.nextToken == nil)
    }

    @Test func backwardFromAnIdExcludesIt() throws {
        let page = try pager.page(items: items(10), request: request(
            #"{"ScanDirection":"BACKWARD","MaxResults":3,"StartPosition":{"Id":"i5"}}"#))
        #expect(page.range == 2..<5)
        #expect(page.descending)
        let token = try #require(page.nextToken)
        let next = try pager.page(items: items(10), request: request(#"{"MaxResults":3,"NextToken":"\#(token)"}"#))
        #expect(next.range == 0..<2)
        #expect(next.nextToken == nil)
    }

    @Test func maxResultsZeroMeansTheDefault() throws {
        #expect(try pager.page(items: items(30), request: request(#"{"MaxResults":0}"#)).range == 20..<30)
    }

    @Test func tokensAreBoundToTheContact() throws {
        let page = try pager.page(items: items(30), request: request(#"{"MaxResults":5}"#))
        let token = try #require(page.nextToken)
        let other = TranscriptPager(contactId: "contact-2")
        #expect(throws: ParticipantServiceError.self) {
            try other.page(items: items(30), request: request(#"{"NextToken":"\#(token)"}"#))
        }
    }

    @Test func absoluteTimeBackwardIncludesThatTime() throws {
        let page = try pager.page(items: items(10), request: request(
            #"{"ScanDirection":"BACKWARD","MaxResults":100,"StartPosition":{"AbsoluteTime":"1970-01-01T00:00:01.030Z"}}"#))
        #expect(page.range == 0..<4)
        #expect(throws: ParticipantServiceError.self) {
            try pager.page(items: items(3), request: request(#"{"StartPosition":{"AbsoluteTime":"yesterday"}}"#))
        }
    }

    @Test func timestampsAlwaysHaveMillisecondsAndZ() {
        #expect(ConnectTime.string(millis: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ConnectTime.string(millis: 1_749_737_032_640) == "2025-06-12T14:03:52.640Z")
        #expect(ConnectTime.parseMillis("2025-06-12T14:03:52.640Z") == 1_749_737_032_640)
        #expect(ConnectTime.parseMillis("2025-06-12T14:03:52Z") == 1_749_737_032_000)
        // Written digit by digit, as `%04d-%02d-…` writes them: before 1970, after 9999, every millisecond.
        #expect(ConnectTime.string(millis: -1) == "1969-12-31T23:59:59.999Z")
        #expect(ConnectTime.string(millis: 253_402_300_800_007) == "10000-01-01T00:00:00.007Z")
        #expect(ConnectTime.string(millis: -62_135_596_800_000) == "0001-01-01T00:00:00.000Z")
        for millis in stride(from: Int64(-5_000_000_000_000), to: 5_000_000_000_000, by: 97_531_246_801) {
            #expect(ConnectTime.parseMillis(ConnectTime.string(millis: millis)) == millis, "\(millis)")
        }
        var contact = ContactRecord(contactId: "c", initialContactId: "c", customerId: "p", supportedContentTypes: [])
        let first = contact.nextMillis(now: 500)
        let second = contact.nextMillis(now: 400)
        #expect(second == first + 1)
    }
}
