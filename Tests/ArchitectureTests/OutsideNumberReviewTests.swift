import Foundation
import Testing

/// Integer conversions and shifts are where a number from outside traps (`Int64(1e300)`, a port
/// narrowed to `UInt16`, `sequence << 40`). Every one under `Sources/` was reviewed for issue 35:
/// those on values from outside are range-checked where the value is decoded (docs/robustness.md,
/// "Numbers from outside", lists them); the rest convert local values. A new one fails this test
/// until it is reviewed the same way and its file's count below is raised.
@Suite("Numbers from outside: every integer conversion and shift is reviewed")
struct OutsideNumberReviewTests {
    /// A conversion that can trap (`Int(…)`, `Int64(…)`, `UInt16(…)`… but not `exactly:`, `clamping:`,
    /// `truncatingIfNeeded:`, `bitPattern:` or `truncating:`), or a left shift.
    static let pattern = #"\b(?:U?Int(?:8|16|32|64)?)\((?!exactly:|clamping:|truncatingIfNeeded:|bitPattern:|truncating:)|<<"#

    /// Reviewed conversions and shifts per file (comment lines not counted).
    static let reviewed: [String: Int] = [
        "AWSSigV4/SigV4Format.swift": 11,
        "AmazonConnect/ConnectFastFrameDecoder.swift": 15,
        "AmazonConnect/ConnectTimestamp.swift": 8,
        "AmazonConnect/InteractiveReply.swift": 1,
        "AmazonConnect/JSONByteReader.swift": 68,
        "AmazonConnect/QueuePositionText.swift": 1,
        "AmazonConnect/SlotTime.swift": 3,
        "ChatEngine/LiveClock.swift": 1,
        "ChatEngine/ProgressSteps.swift": 1,
        "ChatModel/CompactID.swift": 17,
        "ChatModel/CustomerAuthentication.swift": 1,
        "ChatModel/DescriptorWriter.swift": 1,
        "ChatModel/FileTransfer.swift": 1,
        "ChatModel/ItemIndex.swift": 7,
        "ChatModel/Transcript.swift": 1,
        "ChatUI/ChatScreen.swift": 4,
        "ChatUI/DiagnosticsPane.swift": 1,
        "ChatUI/FrameBuilder.swift": 1,
        "ChatUI/QRCode.swift": 1,
        "ChatUI/Reducer+Attachments.swift": 1,
        "ChatUI/Reducer+Keys.swift": 2,
        "ChatUI/Reducer+Pickers.swift": 3,
        "ChatUI/SlashCommand.swift": 2,
        "ChatUI/StatusBar.swift": 1,
        "ChatUI/TranscriptFormatter+Rich.swift": 1,
        "ChatUI/TranscriptFormatter.swift": 2,
        "ChatUI/TranscriptStore.swift": 2,
        "ChatUI/TranscriptView.swift": 2,
        "DemoServer/Desk/ContactCenterHub+Desk.swift": 1,
        "DemoServer/Desk/DeskGuard.swift": 1,
        "DemoServer/Faults/DemoFaults.swift": 3,
        "DemoServer/Load/ServerLoadGuard.swift": 2,  // a clamped CPU share; a local constant
        "DemoServer/Load/ServerLoadWatch.swift": 1,  // a local duration in whole seconds
        "DemoServer/ParticipantService/ContactCenterHub+Attachments.swift": 1,
        "DemoServer/ParticipantService/ContactCenterHub+Sockets.swift": 9,
        "DemoServer/ParticipantService/SocketEndpoint.swift": 1,
        "DemoServer/PolyAI/ContactCenterHub+PolyAIIdle.swift": 1,
        "DemoServer/PolyAI/PolyAIServerWire.swift": 2,
        "DemoServer/PolyAI/PolyAISocketEndpoint.swift": 2,
        "DemoServer/Server/BindFailure.swift": 1,
        "DemoServer/Server/ConnectionGuard.swift": 2,
        "DemoServer/Server/DemoClock.swift": 8,
        "DemoServer/Server/DemoFrontDoor.swift": 1,
        "DemoServer/Server/HTTPSupport.swift": 1,
        "DemoServer/Server/ListenAddress.swift": 1,
        "DemoServer/Store/TranscriptPager.swift": 1,
        "HelplineScript/Load/CPUMeter.swift": 4,  // getrusage times; a core list read with failable Int(_:); a quota clamped to 4096
        "HelplineScript/Load/LatencyHistogram.swift": 8,
        "HelplineScript/Load/LoadOptionParsing.swift": 2,
        "HelplineScript/Load/LoadPlan.swift": 1,
        "HelplineScript/Load/LoadRecorder.swift": 1,
        "HelplineScript/Load/LoadSummary+Ranges.swift": 7,
        "HelplineScript/Load/LoadThreshold.swift": 2,
        "HelplineScript/Load/SaturationGuard.swift": 2,
        "HelplineScript/Report/ChartScale.swift": 1,
        "HelplineScript/Report/FailureChart.swift": 1,
        "HelplineScript/Report/HistogramChart.swift": 5,
        "HelplineScript/Report/ReportFormat.swift": 2,
        "HelplineScript/Report/ReportTables.swift": 3,
        "HelplineScript/Report/TimelineCharts.swift": 3,
        "HelplineScript/ScriptParser.swift": 1,
        "HelplineScript/ScriptResult.swift": 2,
        "MarkdownANSI/ANSIWriterState.swift": 1,
        "MarkdownANSI/BlockScanner.swift": 21,
        "MarkdownANSI/ByteOutput.swift": 3,
        "MarkdownANSI/ColorConversion.swift": 9,
        "MarkdownANSI/DocumentBuilder.swift": 6,
        "MarkdownANSI/DrawnStyle.swift": 12,
        "MarkdownANSI/HTMLSubset.swift": 27,
        "MarkdownANSI/Healer.swift": 8,
        "MarkdownANSI/LineWrapper.swift": 2,
        "MarkdownANSI/SGRBuilder.swift": 5,
        "MarkdownANSI/SimpleClusters.swift": 13,
        "MarkdownANSI/TerminalColor+Conversion.swift": 3,
        "PolyAI/PolyAIConversation.swift": 3,
        "PolyAI/PolyAIPayload.swift": 2,
        "PolyAI/PolyAIREST.swift": 1,
        "PolyAI/PolyAIWire.swift": 1,
        "SessionCore/BackoffPolicy.swift": 2,
        "SessionCore/ChatEnding.swift": 1,
        "SessionCore/IDSource.swift": 1,
        "SessionCore/JSONValue.swift": 1,
        "SessionCore/JSONValueParser.swift": 3,
        "SessionCore/OutsideNumbers.swift": 1,
        "SessionCore/SessionCore+Socket.swift": 1,
        "SessionCore/SessionCore+Forms.swift": 1,
        "SessionCore/SessionCore+Transcript.swift": 1,
        "SessionCore/LinkTiming.swift": 1,  // a wait clamped to a day before it becomes milliseconds
        "TerminalRuntime/ColorMapper.swift": 8,
        "TerminalRuntime/CursesPainter.swift": 14,
        "TerminalRuntime/CursesTerminal.swift": 10,
        "TerminalRuntime/SmapsScanner.swift": 4,  // ASCII constants
        "TerminalRuntime/KeyDecoder.swift": 4,
        "TerminalRuntime/KeyPathTrace.swift": 2,
        // libedit's counts and the kernel's column count (local, never negative), poll's constant.
        "TerminalRuntime/LineEditor.swift": 14,
        "TerminalRuntime/ProcessSpawner.swift": 1,
        "TerminalRuntime/TerminalExecutor.swift": 7,
        "TerminalRuntime/BareView.swift": 3,
        "TerminalUI/PlainMode+Attachments.swift": 1,
        "TerminalUI/PlainMode+Authentication.swift": 1,
        "TerminalUI/PlainMode+Input.swift": 1,
        "TerminalUI/PlainMode.swift": 1,
        // Numbers typed by the user, parsed with the failable Int(String) and range-checked after.
        "TerminalUI/ScreenReaderModel+Input.swift": 3,
        "TerminalUI/ScreenReaderQuestion.swift": 1,
        "Transport/HTTPRoute.swift": 1,
        "Transport/HTTPTransport+Files.swift": 6,
        "Transport/HTTPTransport.swift": 4,
        "Transport/NoProxyList.swift": 4,
        "Transport/TraceRecorder.swift": 1,
        "Transport/UpgradeDeadline.swift": 2,
        "Transport/WebSocketConnection.swift": 2,
        "helpline/ChatRunner.swift": 3,
        "helpline/ChatRunner+ScreenReader.swift": 1,
        "helpline/RenderCommand.swift": 2,
        "helpline/ScriptCommand.swift": 1,
        "helpline/SessionOptions.swift": 1
    ]

