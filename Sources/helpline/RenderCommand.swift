import ArgumentParser
import Foundation
import TerminalRuntime
import TerminalUI
import MarkdownANSI

/// `helpline render`: renders markdown (and the agent HTML subset) from a file or stdin to the terminal.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render markdown from FILE (or stdin) the way chat messages are shown.",
        discussion: """
            Examples:
              helpline render README.md
              echo '**bold** and `code`' | helpline render --width 40
              helpline render --color never reply.md > reply.txt
            """)

    /// When to emit colour and attributes.
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Option(name: .long, help: "Wrap width in columns (default: the terminal's width, or 80).")
    var width: Int?

    @Option(name: .long, help: "Colour: auto (only on a terminal, honours NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Option(name: .long, help: ArgumentHelp("Theme: \(Theme.names.joined(separator: ", ")).", valueName: "name"))
    var theme: String = "default"

    @Flag(name: .long, help: "Emit OSC 8 hyperlinks for links (terminals that support them make them clickable).")
    var hyperlinks = false

    @OptionGroup var profile: ProfileOption

    @Argument(help: ArgumentHelp("Markdown file to render; stdin when omitted or '-'.", valueName: "file"))
    var file: String?

    func validate() throws {
        if let width, !(1...10_000).contains(width) { throw ValidationError("--width must be between 1 and 10000 columns, not \(width)") }
        guard Theme.named(theme) != nil else {
            throw ValidationError("unknown theme '\(theme)'; use one of: \(Theme.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        let text: String
        do {
            text = try readInput()
        } catch {
            StandardStreams.err("helpline render: cannot read \(file ?? "stdin"): \(error.reason)")
            throw ExitCode(1)
        }
        let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        let columns = width ?? Self.terminalWidth() ?? 80
        let lines = Markdown.render(text, width: max(1, columns), theme: Theme.named(theme) ?? .default)
        let environment = ProcessInfo.processInfo.environment
        let output: String
        switch color {
        case .never:
            output = ANSIWriter.string(lines, mode: .none, plain: true)
        case .auto:
            output = stdoutIsTTY
                ? ANSIWriter.string(lines, mode: ColorMode.detect(environment: environment, isTTY: true), hyperlinks: hyperlinks)
                : ANSIWriter.string(lines, mode: .none, plain: true)
        case .always:
            var forced = environment
            forced["NO_COLOR"] = nil
            var mode = ColorMode.detect(environment: forced, isTTY: true)
            if mode == .none { mode = .ansi16 }
            output = ANSIWriter.string(lines, mode: mode, hyperlinks: hyperlinks)
        }
        StandardStreams.out(output)
    }

    /// Why the input could not be read, in a few words.
    struct InputProblem: Error {
        /// `no such file`, `it is a folder`, the system's reason.
        let reason: String
    }

    /// The text of the file, read to its end whatever it is — a file, a pipe (`/dev/stdin`, `<(…)`)
    /// or a device (`/dev/null`) — or of stdin when no file (or `-`) is given.
    private func readInput() throws(InputProblem) -> String {
        guard let file, file != "-" else { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else { throw InputProblem(reason: "no such file") }
        guard !isFolder.boolValue else { throw InputProblem(reason: "it is a folder") }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputProblem(reason: String(cString: strerror(errno)).lowercased()) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        } catch {
            throw InputProblem(reason: "reading failed (\(String(cString: strerror(errno)).lowercased()))")
        }
    }

    /// Columns of the terminal on stdout (TIOCGWINSZ), or nil when stdout is not a terminal.
    static func terminalWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
