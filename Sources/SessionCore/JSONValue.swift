import Foundation

/// A decoded JSON value that is `Sendable` and typed all the way down: what a server sent, read
/// without `Any`. Integers that fit in 64 bits stay exact (`integer`); other numbers are `number`.
///
/// ```swift
/// let frame = JSONValue(parsing: #"{"type":"HEARTBEAT","sequence":12}"#)
/// frame?["type"]?.string                        // "HEARTBEAT"
/// frame?["sequence"]?.int(in: 0...(1 << 40))   // 12
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (its keys are written sorted).
    case object([String: JSONValue])

    /// Parses JSON text (any value, not only an object); nil when it is not JSON.
    public init?(parsing data: Data) {
        guard let value = data.withUnsafeBytes({ JSONValueParser.parse($0.bindMemory(to: UInt8.self)) }) else { return nil }
        self = value
    }

    /// Parses JSON text; nil when it is not JSON.
    public init?(parsing text: String) {
        var text = text
        guard let value = text.withUTF8({ JSONValueParser.parse($0) }) else { return nil }
        self = value
    }

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The text of a string value.
    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The text of a string value that is not empty.
    public var nonEmptyString: String? {
        guard let text = string, !text.isEmpty else { return nil }
        return text
    }

    /// The members of an object.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The elements of an array.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The elements of an array that are objects (others skipped); empty for anything else.
    public var objects: [JSONValue] {
        (array ?? []).filter { $0.object != nil }
    }

    /// A boolean value (never a number: `1` is not `true`).
    public var bool: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    /// A number as a `Double`, for either kind of number.
    public var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// A whole number within `range` (a fraction truncated toward zero); nil when absent, not a
    /// number, or outside the range — so a number from outside is range-checked where it is read.
    public func int(in range: ClosedRange<Int>) -> Int? {
        let whole: Int64?
        switch self {
        case .integer(let value): whole = value
        case .number(let value):
            // Compared as a Double first: a float past Int64's range has no whole value to truncate to.
            guard value.isFinite, value > -9.2e18, value < 9.2e18 else { return nil }
            whole = Int64(value.rounded(.towardZero))
        default: whole = nil
        }
        guard let whole, let value = Int(exactly: whole), range.contains(value) else { return nil }
        return value
    }

    /// A string→string map; nil when this is not an object or any value is not a string.
    public var stringMap: [String: String]? {
        guard let members = object else { return nil }
        var map: [String: String] = [:]
        for (name, value) in members {
            guard let text = value.string else { return nil }
            map[name] = text
        }
        return map
    }
}
