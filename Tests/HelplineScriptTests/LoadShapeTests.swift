import Foundation
import Testing

@testable import HelplineScript

@Suite("Load shapes: rates, ramps, durations, shards")
struct LoadShapeTests {
    @Test("a constant rate starts exactly rate × duration chats, evenly spaced")
    func constantRate() throws {
        let schedule = ArrivalSchedule(perSecond: try LoadOptionParsing.rate("20/s"), duration: .seconds(2))
        #expect(schedule.totalArrivals == 40)
        #expect(schedule.arrival(0) == .zero)
        #expect(schedule.arrival(1) == .milliseconds(50))
        #expect(schedule.arrival(39) == .milliseconds(1950))
        #expect(schedule.arrival(40) == nil)
        #expect(abs(schedule.expectedArrivals - 40) < 1e-9)
        #expect(try LoadOptionParsing.rate("600/m") == 10)
        #expect(try LoadOptionParsing.rate("7200/h") == 2)
        #expect(try LoadOptionParsing.rate("2.5") == 2.5)
    }

    @Test("a linear ramp starts its chats ever closer together, as many as the area under it")
    func ramp() throws {
        let points = try LoadOptionParsing.ramp("0:0/s,10s:20/s")
        let schedule = ArrivalSchedule(ramp: points)
        #expect(schedule.duration == .seconds(10))
        // The area under 0 → 20/s over 10 s is 100 chats; arrival i comes at sqrt(i) seconds.
        #expect(schedule.totalArrivals == 100)
        let times = (0..<100).compactMap { schedule.arrival($0) }
        #expect(times.count == 100 && times == times.sorted())
        let gaps = zip(times.dropFirst(), times).map { ArrivalSchedule.seconds($0 - $1) }
        #expect(gaps.first.map { $0 > 0.9 } == true && gaps.last.map { $0 < 0.06 } == true)
        #expect(abs(ArrivalSchedule.seconds(schedule.arrival(25) ?? .zero) - 5) < 0.001)
        #expect(abs(schedule.rate(at: .seconds(5)) - 10) < 1e-9)
    }

    @Test("a ramp that rises then holds: the last rate holds until --duration")
    func rampThenHold() throws {
        let schedule = ArrivalSchedule(ramp: try LoadOptionParsing.ramp("0:10/s,2s:30/s"), duration: .seconds(4))
        // 2 s averaging 20/s, then 2 s at 30/s.
        #expect(schedule.totalArrivals == 100)
        #expect(abs(schedule.expectedArrivals - 100) < 1e-9)
        let falling = ArrivalSchedule(ramp: try LoadOptionParsing.ramp("0:30/s,2s:10/s"))
        #expect(falling.totalArrivals == 40)
    }

    @Test("durations in the forms people write")
    func durations() throws {
        #expect(try LoadOptionParsing.duration("90s") == .seconds(90))
        #expect(try LoadOptionParsing.duration("1m30s") == .seconds(90))
        #expect(try LoadOptionParsing.duration("250ms") == .milliseconds(250))
        #expect(try LoadOptionParsing.duration("2h") == .seconds(7200))
        #expect(try LoadOptionParsing.duration("1.5s") == .milliseconds(1500))
        #expect(try LoadOptionParsing.duration("45") == .seconds(45))
        for bad in ["", "s", "10x", "1m30", "-5s", "abc"] {
            #expect(throws: LoadOptionError.self, "\(bad)") { try LoadOptionParsing.duration(bad) }
        }
    }

    @Test("bad rates, ramps and shards are refused with the reason")
    func badInput() {
        func message(_ body: () throws -> Any) -> String {
            do {
                _ = try body()
                return ""
            } catch {
                return String(describing: error)
            }
        }
        #expect(message { try LoadOptionParsing.rate("ten/s") }.contains("is not a rate"))
        #expect(message { try LoadOptionParsing.rate("10/d") }.contains("unknown unit"))
        #expect(message { try LoadOptionParsing.rate("50000/s") }.contains("more than 10000"))
        #expect(message { try LoadOptionParsing.ramp("5s:10/s,10s:20/s") }.contains("first point must be at 0"))
        #expect(message { try LoadOptionParsing.ramp("0:10/s,10s:20/s,5s:1/s") }.contains("times must increase"))
        #expect(message { try LoadOptionParsing.ramp("0:10/s") }.contains("at least two points"))
        #expect(message { try LoadOptionParsing.ramp("0:0/s,10s:0/s") }.contains("every rate is 0"))
        #expect(message { try LoadOptionParsing.shard("5/4") }.contains("does not exist"))
        #expect(message { try LoadOptionParsing.shard("0/4") }.contains("does not exist"))
        #expect(message { try LoadOptionParsing.shard("two") }.contains("write K/N"))
    }

    @Test("shards partition a run: every chat in exactly one, each with the script mix and a share of the concurrency")
    func shards() throws {
        let scripts = ["a", "b", "c"].map { Script(name: $0, steps: []) }
        let whole = LoadPlan(scripts: scripts, model: .closed(repetitions: 7, concurrency: 10))
        #expect(whole.totalChats == 21 && whole.ownChats == 21 && whole.ownConcurrency == 10)
        let slices = (1...4).map { LoadPlan(scripts: scripts, model: whole.model, shard: Shard(index: $0, count: 4)) }
        #expect(slices.map(\.ownChats).reduce(0, +) == 21)
        #expect(slices.map(\.ownConcurrency) == [3, 3, 2, 2])
        for n in 0..<21 { #expect(slices.filter { $0.shard.owns(n) }.count == 1) }
        let open = LoadPlan(scripts: scripts, model: .open(ArrivalSchedule(perSecond: 10, duration: .seconds(3)), cap: 3), shard: Shard(index: 4, count: 4))
        #expect(open.ownChats == 7 && open.ownConcurrency == 1)
        #expect(Shard(index: 2, count: 8).share(of: 1) == 1)
    }
}
