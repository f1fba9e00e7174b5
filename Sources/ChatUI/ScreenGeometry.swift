import TerminalRuntime

/// Where each region sits for a terminal size and composer height.
struct ScreenGeometry: Equatable, Sendable {
    /// A band of whole rows.
    struct Band: Equatable, Sendable {
        var top: Int
        var height: Int
    }

    var columns: Int
    var status: Band
    var transcript: Band
    var typing: Band
    /// The rule above the composer (absent when the status bar sits there).
    var separator: Band?
    var composer: Band

    /// Columns the composer prompt takes.
    static let promptWidth = 2

    /// Lays the screen out: status bar at the top (or above the composer), transcript, typing line,
    /// rule, composer at the bottom.
    init(size: TerminalSize, composerRows: Int, statusBarOnTop: Bool) {
        columns = size.columns
        let composerHeight = max(1, composerRows)
        let composerTop = size.rows - composerHeight
        composer = Band(top: composerTop, height: composerHeight)
        if statusBarOnTop {
            status = Band(top: 0, height: 1)
            separator = Band(top: composerTop - 1, height: 1)
            typing = Band(top: composerTop - 2, height: 1)
            transcript = Band(top: 1, height: max(0, composerTop - 3))
        } else {
            separator = nil
            status = Band(top: composerTop - 1, height: 1)
            typing = Band(top: composerTop - 2, height: 1)
            transcript = Band(top: 0, height: max(0, composerTop - 2))
        }
    }

    /// Width available for composer text.
    var composerTextWidth: Int { Self.composerTextWidth(columns: columns) }

    /// Width available for composer text on a terminal `columns` wide.
    static func composerTextWidth(columns: Int) -> Int { max(1, columns - promptWidth) }
}
