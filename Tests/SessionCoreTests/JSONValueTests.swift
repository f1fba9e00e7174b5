import Foundation
import SessionCore
import Testing

/// What a server sends is read into `JSONValue` without `Any`: the kinds stay apart, numbers stay
/// exact where they can, and what is written back reads the same.
@Suite("JSON values from outside")
struct JSONValueTests {
    @Test("booleans are never numbers and numbers never booleans")
    func booleansAndNumbersStayApart() throws {
        let value = try #require(JSONValue(parsing: #"{"t":true,"one":1,"zero":0,"f":false}"#))
        #expect(value["t"]?.bool == true && value["f"]?.bool == false)
        #expect(value["one"]?.bool == nil && value["zero"]?.bool == nil)
        #expect(value["t"]?.int(in: 0...10) == nil, "true is not the number 1")
        #expect(value["one"]?.int(in: 0...10) == 1)
    }

    @Test("whole numbers up to 64 bits stay exact; larger ones and fractions are range-checked")
    func numbersAreExactAndChecked() throws {
        let value = try #require(JSONValue(parsing: #"{"max":9223372036854775807,"past":9223372036854775808,"huge":1e300,"half":2.5,"neg":-3}"#))
        #expect(value["max"] == .integer(Int64.max))
        #expect(value["max"]?.int(in: 0...(1 << 40)) == nil, "out of range reads as absent")
        #expect(value["past"]?.int(in: Int.min...Int.max) == nil, "past Int64 is no whole number to trust")
        #expect(value["huge"]?.int(in: Int.min...Int.max) == nil)
        #expect(value["half"]?.int(in: 0...10) == 2, "a fraction is truncated")
        #expect(value["neg"]?.int(in: -5...5) == -3)
        #expect(value["half"]?.double == 2.5)
    }

    @Test("any JSON parses, fragments too; what is not JSON does not")
    func parsing() {
        #expect(JSONValue(parsing: #""text""#) == .string("text"))
        #expect(JSONValue(parsing: "null") == .null)
        #expect(JSONValue(parsing: "[1,[true],{}]") == .array([.integer(1), .array([.bool(true)]), .object([:])]))
        #expect(JSONValue(parsing: "{") == nil)
        #expect(JSONValue(parsing: "") == nil)
        #expect(JSONValue(parsing: #"{"a":1} x"#) == nil)
    }

    @Test("written back: keys sorted, slashes as they are, control characters escaped, and it reads the same")
    func writing() throws {
        let value: JSONValue = ["b": ["url": "https://h/x", "n": 1.5], "a": "line\none\u{1B}", "c": [true, .null, -7]]
        #expect(value.text == #"{"a":"line\none\u001b","b":{"n":1.5,"url":"https://h/x"},"c":[true,null,-7]}"#)
        #expect(JSONValue(parsing: value.text) == value)
        #expect(JSONValue.number(3).text == "3")
        #expect(JSONValue.number(.infinity).text == "null", "JSON has no infinity")
    }

    @Test("accessors of the wrong kind give nothing")
    func wrongKinds() {
        let value: JSONValue = ["list": [1, "two", ["k": "v"]], "map": ["x": "1", "y": 2]]
        #expect(value["list"]?.objects == [["k": "v"]])
        #expect(value["map"]?.stringMap == nil, "one value is not a string")
        #expect(value["list"]?["k"] == nil)
        #expect(value["missing"]?.string == nil)
        #expect(JSONValue.string("").nonEmptyString == nil)
    }

    @Test("the one-pass reader reads every spec fixture (and the JSON inside them) as Foundation's decoder does")
    func sameAsFoundationOnTheFixtures() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/specs/fixtures")
        var texts: [String] = []
        for folder in ["connect", "polyai"] {
            let url = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".json") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                texts.append(text)
                // Connect frames carry their item as JSON in a string.
                if let content = JSONValue(parsing: text)?["content"]?.string { texts.append(content) }
            }
        }
        #expect(texts.count > 100)
        for text in texts {
            let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            #expect(JSONValue(parsing: text) == foundation, "\(text.prefix(120))")
        }
    }

    @Test("strict where JSON is strict, and no input nests deep enough to exhaust the stack", arguments: [
        ("01", false), ("1.", false), (".5", false), ("-", false), ("1e", false), ("+1", false), ("[1,]", false),
        ("{\"a\":1,}", false), ("{a:1}", false), ("[1 2]", false), ("\"tab\there\"", false), ("nul", false),
        ("\"\\ud800\"", false), ("\"\\udc00\"", false), ("\"\\x41\"", false), ("tru", false), ("[]x", false),
        ("-0", true), ("1E+2", true), (" [ ] ", true), ("\"\\u00e9\\ud83d\\ude00\\/\"", true),
    ])
    func strictness(text: String, valid: Bool) {
        #expect((JSONValue(parsing: text) != nil) == valid, "\(text)")
    }

    @Test("escapes, surrogate pairs and bytes that are not UTF-8")
    func stringsAndDepth() {
        #expect(JSONValue(parsing: #""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\né😀"))
        #expect(JSONValue(parsing: Data([0x22, 0xFF, 0x41, 0x22])) == .string("\u{FFFD}A"), "not UTF-8: replaced, not refused")
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(JSONValue(parsing: deep) != nil)
        let tooDeep = String(repeating: "[", count: 100_000)
        #expect(JSONValue(parsing: tooDeep) == nil, "refused, not a stack overflow")
        #expect(JSONValue(parsing: "1e400") == .number(.infinity), "past Double: infinity, which int(in:) refuses")
        #expect(JSONValue(parsing: "1e400")?.int(in: Int.min...Int.max) == nil)
    }
}

/// Foundation's decoder reading a JSONValue, the oracle the one-pass reader is checked against.
extension JSONValue: Decodable {
    /// Reads any JSON value; booleans are never read as numbers, nor numbers as booleans.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let whole = try? single.decode(Int64.self) {
            self = .integer(whole)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else if let members = try? single.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            self = .array(try single.decode([JSONValue].self))
        }
    }
}
