import Foundation
import Testing

@testable import DemoServer

@Suite struct TranscriptPagingTests {
    /// A chat with the customer's join, the agent's join and 25 agent messages (27 items).
    private func seeded(_ server: DemoContactCenter, _ client: DemoClient) async throws -> (TestChat, [String]) {
        let chat = try await client.startChat()
        for index in 1...25 {
            _ = await server.injectMessage(contactId: chat.contactId, text: "m\(index)")
        }
        let all = await server.transcript(contactId: chat.contactId).map(\.id)
        #expect(all.count == 27)
        return (chat, all)
    }

    private func ids(_ reply: HTTPReply) -> [String] {
        ((reply.json["Transcript"] as? [[String: Any]]) ?? []).compactMap { $0["Id"] as? String }
    }

    @Test func backwardPagesFromTheMostRecent() async throws {
        try await withDemoServer { server, client in
            let (chat, all) = try await seeded(server, client)
            var args: [String: Any] = ["MaxResults": 10, "ScanDirection": "BACKWARD", "SortOrder": "ASCENDING",
                                       "StartPosition": [String: Any]()]
            let first = try await client.transcript(chat, args)
            #expect(ids(first) == Array(all[17...]))
            let token = try #require(first.json["NextToken"] as? String)
            #expect(!token.isEmpty)
            args["NextToken"] = token
            let second = try await client.transcript(chat, args)
            #expect(ids(second) == Array(all[7..<17]))
            args["NextToken"] = try #require(second.json["NextToken"] as? String)
            let third = try await client.transcript(chat, args)
            #expect(ids(third) == Array(all[0..<7]))
            #expect((third.json["NextToken"] as? String ?? "").isEmpty)
        }
    }

    @Test func defaultsAreBackwardDescendingTen() async throws {
        try await withDemoServer { server, client in
            let (chat, all) = try await seeded(server, client)
            let page = try await client.transcript(chat, [:])
            #expect(ids(page) == Array(all[17...].reversed()))
        }
    }

    @Test func forwardFromAnIdReturnsItemsAfterIt() async throws {
        try await withDemoServer { server, client in
            let (chat, all) = try await seeded(server, client)
            let page = try await client.transcript(
                chat, ["MaxResults": 30, "ScanDirection": "FORWARD", "SortOrder": "ASCENDING",
                       "StartPosition": ["Id": all[20]]])
            #expect(ids(page) == Array(all[21...]))
            #expect((page.json["NextToken"] as? String ?? "").isEmpty)
            let paged = try await client.transcript(
                chat, ["MaxResults": 4, "ScanDirection": "FORWARD", "SortOrder": "ASCENDING",
                       "StartPosition": ["Id": all[20]]])
            #expect(ids(paged) == Array(all[21..<25]))
            let next = try #require(paged.json["NextToken"] as? String)
            let rest = try await client.transcript(
                chat, ["MaxResults": 4, "SortOrder": "ASCENDING", "NextToken": next])
            #expect(ids(rest) == Array(all[25...]))
            let forwardFromStart = try await client.transcript(chat, ["MaxResults": 3, "ScanDirection": "FORWARD",
                                                                      "SortOrder": "ASCENDING"])
            #expect(ids(forwardFromStart) == Array(all[0..<3]))
        }
    }

    @Test func absoluteTimeAndMostRecentPositions() async throws {
        try await withDemoServer { server, client in
            let (chat, all) = try await seeded(server, client)
            let record = await server.transcript(contactId: chat.contactId)
            let times = record.map(\.absoluteTime)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
            let fromTime = try await client.transcript(
                chat, ["MaxResults": 100, "SortOrder": "ASCENDING", "StartPosition": ["AbsoluteTime": times[24]]])
            #expect(ids(fromTime) == Array(all[24...]))
            let recent = try await client.transcript(
                chat, ["MaxResults": 100, "ScanDirection": "FORWARD", "SortOrder": "ASCENDING",
                       "StartPosition": ["MostRecent": 2]])
            #expect(ids(recent) == Array(all[25...]))
            let unknown = try await client.transcript(
                chat, ["ScanDirection": "FORWARD", "StartPosition": ["Id": "not-an-id"]])
            #expect(unknown.status == 200)
            #expect(ids(unknown).isEmpty)
            let badToken = try await client.transcript(chat, ["NextToken": "garbage"])
            #expect(badToken.status == 400)
        }
    }
}
