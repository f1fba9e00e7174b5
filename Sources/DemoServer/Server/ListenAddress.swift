import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the address the demo server binds says about who can reach it.
public enum ListenAddress {
    /// True for addresses only this machine reaches: 127.0.0.0/8, `::1` (also IPv4-mapped, as
    /// `::ffff:127.0.0.1`) and the name `localhost`. Anything else, the wildcards `0.0.0.0` and `::`
    /// and every other name included, counts as reachable from the network.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes.prefix(15).allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }  // ::1
        let mapped = bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return mapped && bytes[12] == 127
    }

    /// An address as a URL's host: IPv6 in brackets.
    static func bracketed(_ address: String) -> String {
        address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
    }
}
