import Foundation

/// The hosts reached without a proxy (`NO_PROXY`), read as curl and the AWS CLI read it:
/// entries separated by commas or spaces; `*` means every host; a name matches itself and every
/// name under it (`example.com` and `.example.com` both match `example.com` and `a.example.com`,
/// not `badexample.com`); an IP address matches that address, `10.0.0.0/8` a network; `host:port`
/// (`[v6]:port`) only that port. Names compare case-insensitively; a trailing dot is ignored.
public struct NoProxyList: Sendable, Hashable {
    /// One entry of the list.
    enum Entry: Sendable, Hashable {
        /// `*`: every host.
        case everything
        /// A host name and the names under it.
        case domain(String, port: Int?)
        /// An IP address (`bits` = the whole address) or a CIDR network.
        case network(IPAddress, bits: Int, port: Int?)
    }

    /// The entries, in the order written.
    let entries: [Entry]

    /// Reads a `NO_PROXY` value (unreadable entries are skipped, as curl does).
    public init(_ text: String) {
        entries = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Self.entry(String($0)) }
    }

    /// True when the list is empty.
    public var isEmpty: Bool { entries.isEmpty }

    /// True when `host` (a name or an IP address, IPv6 with or without brackets) on `port` bypasses the proxy.
    public func matches(host: String, port: Int) -> Bool {
        let name = Self.normalized(host)
        let address = IPAddress(name)
        return entries.contains { entry in
            switch entry {
            case .everything:
                return true
            case .domain(let domain, let only):
                guard only == nil || only == port, address == nil else { return false }
                return name == domain || name.hasSuffix("." + domain)
            case .network(let network, let bits, let only):
                guard only == nil || only == port, let address else { return false }
                return address.isIn(network, bits: bits)
            }
        }
    }

    private static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    private static func entry(_ raw: String) -> Entry? {
        if raw == "*" { return .everything }
        var text = Substring(raw.lowercased())
        var port: Int?
        if text.hasPrefix("[") {
            // [v6] or [v6]:port
            guard let close = text.firstIndex(of: "]") else { return nil }
            let after = text[text.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()) else { return nil }
                port = number
            } else if !after.isEmpty {
                return nil
            }
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            // name:port or v4:port (a bare IPv6 address has several colons)
            guard let number = Int(text[text.index(after: colon)...]) else { return nil }
            port = number
            text = text[..<colon]
        }
        if let slash = text.firstIndex(of: "/") {
            guard let address = IPAddress(String(text[..<slash])), let bits = Int(text[text.index(after: slash)...]),
                  (0...address.bitCount).contains(bits) else { return nil }
            return .network(address, bits: bits, port: port)
        }
        if let address = IPAddress(String(text)) { return .network(address, bits: address.bitCount, port: port) }
        while text.hasPrefix("*.") { text = text.dropFirst(2) }
        while text.hasPrefix(".") { text = text.dropFirst() }
        while text.hasSuffix(".") { text = text.dropLast() }
        guard !text.isEmpty else { return nil }
        return .domain(String(text), port: port)
    }
}

/// An IPv4 or IPv6 address as bytes (4 or 16 of them).
struct IPAddress: Sendable, Hashable {
    /// The address bytes, network order.
    let bytes: [UInt8]

    /// Reads a dotted IPv4 or a textual IPv6 address (no brackets); nil for anything else.
    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// 32 or 128.
    var bitCount: Int { bytes.count * 8 }

    /// True for 127.0.0.0/8 and ::1.
    var isLoopback: Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// True when the first `bits` bits equal those of `network` (of the same family).
    func isIn(_ network: IPAddress, bits: Int) -> Bool {
        guard network.bytes.count == bytes.count else { return false }
        var left = bits
        for (mine, theirs) in zip(bytes, network.bytes) where left > 0 {
            let take = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            if mine & mask != theirs & mask { return false }
            left -= take
        }
        return true
    }
}
