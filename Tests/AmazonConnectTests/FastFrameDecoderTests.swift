import SessionCore
import Foundation
import Testing

@testable import AmazonConnect

/// The fast `aws/chat` scanner reads every frame exactly as the `JSONDecoder` path does.
@Suite struct FastFrameDecoderTests {
    /// The outcome of a decode, comparable across both paths (errors compare as "threw").
    enum Outcome: Equatable {
        case events([BackendEvent])
        case threw
    }

    static func outcome(_ body: () throws -> [BackendEvent]) -> Outcome {
        do { return .events(try body()) } catch { return .threw }
    }

    @Test func everyConnectFixtureDecodesTheSameBothWays() throws {
        var fastCount = 0
        for fixture in try SpecFixtures.connectFixtures() where !fixture.name.hasPrefix("rest-") {
            let frame = String(decoding: fixture.data, as: UTF8.self)
            let fast = Self.outcome { try ConnectFrameDecoder.decode(frame) }
            let slow = Self.outcome { try ConnectFrameDecoder.decodeWithJSONDecoder(frame) }
            #expect(fast == slow, "fixture \(fixture.name)")
            if ConnectFastFrameDecoder.item(frame) != nil { fastCount += 1 }
        }
        // Messages, typing and participant events take the fast path; receipts and attachments do not.
        #expect(fastCount >= 20)
    }

    @Test func generatedFramesDecodeTheSameBothWays() {
        var random = XorShiftRandom(seed: 0x5EED_F00D)
        var fastCount = 0
        let total = 4_000
        for _ in 0..<total {
            let frame = FrameGenerator.frame(using: &random)
            let fast = Self.outcome { try ConnectFrameDecoder.decode(frame) }
            let slow = Self.outcome { try ConnectFrameDecoder.decodeWithJSONDecoder(frame) }
            #expect(fast == slow, "frame \(frame)")
            if fast != slow { return }
            if ConnectFastFrameDecoder.item(frame) != nil { fastCount += 1 }
        }
        // Most generated frames are plain enough for the fast path, so the comparison means something.
        #expect(fastCount > total / 2)
    }

