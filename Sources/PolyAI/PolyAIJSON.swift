import Foundation

/// A read-only view of a decoded JSON object with tolerant typed accessors.
struct PolyAIJSON {
    /// The underlying object.
    let object: [String: Any]

    /// Wraps an object.
    init(_ object: [String: Any]) { self.object = object }

    /// Parses text into an object; nil when it is not a JSON object.
    static func parse(_ text: String) -> PolyAIJSON? {
        guard let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return PolyAIJSON(object)
    }

    /// A string value.
    func string(_ key: String) -> String? { object[key] as? String }

    /// A non-empty string value.
    func nonEmpty(_ key: String) -> String? {
        guard let value = string(key), !value.isEmpty else { return nil }
        return value
    }

    /// An integer value within `range` (floats truncated); nil when absent or outside it — so a
    /// number from the server is range-checked here, where it is decoded.
    func int(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = object[key] as? NSNumber, !Self.isBoolean(number) else { return nil }
        // Compared as a Double first: a float past Int's range would not truncate to the number sent.
        let double = number.doubleValue
        guard double.isFinite, double > Double(range.lowerBound) - 1, double < Double(range.upperBound) + 1 else { return nil }
        let value = Int(truncating: number)
        return range.contains(value) ? value : nil
    }

    /// A boolean value.
    func bool(_ key: String) -> Bool? {
        guard let number = object[key] as? NSNumber, Self.isBoolean(number) else { return nil }
        return number.boolValue
    }

    /// True for JSON `true`/`false` (on Linux `is Bool` also matches the integers 0 and 1).
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    /// A nested object.
    func child(_ key: String) -> PolyAIJSON? { (object[key] as? [String: Any]).map(PolyAIJSON.init) }

    /// An array of objects (non-objects skipped).
    func objects(_ key: String) -> [PolyAIJSON] {
        ((object[key] as? [Any]) ?? []).compactMap { ($0 as? [String: Any]).map(PolyAIJSON.init) }
    }

    /// A string→string map; nil when any value is not a string.
    func stringMap(_ key: String) -> [String: String]? {
        guard let raw = object[key] as? [String: Any] else { return nil }
        var map: [String: String] = [:]
        for (name, value) in raw {
            guard let text = value as? String else { return nil }
            map[name] = text
        }
        return map
    }
}
