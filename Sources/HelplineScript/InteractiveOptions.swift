import ChatModel
import Foundation

/// Reads the options of an Amazon Connect interactive message (QuickReply, ListPicker, …).
enum InteractiveOptions {
    /// The options of an item: its `choices` as the engine read them, else the titles in the
    /// interactive template JSON; `nil` when the item offers nothing to pick.
    static func choices(of item: ChatItem) -> [String]? {
        if let choices = item.choices, !choices.isEmpty { return choices }
        guard item.contentType.hasPrefix(contentTypePrefix) else { return nil }
        let titles = titles(in: item.text)
        return titles.isEmpty ? nil : titles
    }

    /// The content-type prefix of interactive messages.
    static let contentTypePrefix = "application/vnd.amazonaws.connect.message.interactive"

    /// The titles of `data.content.elements`, in order; empty when the JSON has none.
    static func titles(in json: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let data = object["data"] as? [String: Any],
              let content = data["content"] as? [String: Any],
              let elements = content["elements"] as? [[String: Any]]
        else { return [] }
        return elements.compactMap { $0["title"] as? String }
    }
}
