@testable import DemoServer
import Foundation
import Testing

/// `helpline serve --faults` durations too long for Int64 milliseconds: one clear error, no trap.
@Suite("Demo faults: extreme durations")
struct HostileFaultSpecTests {
    @Test(
        "a fault duration past a day (1e300s, inf, 1e16h) is refused naming the fault",
        arguments: ["latency=1e300s", "jitter=inf", "drop-every=1e16h", "reorder=86401s"])
    func hugeDurations(spec: String) {
        #expect {
            try DemoFaults.parse(spec)
        } throws: { error in
            let key = String(spec.prefix { $0 != "=" })
            return String(describing: error).hasPrefix(key)
        }
    }

    @Test("a day is still taken")
    func aDay() throws {
        #expect(try DemoFaults.parse("latency=24h").latency == .seconds(86_400))
    }
}
