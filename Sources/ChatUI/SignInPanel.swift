import ChatModel
import Foundation
import MarkdownANSI

/// The sign-in panel, drawn over the transcript while the contact center waits for the customer to
/// sign in: the link, a QR code for a phone, the time the link has left, and the keys. Pure: lines
/// from the state. Curses cannot carry OSC 8 hyperlinks, so the panel shows the link as text (most
/// terminals make it clickable) and `c` prints the same panel as plain terminal text
/// (``copyLines(_:code:now:)``), where the link is an OSC 8 hyperlink.
package enum SignInPanel {
    /// Light modules around the code (the standard asks for four; two scan well on a terminal's margin).
    static let quietZone = 2
    /// The keys, as the panel's last row says them (and shorter, for a narrow window).
    static let keys = "o open in browser · c copy view · r fresh link · Tab hide · Esc cancel sign-in"
    static let shortKeys = "o open · c copy · r fresh · Tab hide · Esc cancel"

    /// The panel's rows for a pane `width` × `height`; `code` is the link's QR code when it could be made.
    static func lines(
        _ authentication: AuthenticationState, code: QRCode?, now: Date, width: Int, height: Int, palette: UIPalette
    ) -> [StyledLine] {
        guard height > 0 else { return [] }
        func row(_ spans: [StyledSpan]) -> StyledLine { TranscriptFormatter.truncate(StyledLine(spans), to: width) }
        var out = [row([StyledSpan(" Sign in", style: TextStyle(bold: true)),
                        StyledSpan(" — the contact center asks you to sign in")]), StyledLine()]
        let room = height - 1  // the keys take the last row
        switch authentication {
        case .fetchingLink:
            out.append(row([StyledSpan(" Getting the sign-in link…", style: palette.placeholder)]))
        case .linkExpired:
            out.append(row([StyledSpan(" The link expired unused. Press r for a fresh one.", style: palette.notice)]))
        case .linkFailed(let reason):
            out.append(row([StyledSpan(
                " The sign-in link could not be fetched: \(TerminalSafeText.oneLine(reason)). Press r to try again.",
                style: palette.notice)]))
        case .ended(let outcome):
            out.append(row([StyledSpan(" \(outcome.sentence).")]))
        case .offered(let url, _):
            let left = authentication.secondsLeft(at: now) ?? 0
            guard left > 0 else {
                out.append(row([StyledSpan(" The link expired unused. Press r for a fresh one.", style: palette.notice)]))
                break
            }
            out.append(row([StyledSpan(" Open this link in a browser (it works for \(left) s more):")]))
            let linkStyle = TextStyle(underline: true, foreground: .ansi(6), link: url)
            out += hardWrapped(url, width: max(1, width - 1)).map { row([StyledSpan(" "), StyledSpan($0, style: linkStyle)]) }
            out.append(StyledLine())
            let block = code.map { qrRows($0) } ?? []
            if code == nil {
                out.append(row([StyledSpan(
                    QRCode.isAvailable ? " (The link is too long for a QR code.)"
                        : " (No QR code: libqrencode is not installed; apt-get install libqrencode4.)",
                    style: palette.placeholder)]))
            } else if let first = block.first, first.width + 1 <= width, out.count + 1 + block.count <= room {
                out.append(row([StyledSpan(" Or scan this code with your phone:")]))
                out += block.map { StyledLine([StyledSpan(" ")] + $0.spans) }
            } else if let first = block.first {
                out.append(row([StyledSpan(
                    " (A \(first.width + 1)×\(out.count + block.count + 6) window shows a QR code.)", style: palette.placeholder)]))
            }
        }
        out = Array(out.prefix(room))
        out += Array(repeating: StyledLine(), count: max(0, room - out.count))
        let rule = "── " + (TerminalWidth.of(keys) + 4 <= width ? keys : shortKeys) + " "
        out.append(row([StyledSpan(rule + String(repeating: "─", count: max(0, width - TerminalWidth.of(rule))), style: palette.prompt)]))
        return out
    }

    /// The panel as copy mode prints it: the link as an OSC 8 hyperlink on a line of its own, the code below.
    package static func copyLines(_ authentication: AuthenticationState, code: QRCode?, now: Date) -> [StyledLine] {
        guard case .offered(let url, _) = authentication, let left = authentication.secondsLeft(at: now), left > 0 else {
            return [StyledLine([StyledSpan("The sign-in link has expired; press r in the panel for a fresh one.")])]
        }
        var out = [
            StyledLine([StyledSpan("Sign in: open this link in a browser (it works for \(left) s more):", style: TextStyle(bold: true))]),
            StyledLine([StyledSpan(url, style: TextStyle(underline: true, link: url))]),
        ]
        if let code {
            out.append(StyledLine([StyledSpan("Or scan this code with your phone:")]))
            out += qrRows(code)
        }
        return out
    }

    /// The code drawn with half blocks, two modules a cell, dark on light whatever the terminal's colours.
    static func qrRows(_ code: QRCode) -> [StyledLine] {
        let zone = quietZone
        let style = TextStyle(foreground: .ansi(0), background: .ansi(15))
        var rows: [StyledLine] = []
        var top = -zone
        while top < code.size + zone {
            var text = ""
            for column in -zone..<(code.size + zone) {
                switch (code.isDark(row: top, column: column), code.isDark(row: top + 1, column: column)) {
                case (true, true): text += "█"
                case (true, false): text += "▀"
                case (false, true): text += "▄"
                case (false, false): text += " "
                }
            }
            rows.append(StyledLine([StyledSpan(text, style: style)]))
            top += 2
        }
        return rows
    }

    /// `text` cut into pieces of `width` columns (a URL has no spaces to wrap at).
    static func hardWrapped(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in text {
            let columns = max(1, TerminalWidth.of(character))
            if used + columns > width, !current.isEmpty {
                pieces.append(current)
                (current, used) = ("", 0)
            }
            current.append(character)
            used += columns
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
