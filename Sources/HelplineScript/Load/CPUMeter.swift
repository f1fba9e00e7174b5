import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this process has used, and the cores it can use: what the saturation guard compares.
public struct CPUMeter: Sendable {
    /// User plus system CPU time of the whole process so far.
    public var processTime: @Sendable () -> Duration
    /// The cores the process can run on.
    public var cores: Int

    /// A meter reading `processTime`.
    public init(cores: Int, processTime: @escaping @Sendable () -> Duration) {
        self.cores = max(1, cores)
        self.processTime = processTime
    }

    /// This process, from `getrusage(RUSAGE_SELF)`, on the cores it may run on.
    public static let process = CPUMeter(cores: ProcessInfo.processInfo.activeProcessorCount) {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return .zero }
        func time(_ value: timeval) -> Duration {
            .seconds(Int64(value.tv_sec)) + .microseconds(Int64(value.tv_usec))
        }
        return time(usage.ru_utime) + time(usage.ru_stime)
    }

    /// The share of all cores used between two readings `wall` apart (1: every core busy).
    public static func share(used: Duration, wall: Duration, cores: Int) -> Double? {
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        guard wallSeconds > 0.05 else { return nil }
        let usedSeconds = Double(used.components.seconds) + Double(used.components.attoseconds) / 1e18
        return usedSeconds / wallSeconds / Double(max(1, cores))
    }
}
