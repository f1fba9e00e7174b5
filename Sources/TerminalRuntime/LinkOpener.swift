import Foundation

/// Opens a link: with the browser `$BROWSER` names (its first entry; `%s` stands for the URL) when
/// set, else with `xdg-open` when it exists and a desktop session is there to show it — detached and
/// quiet either way; otherwise the caller prints the URL for copying.
package enum LinkOpener {
    /// True when `xdg-open` can be used: it is in `PATH` and `DISPLAY` or `WAYLAND_DISPLAY` is set.
    static func canOpen(environment: [String: String]) -> Bool {
        let desktop = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
        return desktop && ProcessSpawner.isInPath("xdg-open", environment: environment)
    }

    /// Starts `xdg-open URL` (a URL or an absolute file path) in the background; returns a notice saying what happened.
    package static func open(_ url: String, environment: [String: String]) -> String {
        let isFile = url.hasPrefix("/")
        if let browser = browserCommand(environment: environment) {
            // The URL goes in as an argument ($1), never into the command text.
            let status = ProcessSpawner.run(["/bin/sh", "-c", browser + " >/dev/null 2>&1 </dev/null &", "sh", url])
            return status == 0 ? "Opening \(url)" : "Could not start $BROWSER; the link: \(url)"
        }
        guard canOpen(environment: environment) else {
            return isFile ? "Saved at \(url) (no desktop here to open it with)." : "Open this link: \(url)"
        }
        let status = ProcessSpawner.run(["/bin/sh", "-c", "xdg-open \"$1\" >/dev/null 2>&1 </dev/null &", "sh", url])
        return status == 0 ? "Opening \(url)" : "Could not start xdg-open; the link: \(url)"
    }

    /// The shell command for `$BROWSER`'s first entry, with the URL as `"$1"`; nil when unset or
    /// when that program is not there.
    static func browserCommand(environment: [String: String]) -> String? {
        guard let entry = environment["BROWSER"]?.split(separator: ":").first.map(String.init)?
            .trimmingCharacters(in: .whitespaces), !entry.isEmpty
        else { return nil }
        let program = entry.split(separator: " ").first.map(String.init) ?? entry
        let exists = program.hasPrefix("/") ? FileManager.default.isExecutableFile(atPath: program)
            : ProcessSpawner.isInPath(program, environment: environment)
        guard exists else { return nil }
        return entry.contains("%s") ? entry.replacingOccurrences(of: "%s", with: "\"$1\"") : entry + " \"$1\""
    }
}
