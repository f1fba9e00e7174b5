import Foundation
import HelplineTestSupport
import Testing

/// The client at the edges of terminals and processes: `TERM=dumb` (the accessible mode), and SIGTERM while
/// `$EDITOR` is open.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIEdgeTests {
    static var binary: String { TUITmux.helplineBinary() }

    @Test func aDumbTerminalGetsTheAccessibleModeAndIsToldSo() async throws {
        let tmux = try TUITmux(command: "TERM=dumb '\(Self.binary)' demo --new --display-name Tess --linger 0")
        let told = await tmux.wait { $0.has("using the accessible mode") && $0.has("Helpline demo") }
        #expect(told.ok, "the accessible mode, said so:\n\(told.screen.dump)")
        #expect(!told.screen.has("Message… Enter sends"), "no full-screen composer")
        tmux.type("/end")
        tmux.keys("Enter")
        let ended = await tmux.wait { $0.has("chat ended") }
        #expect(ended.ok, "\(ended.screen.dump)")
    }

    @Test func sigtermWhileTheEditorIsOpenEndsItKeepsTheDraftAndExits() async throws {
        // An editor that saves an addition, then stays open until it is told to end.
        let script = "#!/bin/sh\necho 'written in the editor' >> \"$1\"\necho EDITOR-OPEN\nexec sleep 600\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-editor-\(UUID().uuidString).sh").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try TUITmux(command: "EDITOR=\"sh '\(path)'\" '\(Self.binary)' demo --new --display-name Tess; echo EXIT=$?")
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "\(ready.screen.dump)")
        tmux.type("my long draft")
        tmux.keys("C-x", "C-e")
        let open = await tmux.wait { $0.has("EDITOR-OPEN") }
        #expect(open.ok, "the editor runs:\n\(open.screen.dump)")
        let shell = try #require(tmux.panePID())
        let helpline = try #require(Self.descendant(of: shell, named: "helpline"), "helpline runs in the pane")
        kill(helpline, SIGTERM)
        let exited = await tmux.wait { $0.has("EXIT=") }
        #expect(exited.ok, "SIGTERM ends helpline although the editor was open:\n\(exited.screen.dump)")
        #expect(exited.screen.has("EXIT=143"), "\(exited.screen.dump)")
        #expect(exited.screen.has("draft is kept"), "\(exited.screen.dump)")
        let history = tmux.file("state/helpline/history-default") ?? ""
        #expect(history.contains("my long draft") && history.contains("written in the editor"), "the draft is kept: \(history)")
    }

    /// The first process below `parent` whose command name starts with `name`.
    static func descendant(of parent: Int32, named name: String) -> Int32? {
        var queue = [parent]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            if pid != parent, comm.hasPrefix(name) { return pid }
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { Int32($0) }
        }
        return nil
    }
}
