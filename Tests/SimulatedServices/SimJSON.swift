import Foundation

/// JSON helpers for the simulated services: they read and write JSON as plain dictionaries,
/// with shapes written from the specs — never the client's types.
public enum SimJSON {
    /// The object in `data`, if it is one.
    static func object(_ data: Data?) -> [String: Any]? {
        guard let data, !data.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The object in `text`, if it is one (a trailing byte, as iOS sends, is tolerated).
    static func object(_ text: String) -> [String: Any]? {
        if let value = object(Data(text.utf8)) { return value }
        return object(Data(text.dropLast().utf8))
    }

    /// `value` as JSON bytes (sorted keys, so runs are repeatable).
    static func data(_ value: Any) -> Data {
        Data(text(value).utf8)
    }

    /// `value` as JSON text, keys sorted. (Written here rather than with `JSONSerialization`, whose
    /// key sorting through `NSString` took half of a simulation's time.)
    static func text(_ value: Any) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout String) {
        switch value {
        case let string as String:
            writeString(string, to: &out)
        case let number as NSNumber:
            // (Swift's Bool, Int and Double and parsed JSON numbers all arrive here; "c" is a Boolean.)
            if String(cString: number.objCType) == "c" {
                out += number.boolValue ? "true" : "false"
            } else {
                let double = number.doubleValue
                out += double == double.rounded() && abs(double) < 1e15 ? String(number.int64Value) : String(double)
            }
        case let array as [Any]:
            out += "["
            for (index, element) in array.enumerated() {
                if index > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        case let object as [String: Any]:
            out += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                writeString(key, to: &out)
                out += ":"
                write(object[key] ?? NSNull(), to: &out)
            }
            out += "}"
        default:
            out += "null"
        }
    }

    private static func writeString(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Where virtual time 0 is on the calendar (the simulated client's clock starts there too, so the
    /// services' timestamps and the client's own times compare).
    public static let epochSeconds: TimeInterval = 1_800_000_000

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` for `millis` of virtual time. The milliseconds are written from the
    /// integer: formatting the `Date` truncates its binary fraction, and 34.612 s came out as `34.611`,
    /// the same as 34.611 s — two items a millisecond apart looked simultaneous.
    static func timestamp(_ millis: Int64) -> String {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let fraction = millis - seconds * 1000
        let whole = Date(timeIntervalSince1970: epochSeconds + Double(seconds)).formatted(Date.ISO8601FormatStyle())
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

/// One HTTP exchange as a simulated service sees it.
public struct SimRequest: Sendable {
    /// `GET`, `POST`, `PUT`.
    public var method: String
    /// The whole URL.
    public var url: String
    /// Headers, lower-cased names.
    public var headers: [String: String]
    /// The body.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: String, headers: [String: String], body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The URL's path.
    var path: String { URLComponents(string: url)?.path ?? url }

    /// A query parameter.
    func query(_ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }
}

/// A simulated service's answer.
public struct SimResponse: Sendable {
    /// The status.
    public var status: Int
    /// Headers, lower-cased names.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// A JSON answer.
    static func json(_ status: Int, _ value: Any, headers: [String: String] = [:]) -> SimResponse {
        SimResponse(status: status, headers: ["content-type": "application/json"].merging(headers) { $1 }, body: SimJSON.data(value))
    }

    /// An AWS-style error answer.
    static func awsError(_ status: Int, _ type: String, _ message: String) -> SimResponse {
        json(status, ["message": message], headers: ["x-amzn-errortype": type])
    }
}

/// What a simulated service does with a socket: frames to send, and whether to close it.
public struct SimSocketOutput: Sendable {
    /// Frames to send, in order.
    public var frames: [String] = []
    /// Close the socket with this code after the frames (nil: keep it open).
    public var close: Int?

    /// Creates an output.
    public init(frames: [String] = [], close: Int? = nil) {
        self.frames = frames
        self.close = close
    }
}
