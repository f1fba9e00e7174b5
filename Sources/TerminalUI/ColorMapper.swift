import MarkdownANSI

/// Maps MarkdownANSI colours to curses colour numbers for the terminal's depth.
///
/// Truecolor is quantised to the 256-colour cube (curses cells use palette indices), and
/// 256-colour values to the 16 ANSI colours on smaller terminals.
struct ColorMapper: Sendable {
    /// The colour depth drawn with.
    let mode: ColorMode

    /// The curses colour number, or -1 (terminal default) for nil or when colour is off.
    func curses(_ color: TerminalColor?) -> Int32 {
        guard let color, mode != .none else { return -1 }
        switch color {
        case .ansi(let n):
            return Int32(n & 15)
        case .palette(let n):
            return mode == .ansi16 ? Int32(Self.nearest16(palette: n)) : Int32(n)
        case .rgb(let r, let g, let b):
            let index = Self.cube(r, g, b)
            return mode == .ansi16 ? Int32(Self.nearest16(palette: index)) : Int32(index)
        }
    }

    /// The 256-colour index closest to an RGB colour (cube or grey ramp).
    static func cube(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cubeIndex = 16 + 36 * lr + 6 * lg + lb
        let average = (Int(r) + Int(g) + Int(b)) / 3
        if abs(Int(r) - average) < 10 && abs(Int(g) - average) < 10 && abs(Int(b) - average) < 10 {
            let grey = average > 238 ? 23 : max(0, (average - 3) / 10)
            return UInt8(232 + min(23, grey))
        }
        return UInt8(cubeIndex)
    }

    /// The ANSI colour (0–15) closest to a 256-colour index.
    static func nearest16(palette n: UInt8) -> UInt8 {
        if n < 16 { return n }
        let (r, g, b) = rgb(ofPalette: n)
        let base: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        var best = 0
        var bestDistance = Int.max
        for (i, c) in base.enumerated() {
            let d = (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }

    private static func rgb(ofPalette n: UInt8) -> (Int, Int, Int) {
        if n >= 232 {
            let v = 8 + 10 * (Int(n) - 232)
            return (v, v, v)
        }
        let i = Int(n) - 16
        let steps = [0, 95, 135, 175, 215, 255]
        return (steps[i / 36], steps[(i / 6) % 6], steps[i % 6])
    }
}
