import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Layout cache and screen")
struct LayoutCacheTests {
    @Test func hitOnSameWidthMissOnResizeOrChange() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "hello"))])
        _ = Fixture.screen(s)
        let cache = s.view.cache
        let misses = cache.misses
        let hits = cache.hits
        let first = Fixture.screen(s)
        // The same screen again lays nothing out (the last viewport is reused as it is).
        #expect(Fixture.screen(s) == first)
        #expect(cache.misses == misses)
        #expect(cache.hits == hits)
        Fixture.apply(&s, [.resize(TerminalSize(rows: 30, columns: 60))])
        _ = Fixture.screen(s)
        #expect(cache.misses > misses)
        let afterResize = cache.misses
        Fixture.apply(&s, [.changed(Fixture.message("m1", "hello again"))])
        _ = Fixture.screen(s)
        #expect(cache.misses == afterResize + 1)
    }

    @Test func plainCacheBehaviour() {
        let cache = LayoutCache()
        var made = 0
        for (width, revision) in [(10, 1), (10, 1), (11, 1), (11, 2)] {
            _ = cache.lines(key: "a", width: width, revision: revision) {
                made += 1
                return []
            }
        }
        #expect(made == 3)
        #expect(cache.hits == 1)
        #expect(cache.count == 1)
    }

    @Test("a long chat keeps the layouts of recent rows only; a row in use stays cached")
    func boundedByRecentUse() {
        let cache = LayoutCache(capacity: 8)
        var made: [String] = []
        func look(_ key: String) { _ = cache.lines(key: key, width: 80, revision: 1) { made.append(key); return [] } }
        for index in 1...40 {
            look("m\(index)")
            look("pinned")  // on screen all along (say, the newest row)
        }
        #expect(cache.count <= 8)
        #expect(made.filter { $0 == "pinned" }.count == 1, "the row used every frame was never laid out again")
        look("m1")
        #expect(made.filter { $0 == "m1" }.count == 2, "a row scrolled back to long after is laid out again")
        look("m40")
        #expect(made.filter { $0 == "m40" }.count == 1, "a recent row is still cached")
    }

    @Test func resizeKeepsTheScrollAnchor() {
        var s = Fixture.state(rows: 20, columns: 60)
        Fixture.apply(&s, (1...30).map { .arrived(Fixture.message("m\($0)", "message number \($0) with some words to wrap")) })
        Fixture.apply(&s, [.key(.pageUp), .key(.pageUp)])
        guard case .anchor(let key, _) = s.scroll else {
            Issue.record("expected an anchor")
            return
        }
        Fixture.apply(&s, [.resize(TerminalSize(rows: 15, columns: 40))])
        guard case .anchor(let key2, _) = s.scroll else {
            Issue.record("expected an anchor after resize")
            return
        }
        #expect(key2 == key)
        Fixture.apply(&s, [.resize(TerminalSize(rows: 20, columns: 60))])
        #expect(Fixture.screen(s).contains { $0.contains("more below") })
    }

    @Test func consecutiveMessagesFromOneSenderShareAHeader() {
        var s = Fixture.state()
        Fixture.apply(&s, [
            .arrived(Fixture.message("m1", "first", at: 0)),
            .arrived(Fixture.message("m2", "second", at: 30)),
            .arrived(Fixture.message("m3", "much later", at: 600)),
            .arrived(Fixture.own("l1", "mine")),
            .arrived(Fixture.own("l2", "mine again")),
        ])
        let headers = Fixture.screen(s).filter { $0.range(of: #"^\d\d:\d\d "#, options: .regularExpression) != nil }
        #expect(headers.count == 4, "m1, m3 and both own messages have headers:\n\(Fixture.screen(s).joined(separator: "\n"))")
    }

    @Test func regionsAtMinimumSizeAndTooSmall() {
        var s = Fixture.state(rows: 12, columns: 40)
        Fixture.apply(&s, [.engine(.connection(.open)), .arrived(Fixture.message("m1", "hi"))])
        let screen = Fixture.screen(s)
        #expect(screen[0].contains("connected"))
        #expect(screen[11].hasPrefix("› "))
        #expect(screen[10].hasPrefix("───"))
        Fixture.apply(&s, [.resize(TerminalSize(rows: 10, columns: 30))])
        #expect(Fixture.screen(s).joined().contains("too small"))
    }

    @Test func reconnectCountdownIsLive() {
        var s = Fixture.state()
        let t = Fixture.t0
        Fixture.apply(&s, [.engine(.connection(.reconnecting(attempt: 2, nextRetryAt: t.addingTimeInterval(5))))])
        #expect(Fixture.screen(s, now: t)[0].contains("reconnecting in 5s (attempt 2)"))
        #expect(Fixture.screen(s, now: t.addingTimeInterval(3.5))[0].contains("reconnecting in 2s"))
    }

    @Test func typingLineAnimatesDots() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.typing(Fixture.ava))])
        let rows = (0..<4).map { Fixture.screen(s, now: Fixture.t0.addingTimeInterval(Double($0) / 3 + 0.01))[27] }
        #expect(Set(rows).count > 1)
        #expect(rows.allSatisfy { $0.contains("Ava is typing") })
    }
}
