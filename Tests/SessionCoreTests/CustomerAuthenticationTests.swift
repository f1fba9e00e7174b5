import ChatModel
import Foundation
import Testing

@testable import SessionCore

/// The customer sign-in machine through its own transitions.
@Suite("Customer sign-in")
struct CustomerAuthenticationTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let url = "https://idp.example/authorize"

    @Test("initiated: fetch at once; the link is offered for a minute; its expiry is a timer")
    func offer() {
        var machine = CustomerAuthentication()
        #expect(machine.initiated("s1") == [.publish(.fetchingLink), .stopExpiry, .fetchLink(sessionId: "s1")])
        let expires = Self.t0.addingTimeInterval(60)
        #expect(machine.linkArrived("s1", url: Self.url, now: Self.t0) == [.publish(.offered(url: Self.url, expires: expires)), .expireLink(at: expires)])
        #expect(machine.linkExpired() == [.publish(.linkExpired)])
        #expect(machine.linkExpired().isEmpty, "only an offered link expires")
    }

    @Test("an answer for another sign-in, or none asked, changes nothing")
    func staleAnswers() {
        var machine = CustomerAuthentication()
        #expect(machine.linkArrived("s1", url: Self.url, now: Self.t0).isEmpty)
        _ = machine.initiated("s1")
        #expect(machine.linkArrived("s0", url: Self.url, now: Self.t0).isEmpty)
        #expect(machine.linkFailed("s0", reason: "x").isEmpty)
        #expect(!machine.linkArrived("s1", url: Self.url, now: Self.t0).isEmpty)
        #expect(machine.linkArrived("s1", url: Self.url, now: Self.t0).isEmpty, "one answer per call")
    }

    @Test("while a link call is out, asking again sends nothing more")
    func oneCallAtATime() {
        var machine = CustomerAuthentication()
        _ = machine.initiated("s1")
        #expect(machine.userAsksForLink(now: Self.t0).isEmpty)
        _ = machine.linkFailed("s1", reason: "throttled")
        #expect(machine.userAsksForLink(now: Self.t0).contains(.fetchLink(sessionId: "s1")))
    }

    @Test("an outcome closes it; nothing reopens a closed sign-in but a new one")
    func outcome() {
        var machine = CustomerAuthentication()
        _ = machine.initiated("s1")
        #expect(machine.ended(.timeout) == [.publish(.ended(.timeout)), .stopExpiry])
        #expect(machine.ended(.failed).isEmpty)
        #expect(machine.initiated("s1").isEmpty, "a sign-in seen is not started again")
        guard case .notice? = machine.userAsksForLink(now: Self.t0).first else {
            Issue.record("asking for a closed sign-in's link is a notice")
            return
        }
        #expect(machine.initiated("s2").contains(.fetchLink(sessionId: "s2")))
    }

    @Test("a chat that announces sign-ins without end is not followed past the limit")
    func bounded() {
        var machine = CustomerAuthentication()
        for index in 0..<CustomerAuthentication.mostSessions { _ = machine.initiated("s\(index)") }
        #expect(machine.initiated("one-too-many").isEmpty)
    }
}

/// The sign-in link is kept out of traces.
@Suite("Sign-in link in traces")
struct SignInLinkTraceTests {
    @Test("GetAuthenticationUrl's answer is traced with the link masked, and the link is masked wherever it appears later")
    func linkIsRedacted() {
        let link = "https://idp.example/oauth2/authorize?state=trace-test-\(UUID().uuidString)"
        let traced = TraceRedactor.body(Data(#"{"AuthenticationUrl":"\#(link)"}"#.utf8))
        #expect(traced == .object(["AuthenticationUrl": .string(TraceRedactor.mask)]))
        #expect(!TraceRedactor.scrub("opened \(link)").contains(link))
    }
}
