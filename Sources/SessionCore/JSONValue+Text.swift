import Foundation

extension JSONValue {
    /// Compact JSON text: object keys sorted, `/` not escaped, control characters as `\uXXXX`.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value): out += Self.numberText(value)
        case .string(let text): out += Self.quoted(text)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += Self.quoted(key) + ":"
                members[key]?.write(to: &out)
            }
            out += "}"
        }
    }

    /// A number as JSON writes it: whole values below 10^15 without a fraction; never NaN or infinity
    /// (JSON has neither: they are written `null`).
    public static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15, let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    public static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

// Not ExpressibleByNilLiteral: `nil` would then read as `.null` where an optional's nil is meant.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string written in code.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A whole number written in code.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A number with a fraction written in code.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `true` or `false` written in code.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array written in code.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object written in code (a repeated key keeps its last value).
    public init(dictionaryLiteral members: (String, JSONValue)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
