/// Converts colours between truecolor, the 256-colour palette and the 16 ANSI colours.
enum ColorConversion {
    /// Default xterm RGB values of the 16 ANSI colours.
    private static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    /// Channel levels of the 6×6×6 colour cube.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// RGB of a 256-palette index.
    static func rgb(ofPalette index: UInt8) -> (Int, Int, Int) {
        let value = Int(index)
        if value < 16 { return ansiRGB[value] }
        if value >= 232 {
            let level = 8 + (value - 232) * 10
            return (level, level, level)
        }
        let cube = value - 16
        return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
    }

    /// Nearest 256-palette index (cube or grey ramp) to an RGB colour.
    static func palette(r: Int, g: Int, b: Int) -> UInt8 {
        func level(_ channel: Int) -> Int {
            var best = 0
            for index in 1..<cubeLevels.count where abs(cubeLevels[index] - channel) < abs(cubeLevels[best] - channel) {
                best = index
            }
            return best
        }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cubeIndex = 16 + 36 * lr + 6 * lg + lb
        let cubeDistance = distance((cubeLevels[lr], cubeLevels[lg], cubeLevels[lb]), (r, g, b))
        let average = (r + g + b) / 3
        let grey = max(0, min(23, (average - 8 + 5) / 10))
        let greyLevel = 8 + grey * 10
        let greyDistance = distance((greyLevel, greyLevel, greyLevel), (r, g, b))
        return UInt8(greyDistance < cubeDistance ? 232 + grey : cubeIndex)
    }

    /// Nearest of the 16 ANSI colours to an RGB colour.
    static func ansi(r: Int, g: Int, b: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in ansiRGB.enumerated() {
            let candidateDistance = distance(candidate, (r, g, b))
            if candidateDistance < bestDistance {
                best = index
                bestDistance = candidateDistance
            }
        }
        return UInt8(best)
    }

    /// `color` expressed in what `mode` can show (nil for `.none`).
    static func downsample(_ color: TerminalColor, to mode: ColorMode) -> TerminalColor? {
        switch (mode, color) {
        case (.none, _): return nil
        case (.truecolor, _): return color
        case (.ansi256, .rgb(let r, let g, let b)): return .palette(palette(r: Int(r), g: Int(g), b: Int(b)))
        case (.ansi256, _): return color
        case (.ansi16, .ansi): return color
        case (.ansi16, .palette(let index)):
            if index < 16 { return .ansi(index) }
            let (r, g, b) = rgb(ofPalette: index)
            return .ansi(ansi(r: r, g: g, b: b))
        case (.ansi16, .rgb(let r, let g, let b)): return .ansi(ansi(r: Int(r), g: Int(g), b: Int(b)))
        }
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0
        let dg = a.1 - b.1
        let db = a.2 - b.2
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
