import Foundation

/// GetTranscript paging over a contact's stored items (oldest first).
///
/// A cursor is a position between items. FORWARD from cursor `c` returns items `[c, c+max)`,
/// BACKWARD returns `[c-max, c)`. `StartPosition.Id` puts the cursor just after (FORWARD) or just
/// before (BACKWARD) that item, so the item itself is excluded; `AbsoluteTime` includes items at
/// exactly that time; `MostRecent k` puts the cursor before the k most recent items. Without a
/// StartPosition FORWARD starts at the oldest item and BACKWARD at the newest.
struct TranscriptPager {
    /// Page direction.
    enum Direction: String { case forward = "FORWARD", backward = "BACKWARD" }

    /// A computed page: the item indices (oldest first) and the token for the next page.
    struct Page: Equatable {
        var range: Range<Int>
        var nextToken: String?
        var descending: Bool
    }

    let contactId: String

    /// Computes the page a request asks for over `items` (oldest first).
    func page(items: [StoredItem], request: GetTranscriptRequest) throws -> Page {
        let maxResults = try resolvedMaxResults(request.maxResults)
        let descending = try resolvedSortDescending(request.sortOrder)
        let start = request.startPosition
        let hasStart = start.map { $0.id != nil || $0.absoluteTime != nil || $0.mostRecent != nil } ?? false
        var direction = try resolvedDirection(request.scanDirection, hasStartPosition: hasStart)
        var cursor: Int
        if let token = request.nextToken, !token.isEmpty {
            let decoded = try decodeToken(token, itemCount: items.count)
            direction = decoded.direction
            cursor = decoded.cursor
        } else if let start, hasStart {
            guard let position = try cursorFor(start, direction: direction, items: items) else {
                return Page(range: 0..<0, nextToken: nil, descending: descending)
            }
            cursor = position
        } else {
            cursor = direction == .forward ? 0 : items.count
        }
        cursor = min(max(cursor, 0), items.count)
        let range: Range<Int>
        var next: String?
        switch direction {
        case .forward:
            range = cursor..<min(cursor + maxResults, items.count)
            if range.upperBound < items.count { next = encodeToken(.forward, range.upperBound) }
        case .backward:
            range = max(cursor - maxResults, 0)..<cursor
            if range.lowerBound > 0 { next = encodeToken(.backward, range.lowerBound) }
        }
        return Page(range: range, nextToken: next, descending: descending)
    }

    private func resolvedMaxResults(_ value: Int?) throws -> Int {
        guard let value else { return 10 }
        guard (0...100).contains(value) else {
            throw ParticipantServiceError.validation(
                "1 validation error detected: Value '\(value)' at 'maxResults' failed to satisfy constraint: "
                    + "Member must have value less than or equal to 100")
        }
        return value == 0 ? 10 : value
    }

    private func resolvedSortDescending(_ value: String?) throws -> Bool {
        switch value {
        case nil, "DESCENDING": return true
        case "ASCENDING": return false
        default: throw enumError("sortOrder", value, "[DESCENDING, ASCENDING]")
        }
    }

    private func resolvedDirection(_ value: String?, hasStartPosition: Bool) throws -> Direction {
        guard let value else { return hasStartPosition ? .forward : .backward }
        guard let direction = Direction(rawValue: value) else {
            throw enumError("scanDirection", value, "[FORWARD, BACKWARD]")
        }
        return direction
    }

    private func enumError(_ member: String, _ value: String?, _ allowed: String) -> ParticipantServiceError {
        .validation(
            "1 validation error detected: Value '\(value ?? "")' at '\(member)' failed to satisfy constraint: "
                + "Member must satisfy enum value set: \(allowed)")
    }

    /// Cursor for a StartPosition; nil when the Id is unknown (an empty page).
    private func cursorFor(_ start: WireStartPosition, direction: Direction, items: [StoredItem]) throws -> Int? {
        if let id = start.id {
            guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
            return direction == .forward ? index + 1 : index
        }
        if let time = start.absoluteTime {
            guard let millis = ConnectTime.parseMillis(time) else {
                throw ParticipantServiceError.validation("Invalid StartPosition.AbsoluteTime '\(time)'")
            }
            switch direction {
            case .forward: return items.firstIndex { $0.millis >= millis } ?? items.count
            case .backward: return items.firstIndex { $0.millis > millis } ?? items.count
            }
        }
        if let recent = start.mostRecent {
            guard (0...100).contains(recent) else {
                throw ParticipantServiceError.validation(
                    "1 validation error detected: Value '\(recent)' at 'startPosition.mostRecent' failed to "
                        + "satisfy constraint: Member must have value less than or equal to 100")
            }
            return max(items.count - recent, 0)
        }
        return direction == .forward ? 0 : items.count
    }

    /// Opaque, contact-bound token: `AAEAA` + base64("<contact>|<F|B>|<cursor>").
    private func encodeToken(_ direction: Direction, _ cursor: Int) -> String {
        let raw = "\(contactId)|\(direction == .forward ? "F" : "B")|\(cursor)"
        return "AAEAA" + Data(raw.utf8).base64EncodedString()
    }

    private func decodeToken(_ token: String, itemCount: Int) throws -> (direction: Direction, cursor: Int) {
        let invalid = ParticipantServiceError.validation("Invalid NextToken")
        guard token.hasPrefix("AAEAA"), let data = Data(base64Encoded: String(token.dropFirst(5))) else {
            throw invalid
        }
        let parts = String(decoding: data, as: UTF8.self).split(separator: "|").map(String.init)
        guard parts.count == 3, parts[0] == contactId, let cursor = Int(parts[2]), cursor >= 0, cursor <= itemCount
        else { throw invalid }
        return (parts[1] == "F" ? .forward : .backward, cursor)
    }
}
