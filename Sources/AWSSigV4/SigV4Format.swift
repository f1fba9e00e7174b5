import Foundation

/// The canonical forms SigV4 signs: URI, query string, headers, dates, hex.
enum SigV4Format {
    /// `20150830T123600Z` in UTC.
    static func amzDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// Lower-case hex of bytes.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// RFC 3986 encoding of everything but the unreserved characters (and `/` when `keepSlash`).
    static func uriEncode(_ text: String, keepSlash: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepSlash:
                out += "/"
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// The canonical URI: the path with each segment encoded (non-S3 services encode the sent path once more).
    static func canonicalURI(_ path: String) -> String {
        path.isEmpty ? "/" : uriEncode(path, keepSlash: true)
    }

    /// The canonical query: each name and value decoded then encoded, sorted by name then value.
    static func canonicalQuery(_ query: String) -> String {
        guard !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { part -> (String, String) in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(pieces[0]))
            let value = pieces.count > 1 ? decode(String(pieces[1])) : ""
            return (uriEncode(name), uriEncode(value))
        }
        return pairs.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    private static func decode(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }

    /// Canonical header lines (names lower-cased and sorted, values trimmed with inner spaces
    /// collapsed, repeated names joined with commas) and the signed-headers list.
    static func canonicalHeaders(_ headers: [(String, String)]) -> (String, String) {
        var merged: [String: [String]] = [:]
        for (name, value) in headers {
            let collapsed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            merged[name.lowercased(), default: []].append(collapsed.trimmingCharacters(in: .whitespaces))
        }
        let names = merged.keys.sorted()
        let lines = names.map { "\($0):\(merged[$0, default: []].joined(separator: ","))\n" }.joined()
        return (lines, names.joined(separator: ";"))
    }
}
