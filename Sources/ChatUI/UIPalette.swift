import MarkdownANSI

/// Styles for the UI's own chrome (names, badges, status bar, delivery labels).
///
/// Colours are dropped by the painter when colour is off, so bold, dim, underline and
/// inverse here must carry the meaning on their own.
package struct UIPalette: Sendable, Equatable {
    var time = TextStyle(dim: true)
    var ownName = TextStyle(bold: true, foreground: .ansi(6))
    var agentName = TextStyle(bold: true, foreground: .ansi(2))
    var botName = TextStyle(bold: true, foreground: .ansi(5))
    var systemName = TextStyle(bold: true, dim: true)
    var agentBadge = TextStyle(bold: true, inverse: true, foreground: .ansi(2))
    var botBadge = TextStyle(inverse: true, foreground: .ansi(5))
    var supervisorBadge = TextStyle(bold: true, inverse: true, foreground: .ansi(3))
    var systemLine = TextStyle(dim: true)
    package var notice = TextStyle(italic: true, foreground: .ansi(3))
    var deliveryPending = TextStyle(dim: true)
    var deliverySent = TextStyle(dim: true)
    var deliveryRead = TextStyle(foreground: .ansi(6))
    var deliveryFailed = TextStyle(bold: true, foreground: .ansi(1))
    var separator = TextStyle(dim: true)
    var unreadDivider = TextStyle(bold: true, foreground: .ansi(1))
    var typing = TextStyle(italic: true, dim: true)
    var moreBelow = TextStyle(bold: true, inverse: true, foreground: .ansi(3))
    var prompt = TextStyle(bold: true, foreground: .ansi(6))
    package var placeholder = TextStyle(dim: true)
    package var statusBar = TextStyle(foreground: .ansi(15), background: .ansi(4))
    var statusConnected = TextStyle(bold: true, foreground: .ansi(10), background: .ansi(4))
    var statusWaiting = TextStyle(bold: true, foreground: .ansi(11), background: .ansi(4))
    var statusBad = TextStyle(bold: true, foreground: .ansi(15), background: .ansi(1))
    package var statusDim = TextStyle(foreground: .ansi(7), background: .ansi(4))
    var statusBadge = TextStyle(bold: true, foreground: .ansi(0), background: .ansi(2))
    var statusBotBadge = TextStyle(foreground: .ansi(0), background: .ansi(5))

    /// The default palette.
    package static let standard = UIPalette()

    /// A palette for monochrome terminals: the status bar is inverse video.
    package static let monochrome: UIPalette = {
        var p = UIPalette()
        p.statusBar = TextStyle(inverse: true)
        p.statusConnected = TextStyle(bold: true, inverse: true)
        p.statusWaiting = TextStyle(bold: true, inverse: true)
        p.statusBad = TextStyle(bold: true, underline: true, inverse: true)
        p.statusDim = TextStyle(inverse: true)
        p.statusBadge = TextStyle(bold: true, underline: true, inverse: true)
        p.statusBotBadge = TextStyle(underline: true, inverse: true)
        p.agentBadge = TextStyle(bold: true, inverse: true)
        p.botBadge = TextStyle(inverse: true)
        p.unreadDivider = TextStyle(bold: true)
        p.deliveryFailed = TextStyle(bold: true, underline: true)
        p.moreBelow = TextStyle(bold: true, inverse: true)
        return p
    }()
}
