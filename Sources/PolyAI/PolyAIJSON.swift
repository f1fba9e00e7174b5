import Foundation
import SessionCore

/// A read-only view of a decoded JSON object with tolerant typed accessors.
struct PolyAIJSON {
    /// The underlying object.
    let object: [String: JSONValue]

    /// Wraps an object.
    init(_ object: [String: JSONValue]) { self.object = object }

    /// Parses text into an object; nil when it is not a JSON object.
    static func parse(_ text: String) -> PolyAIJSON? {
        JSONValue(parsing: text)?.object.map(PolyAIJSON.init)
    }

    /// Parses bytes into an object; nil when they are not a JSON object.
    static func parse(_ data: Data) -> PolyAIJSON? {
        JSONValue(parsing: data)?.object.map(PolyAIJSON.init)
    }

    /// A string value.
    func string(_ key: String) -> String? { object[key]?.string }

    /// A non-empty string value.
    func nonEmpty(_ key: String) -> String? { object[key]?.nonEmptyString }

    /// An integer value within `range` (floats truncated); nil when absent or outside it — so a
    /// number from the server is range-checked here, where it is decoded.
    func int(_ key: String, in range: ClosedRange<Int>) -> Int? { object[key]?.int(in: range) }

    /// A boolean value.
    func bool(_ key: String) -> Bool? { object[key]?.bool }

    /// A nested object.
    func child(_ key: String) -> PolyAIJSON? { object[key]?.object.map(PolyAIJSON.init) }

    /// An array of objects (non-objects skipped).
    func objects(_ key: String) -> [PolyAIJSON] {
        (object[key]?.array ?? []).compactMap { $0.object.map(PolyAIJSON.init) }
    }

    /// A string→string map; nil when any value is not a string.
    func stringMap(_ key: String) -> [String: String]? { object[key]?.stringMap }
}
