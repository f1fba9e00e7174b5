import ArgumentParser
import HelplineScript

/// Checks, before anything runs, that an output file named on the command line can be written.
enum OutputFileCheck {
    /// Throws a one-line ``ValidationError`` when `path` (given with `option`) cannot be written: its
    /// folder is missing or read-only, or the path is a folder or a read-only file. An existing file
    /// may be replaced (a report written again).
    static func validate(_ path: String, option: String) throws {
        if let problem = PrivateFile.problem(creating: path, force: true) { throw ValidationError("\(option): \(problem)") }
    }
}
