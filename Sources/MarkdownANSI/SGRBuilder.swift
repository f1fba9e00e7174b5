/// Appends one `ESC [ … m` sequence, parameter by parameter.
struct SGRBuilder {
    private var started = false

    /// Adds one numeric parameter.
    mutating func code(_ value: Int, _ output: inout ByteOutput) {
        if started {
            output.byte(0x3B)
        } else {
            output.byte(0x1B)
            output.byte(0x5B)
            started = true
        }
        output.number(value)
    }

    /// Adds the parameters selecting `color` (or the default colour) as foreground or background.
    mutating func color(_ color: TerminalColor?, background: Bool, _ output: inout ByteOutput) {
        guard let color else {
            code(background ? 49 : 39, &output)
            return
        }
        switch color {
        case .ansi(let index):
            let value = Int(index & 15)
            let base = value < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            code(base + value % 8, &output)
        case .palette(let index):
            code(background ? 48 : 38, &output)
            code(5, &output)
            code(Int(index), &output)
        case .rgb(let r, let g, let b):
            code(background ? 48 : 38, &output)
            code(2, &output)
            code(Int(r), &output)
            code(Int(g), &output)
            code(Int(b), &output)
        }
    }

    /// Terminates the sequence (nothing is written if no parameter was added).
    func finish(_ output: inout ByteOutput) {
        if started { output.byte(0x6D) }
    }
}
