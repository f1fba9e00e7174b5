import Foundation
import Testing

@testable import HelplineScript

/// Numbers from outside the load tools — summary files and duration options — are range-checked
/// where they are read, so none traps when converted or added up.
@Suite("Load figures: extreme numbers from files and flags")
struct HostileNumberTests {
    /// A one-chat summary as JSON, with `passed` chats passed.
    static func summary(passed: String, second: String = "0") throws -> Data {
        var summary = LoadSummary()
        summary.scripts = ["greeting"]
        summary.shards = ["1/2"]
        summary.counts.planned = 1
        summary.timeline = [LoadSummary.Second(second: 0)]
        let text = String(decoding: try summary.json(), as: UTF8.self)
            .replacingOccurrences(of: #""passed":0"#, with: #""passed":\#(passed)"#)
            .replacingOccurrences(of: #""second":0"#, with: #""second":\#(second)"#)
        return Data(text.utf8)
    }

    @Test("summaries whose counts would add past Int64 are refused when read, naming the field")
    func countsPastInt64() throws {
        #expect(throws: Never.self) { try LoadSummary.read(try Self.summary(passed: "5")) }
        #expect {
            try LoadSummary.read(try Self.summary(passed: "9223372036854775807"))
        } throws: { String(describing: $0).contains("counts.passed") }
        #expect(throws: (any Error).self) { try LoadSummary.read(try Self.summary(passed: "-3")) }
    }

    @Test("a timeline second far in the future is refused (the merged timeline would be that long)")
    func farSecond() throws {
        #expect {
            try LoadSummary.read(try Self.summary(passed: "0", second: "9223372036854775807"))
        } throws: { String(describing: $0).contains("timeline.second") }
    }

    @Test("a histogram with an impossible bucket or counts past the range is refused when decoded")
    func histogramBuckets() throws {
        let fine = #"{"count":2,"sum_micros":10,"min_micros":5,"max_micros":5,"buckets":[[5,2]]}"#
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: Never.self) { try decoder.decode(LatencyHistogram.self, from: Data(fine.utf8)) }
        for bad in [
            #"{"count":1,"sum_micros":1,"min_micros":1,"max_micros":1,"buckets":[[9223372036854775807,1]]}"#,
            #"{"count":2,"sum_micros":1,"min_micros":1,"max_micros":1,"buckets":[[1,9223372036854775807],[1,9223372036854775807]]}"#,
            #"{"count":1,"sum_micros":9223372036854775807,"min_micros":1,"max_micros":1,"buckets":[[1,1]]}"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode(LatencyHistogram.self, from: Data(bad.utf8)) }
        }
    }

    @Test("a duration option too long for Int64 microseconds is one clear error", arguments: ["1e300", "1e300s", "99999999999999999999h", "inf"])
    func hugeDurationOption(text: String) {
        #expect(throws: LoadOptionError.self) { try LoadOptionParsing.duration(text) }
    }

    @Test("a ramp or a threshold with a huge duration is refused, not trapped")
    func hugeRampAndThreshold() throws {
        #expect(throws: LoadOptionError.self) { try LoadOptionParsing.ramp("0:10/s,1e300s:100/s") }
        #expect(throws: (any Error).self) { try LoadThreshold(parsing: "reply.p95<1e300s") }
        #expect(try LoadOptionParsing.duration("250us") == .microseconds(250), "microseconds still count")
    }
}
