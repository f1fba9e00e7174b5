import Foundation

/// One streamed message's chunks, for `PolyAIStreamAssembler`.
///
/// The gapless run from index 1 is kept joined (`text`, its attachments de-duplicated by URL, its
/// last suggestions), so a chunk that comes in order costs one append. A chunk that comes ahead of a
/// gap, or below index 1, waits in `stray` until the run reaches it; only then is a snapshot more
/// than the run itself.
struct PolyAIStreamBuffer: Sendable {
    /// When the first chunk arrived.
    var time: Date
    /// The lowest sequence among the chunks so far.
    var sequence: Int?
    /// True once the stream was settled (flushed or interrupted); it may still grow.
    var settled = false
    /// The index of the chunk marked complete, once it came.
    private(set) var finalIndex: Int?
    /// The highest index seen.
    private(set) var highest: Int?
    /// The texts of chunks 1…`run`, joined (both ways: ``PolyAIStreamText``).
    private var text = PolyAIStreamText()
    /// The attachments of chunks 1…`run`, de-duplicated by URL.
    private var attachments: [PolyAIAttachment] = []
    /// The URLs among `attachments`.
    private var attachmentURLs: Set<String> = []
    /// The suggestions of the last chunk in 1…`run` that had any.
    private var suggestions: [PolyAISuggestion] = []
    /// Chunks 1…`run` are all here (and joined above).
    private var run = 0
    /// Chunks outside the run: ahead of a gap, or below index 1.
    private var stray: [Int: PolyAIPayload] = [:]

    /// A buffer for a stream whose first chunk came at `time`.
    init(time: Date, sequence: Int?) {
        self.time = time
        self.sequence = sequence
    }

    /// How many chunks are here.
    private var count: Int { run + stray.count }

    /// True when the final chunk and every one before it are here.
    var isWhole: Bool {
        guard let finalIndex else { return false }
        return run >= max(finalIndex, 1)
    }

    /// True when no index below the highest one seen is missing.
    var isGapless: Bool {
        guard let highest else { return true }
        return count == highest
    }

    /// Adds the chunk at `index`; nil if that index is already here (a replay), else how many chunks
    /// were joined onto the run (it, and the strays it made contiguous).
    mutating func insert(_ payload: PolyAIPayload, at index: Int) -> Int? {
        guard !(index >= 1 && index <= run), stray[index] == nil else { return nil }
        if payload.isComplete { finalIndex = index }
        highest = max(highest ?? index, index)
        guard index == run + 1 else {
            stray[index] = payload
            return 0
        }
        join(payload)
        var joined = 1
        while let next = stray.removeValue(forKey: run + 1) {
            join(next)
            joined += 1
        }
        return joined
    }

    /// Appends the next chunk of the run.
    private mutating func join(_ payload: PolyAIPayload) {
        run += 1
        if let part = payload.text { text.append(part) }
        Self.merge(payload.attachments, into: &attachments, urls: &attachmentURLs)
        if !payload.suggestions.isEmpty { suggestions = payload.suggestions }
    }

    /// The text, attachments and suggestions of every chunk here in index order, and how many stray
    /// chunks were read to make them (none while the chunks come in order).
    func joined() -> (text: String, attachments: [PolyAIAttachment], suggestions: [PolyAISuggestion], read: Int) {
        guard !stray.isEmpty else { return (text.text, attachments, suggestions, 0) }
        let below = stray.filter { $0.key < 1 }.sorted { $0.key < $1.key }.map(\.value)
        let above = stray.filter { $0.key > run }.sorted { $0.key < $1.key }.map(\.value)
        var allText = PolyAIStreamText()
        for part in below.compactMap(\.text) { allText.append(part) }
        allText.append(text)
        for part in above.compactMap(\.text) { allText.append(part) }
        var allAttachments: [PolyAIAttachment] = []
        var urls: Set<String> = []
        for part in below { Self.merge(part.attachments, into: &allAttachments, urls: &urls) }
        Self.merge(attachments, into: &allAttachments, urls: &urls)
        for part in above { Self.merge(part.attachments, into: &allAttachments, urls: &urls) }
        let last = above.last(where: { !$0.suggestions.isEmpty })?.suggestions
            ?? (suggestions.isEmpty ? below.last(where: { !$0.suggestions.isEmpty })?.suggestions : suggestions)
        return (allText.text, allAttachments, last ?? [], stray.count)
    }

    /// Appends `incoming` to `list`, leaving out any whose URL is already there.
    private static func merge(_ incoming: [PolyAIAttachment], into list: inout [PolyAIAttachment], urls: inout Set<String>) {
        for attachment in incoming {
            if let url = attachment.url {
                guard urls.insert(url).inserted else { continue }
            }
            list.append(attachment)
        }
    }
}
