@testable import DemoServer
import Foundation
import Testing

/// `HubFaults`, the faults in force: what `--faults` turns on is what the hub injects, and a seeded
/// run fails the same calls each time.
@Suite struct HubFaultsTests {
    @Test("rest-fail with a seed fails the same calls in the same way on every run, at about the asked rate")
    func seededRESTFailures() throws {
        let faults = try DemoFaults.parse("rest-fail=0.3,seed=42")
        var first = HubFaults(faults)
        var second = HubFaults(faults)
        let one = (0..<2000).map { _ in first.drawRESTFailure() }
        let two = (0..<2000).map { _ in second.drawRESTFailure() }
        #expect(one == two)
        let failed = one.compactMap { $0 }
        #expect((450...750).contains(failed.count), "about 30 % of 2000: \(failed.count)")
        #expect(Set(failed.map(\.status)) == [429, 500], "both throttling and internal errors")
    }

    @Test("no rest-fail: no call fails; a rate set at run time is clamped to 0…1 and reseeded")
    func rateAtRunTime() throws {
        var faults = HubFaults(try DemoFaults.parse(""))
        #expect((0..<500).allSatisfy { _ in faults.drawRESTFailure() == nil })
        faults.setRESTFailureRate(7, seed: 1)
        #expect(faults.restFailureRate == 1)
        #expect((0..<500).allSatisfy { _ in faults.drawRESTFailure() != nil })
        faults.setRESTFailureRate(-1, seed: 1)
        #expect((0..<500).allSatisfy { _ in faults.drawRESTFailure() == nil })
    }

    @Test("reorder: each frame waits within the window; without it frames go at once")
    func reorderDelays() throws {
        var faults = HubFaults(try DemoFaults.parse("reorder=200ms"))
        let delays = (0..<200).compactMap { _ in faults.reorderDelay() }
        #expect(delays.count == 200 && delays.allSatisfy { $0 >= .zero && $0 <= .milliseconds(200) })
        #expect(Set(delays).count > 1, "the delays differ, so frames overtake each other")
        faults.reorderWindow = nil
        #expect(faults.reorderDelay() == nil)
    }

    @Test("a half-open socket is silent until the fault ends; a healed path lets every held upgrade go")
    func halfOpen() throws {
        var faults = HubFaults(try DemoFaults.parse(""))
        let (quiet, other) = (UUID(), UUID())
        faults.silentSockets = [quiet]
        #expect(!faults.speaks(quiet) && faults.speaks(other))
        faults.pathDown = true
        #expect(faults.healPath().isEmpty && !faults.pathDown)
    }
}
