import Foundation
import SessionSimulation

/// `helpline-sim`: runs the session driver and core under the deterministic simulator for many seeds.
///
///     helpline-sim --seeds 2000 --protocol connect      # ends with "2000 seeds, 0 violations"
///     helpline-sim --protocol polyai --seed 1234 --trace  # one seed again, with its whole trace
///     helpline-sim --seeds 50 --check-determinism        # each seed twice: the two traces must match
let arguments = Array(CommandLine.arguments.dropFirst())
func value(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("helpline-sim: \(message)\n".utf8))
    exit(2)
}
let protocols: [SimProtocol]
switch value("--protocol") {
case nil, "all": protocols = SimProtocol.allCases
case let name?:
    guard let chosen = SimProtocol(rawValue: name) else { fail("--protocol takes connect, polyai or all, not \(name)") }
    protocols = [chosen]
}
guard let seeds = Int(value("--seeds") ?? "200"), seeds > 0 else { fail("--seeds takes a positive whole number") }
guard let first = UInt64(value("--start") ?? "1") else { fail("--start takes a whole number") }
let single = value("--seed").map { UInt64($0) ?? { fail("--seed takes a whole number") }() }
let showTrace = arguments.contains("--trace")
let checkDeterminism = arguments.contains("--check-determinism")

var failures = 0
var runs = 0
let started = Date()
for wireProtocol in protocols {
    let range = single.map { $0...$0 } ?? first...(first + UInt64(seeds) - 1)
    var virtual: Int64 = 0
    var counters: [String: Int] = [:]
    for seed in range {
        var result = Simulation(seed: seed, protocol: wireProtocol, fullTrace: showTrace || checkDeterminism).run()
        if checkDeterminism {
            let again = Simulation(seed: seed, protocol: wireProtocol, fullTrace: true).run()
            let common = min(result.trace.count, again.trace.count)
            let differing = (0..<common).first { result.trace[$0] != again.trace[$0] }
            if let line = differing ?? (result.trace.count == again.trace.count ? nil : common) {
                result.violations.append("not deterministic: the second run's trace differs at line \(line + 1)")
            }
        }
        runs += 1
        virtual += result.virtualMillis
        for (name, count) in result.counters { counters[name, default: 0] += count }
        if showTrace { print(result.trace.joined(separator: "\n")) }
        guard !result.violations.isEmpty else { continue }
        failures += 1
        print("VIOLATION \(wireProtocol.rawValue) seed \(seed): \(result.violations.joined(separator: " | "))")
        print("  reproduce: \(result.reproduction)")
        if !showTrace, failures <= 3 {
            print("  the trace's last lines:")
            for line in result.trace.suffix(60) { print("    " + line) }
        }
    }
    let faults = counters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print("\(wireProtocol.rawValue): \(range.count) seeds, \(String(format: "%.1f", Double(virtual) / 3_600_000)) virtual hours (\(faults))")
}
print(String(format: "(%.1f s)", Date().timeIntervalSince(started)))
print("\(runs) seeds, \(failures) violations")
exit(failures == 0 ? 0 : 1)
