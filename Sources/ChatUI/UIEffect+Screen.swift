import TerminalRuntime

extension UIEffect {
    /// The part of this effect the terminal carries out, or nil when the program carries it out
    /// itself (a command for the engine, leaving, the editor, copy mode).
    package var onScreen: ScreenEffect? {
        switch self {
        case .repaint: .repaint
        case .bell: .bell
        case .notify(let title, let body): .notify(title: title, body: body)
        case .suspend: .suspend
        case .export(let path, let contents): .export(path: path, contents: contents)
        case .openURL(let url): .openURL(url)
        case .send, .exit, .editDraft, .bareView, .listFolder: nil
        }
    }
}
