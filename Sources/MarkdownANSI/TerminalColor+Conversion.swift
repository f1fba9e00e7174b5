extension TerminalColor {
    /// This colour as `mode` can show it (nil for `.none`): RGB to the 256-colour cube or grey
    /// ramp, 256-colour values to the nearest of the 16 ANSI colours.
    public func downsampled(to mode: ColorMode) -> TerminalColor? {
        ColorConversion.downsample(self, to: mode)
    }

    /// The colour's red, green and blue (xterm's default values for ANSI and palette colours).
    public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8) {
        let value: (Int, Int, Int)
        switch self {
        case .rgb(let r, let g, let b): return (r, g, b)
        case .ansi(let index): value = ColorConversion.rgb(ofPalette: index & 15)
        case .palette(let index): value = ColorConversion.rgb(ofPalette: index)
        }
        return (UInt8(value.0), UInt8(value.1), UInt8(value.2))
    }
}
