import ChatModel

/// A backend that completes some items after they arrived, with a further call (for example an
/// Amazon Connect view fetched with DescribeView).
///
/// The engine asks once per new item that ``needsEnrichment(_:)``; the answer replaces the item.
public protocol ItemEnriching: Sendable {
    /// True when `item` should be completed by ``enrich(_:)``.
    func needsEnrichment(_ item: ChatItem) -> Bool
    /// The completed item, or nil to leave it as it is.
    func enrich(_ item: ChatItem) async -> ChatItem?
}