    /// The count per file under `root` (paths relative to it), comment lines left out.
    static func counts(under root: URL) throws -> [String: Int] {
        let regex = try NSRegularExpression(pattern: pattern)
        var result: [String: Int] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            var count = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                guard !trimmed.hasPrefix("//") else { continue }
                let line = String(line)
                count += regex.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line))
            }
            if count > 0 { result[String(url.path.dropFirst(root.path.count + 1))] = count }
        }
        return result
    }

    @Test("no file holds more integer conversions or shifts than were reviewed")
    func everyConversionIsReviewed() throws {
        let found = try Self.counts(under: ModulePlanTests.sources)
        for (file, count) in found.sorted(by: { $0.key < $1.key }) {
            let known = Self.reviewed[file] ?? 0
            #expect(
                count <= known,
                "\(file) has \(count) integer conversions or shifts, \(known) reviewed: is the new one on a value from outside? Range-check it where it is decoded (docs/robustness.md), then raise the count here")
        }
    }

    @Test("the pattern finds a trapping conversion and a shift, and not the checked forms")
    func patternFindsWhatTraps() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let text = """
            let a = Int64(seconds * 1000)
            let b = UInt16(port) << 2
            let c = Int(exactly: d) ?? Int(clamping: e)
            // Int64(x) in a comment
            """
        try text.write(to: root.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        #expect(try Self.counts(under: root) == ["A.swift": 3])
    }
}
