import Foundation

/// Whether the terminal described by the environment can show the full-screen UI.
///
/// `TERM=dumb` (and an empty or missing `TERM`) has no cursor addressing: curses starts, but draws
/// everything on one line. Such terminals get line mode instead, and are told so.
public enum FullScreenSupport {
    /// Why the full-screen UI cannot be used with this environment's `TERM`, or `nil` when it can.
    public static func refusal(environment: [String: String]) -> String? {
        let term = environment["TERM"]?.trimmingCharacters(in: .whitespaces) ?? ""
        if term.isEmpty { return "TERM is not set" }
        if term == "dumb" || term.hasPrefix("dumb-") { return "TERM=\(term) cannot draw a full screen" }
        return nil
    }
}
