import Foundation
import SessionCore
@testable import PolyAI

// PolyAI socket frames: one input is a run of frames separated by NUL bytes, fed to one `PolyAIWire`
// (dedup, sequence cursor, batches, chunk assembly in any order, handoff events). The first byte
// picks how many sessions came before (the epoch that orders a later session's items after an
// earlier one's) and whether replies stream.

/// Sequenced envelopes first in ascending order, then unsequenced ones (the decoder's promise).
func isHandlingOrder(_ envelopes: [PolyAIEnvelope]) -> Bool {
    var lastSequence = Int.min
    var sawUnsequenced = false
    for envelope in envelopes {
        guard let sequence = envelope.sequence else {
            sawUnsequenced = true
            continue
        }
        if sawUnsequenced || sequence < lastSequence { return false }
        lastSequence = sequence
    }
    return true
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolyAIFrames(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let setup = input.byte()
    var wire = PolyAIWire(options: PolyAIOptions(apiKey: "key", streaming: setup & 0x80 == 0), ids: IDSource(seed: 3))
    for _ in 0..<(setup & 0x03) { wire.conversation.reset() }

    var cursor = wire.cursor
    for (index, piece) in input.rest().pieces(separator: 0, limit: 32).enumerated() {
        let frame = String(decoding: piece, as: UTF8.self)
        let envelopes = PolyAIFrameDecoder.decode(frame)
        require(isHandlingOrder(envelopes), "envelopes out of handling order in frame \(index)")
        for envelope in envelopes {
            require(envelope.sequence.map(PolyAIConversation.sequences.contains) ?? true, "sequence \(envelope.sequence ?? 0) out of range")
        }
        let decoded = wire.decode(frame, now: fuzzNow.addingTimeInterval(Double(index)))
        require(wire.cursor >= cursor, "the replay cursor went back from \(cursor) to \(wire.cursor)")
        cursor = wire.cursor
        let capabilities = wire.capabilities
        require(capabilities.heartbeatInterval > .zero && capabilities.heartbeatInterval <= .seconds(3600), "a heartbeat of \(capabilities.heartbeatInterval)")
        require((capabilities.messageLimit?.maximum ?? 1_048_576) >= 256, "a message limit of \(capabilities.messageLimit?.maximum ?? 0)")
        for reply in decoded.replies {
            require(PolyAIJSON.parse(reply) != nil, "a reply frame is not a JSON object: \(reply)")
        }
    }
    _ = wire.chatClosed(now: fuzzNow.addingTimeInterval(100))
    _ = wire.heartbeat(now: fuzzNow.addingTimeInterval(101))
    return 0
}