    /// A streamed reply's chunks (`MessageMetadata` with `MessageCompleted` and `ChunkNumber`) take
    /// the fast path, and read as the slow path reads them: a partial chunk, and the whole message.
    @Test func streamedChunksTakeTheFastPath() throws {
        func frame(_ metadata: String) -> String {
            let item = #"{\"AbsoluteTime\":\"2025-06-12T14:03:52.640Z\",\"Id\":\"c2\",\"Type\":\"MESSAGE\","#
                + #"\"ContentType\":\"text/markdown\",\"Content\":\"Your order\",\"ParticipantRole\":\"CUSTOM_BOT\","#
                + #"\"MessageMetadata\":\#(metadata)}"#
            return #"{"topic":"aws/chat","contentType":"application/json","content":"\#(item)"}"#
        }
        let partial = frame(#"{\"MessageId\":\"m1\",\"MessageCompleted\":false,\"ChunkNumber\":2}"#)
        let whole = frame(#"{\"MessageId\":\"m1\",\"MessageCompleted\":true}"#)
        for text in [partial, whole] {
            let item = try #require(ConnectFastFrameDecoder.item(text))
            #expect(item.messageMetadata?.messageId == "m1")
            let fast = Self.outcome { try ConnectFrameDecoder.decode(text) }
            let slow = Self.outcome { try ConnectFrameDecoder.decodeWithJSONDecoder(text) }
            #expect(fast == slow)
        }
        #expect(ConnectFastFrameDecoder.item(partial)?.messageMetadata?.chunkNumber == 2)
        #expect(ConnectFastFrameDecoder.item(partial)?.messageMetadata?.messageCompleted == false)
        // A number JSONDecoder might read otherwise is left to it.
        #expect(ConnectFastFrameDecoder.item(frame(#"{\"MessageId\":\"m1\",\"ChunkNumber\":2.0}"#)) == nil)
        #expect(ConnectFastFrameDecoder.item(frame(#"{\"MessageId\":\"m1\",\"Receipts\":[]}"#)) == nil)
    }

    @Test func brokenFramesFallBackAndFailTheSameWay() {
        let item = #"{\"AbsoluteTime\":\"2025-06-12T14:03:52.640Z\",\"Id\":\"a\",\"Type\":\"MESSAGE\",\"Content\":\"hi\"}"#
        let frames = [
            #"{"topic":"aws/chat","content":"\#(item)"} x"#,
            #"{"topic":"aws/chat","content":"\#(item)",}"#,
            #"{"topic":"aws/chat","topic":"aws/chat","content":"\#(item)"}"#,
            #"{"topic":"aws/chat","content":"{\"Id\":\"a\",\"Type\":\"MESSAGE\"}"}"#,
            #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"x\",\"Id\":\"a\",\"Id\":\"b\",\"Type\":\"MESSAGE\"}"}"#,
            #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"x\",\"Id\":\"\\ud83d\",\"Type\":\"MESSAGE\"}"}"#,
            #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"x\",\"Id\":null,\"Type\":\"MESSAGE\"}"}"#,
            #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"x\",\"Id\":\"a\",\"Type\":\"MESSAGE\",\"X\":01}"}"#,
            #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"x\",\"Id\":\"a\",\"Type\":\"MESSAGE\",\"X\":[1,]}"}"#,
            #"{"topic":"aws/chat","content":"\#(item)","statusCode":200}"#,
            #"{"topic":"aws/chat","content":{"status":"success"}}"#,
            #"{"topic":"aws/chat"}"#,
            "{\"topic\":\"aws/chat\",\"content\":\"{\\\"AbsoluteTime\\\":\\\"x\\\",\\\"Id\\\":\\\"a\tb\\\",\\\"Type\\\":\\\"M\\\"}\"}",
        ]
        for frame in frames {
            let fast = Self.outcome { try ConnectFrameDecoder.decode(frame) }
            let slow = Self.outcome { try ConnectFrameDecoder.decodeWithJSONDecoder(frame) }
            #expect(fast == slow, "frame \(frame)")
        }
    }

    /// Found by fuzzing: the fast path only checked the syntax of envelope strings it skips, so a lone
    /// surrogate escape there (which JSONDecoder refuses) let it read a frame the slow path rejects.
    @Test func loneSurrogatesAnywhereAreRefusedByBothPaths() {
        let item = #"{\"AbsoluteTime\":\"2025-06-12T14:03:52.640Z\",\"Id\":\"a\",\"Type\":\"MESSAGE\",\"Content\":\"hi\"}"#
        let frames = [
            #"{"content":"\#(item)","contentType":"application/j\ud83dson","topic":"aws/chat"}"#,
            #"{"content":"\#(item)","contentType":"\udc00","topic":"aws/chat"}"#,
            #"{"x":["\ud800"],"topic":"aws/chat","content":"\#(item)"}"#,
            #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"x\",\"Id\":\"a\",\"Type\":\"M\",\"X\":\"\\ud83d\\u0041\"}"}"#,
        ]
        for frame in frames {
            #expect(ConnectFastFrameDecoder.item(frame) == nil, "frame \(frame)")
            let fast = Self.outcome { try ConnectFrameDecoder.decode(frame) }
            let slow = Self.outcome { try ConnectFrameDecoder.decodeWithJSONDecoder(frame) }
            #expect(fast == slow, "frame \(frame)")
        }
        // A proper pair is still read by the fast path.
        let pair = #"{"topic":"aws/chat","contentType":"\ud83d\ude00","content":"\#(item)"}"#
        #expect(ConnectFastFrameDecoder.item(pair) != nil)
    }

    @Test func fastTimestampsEqualTheFormatStyle() {
        var random = XorShiftRandom(seed: 42)
        for _ in 0..<3_000 {
            let text = FrameGenerator.timestamp(using: &random)
            let style = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text))
            guard let fast = ConnectTimestamp.parse(text) else { continue }
            #expect(fast == style, "\(text)")
        }
        #expect(ConnectTimestamp.parse("2025-02-30T10:00:00Z") == nil)
        #expect(ConnectTimestamp.parse("2025-06-12T14:03:52+02:00") == nil)
        #expect(abs((ConnectTime.parse("2025-06-12T14:03:52.640Z")?.timeIntervalSince1970 ?? 0) - 1_749_737_032.640) < 0.0005)
    }
}

/// A small deterministic generator (xorshift64*) so failures reproduce.
struct XorShiftRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
