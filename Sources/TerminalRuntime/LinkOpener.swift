import Foundation

/// Opens a link: with `xdg-open` (detached, quiet) when it exists and a desktop session is
/// there to show it; otherwise the caller prints the URL for copying.
package enum LinkOpener {
    /// True when `xdg-open` can be used: it is in `PATH` and `DISPLAY` or `WAYLAND_DISPLAY` is set.
    static func canOpen(environment: [String: String]) -> Bool {
        let desktop = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
        return desktop && ProcessSpawner.isInPath("xdg-open", environment: environment)
    }

    /// Starts `xdg-open URL` (a URL or an absolute file path) in the background; returns a notice saying what happened.
    package static func open(_ url: String, environment: [String: String]) -> String {
        let isFile = url.hasPrefix("/")
        guard canOpen(environment: environment) else {
            return isFile ? "Saved at \(url) (no desktop here to open it with)." : "Open this link: \(url)"
        }
        let status = ProcessSpawner.run(["/bin/sh", "-c", "xdg-open \"$1\" >/dev/null 2>&1 </dev/null &", "sh", url])
        return status == 0 ? "Opening \(url)" : "Could not start xdg-open; the link: \(url)"
    }
}
