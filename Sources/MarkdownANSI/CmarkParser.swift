import CCmarkGFM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses markdown with cmark-gfm (tables, strikethrough, autolink, tasklist).
///
/// The styled document is built straight from the cmark node tree (`DocumentBuilder`), with no
/// intermediate Swift tree; `CmarkTree` has the helpers that read nodes.
enum CmarkParser {
    /// The GFM extensions attached to every parser (tables, strikethrough, autolink, tasklist),
    /// registered and looked up once per process (as addresses: the registry never frees them).
    private static let extensions: [UInt] = {
        cmark_gfm_core_extensions_ensure_registered()
        let names: [String] = ["table", "strikethrough", "autolink", "tasklist"]
        return names.compactMap { name in cmark_find_syntax_extension(name).map { UInt(bitPattern: $0) } }
    }()

    /// Parses `text` and passes the document node to `body` (freed afterwards). The C parse is
    /// serialized (cmark-gfm's inline tables are global); reading the finished tree is not.
    static func withDocument<T>(_ text: String, _ body: (OpaquePointer) -> T) -> T? {
        guard let document = ProcessLock.parser.withLock({ parseDocument(text) }) else { return nil }
        defer { cmark_node_free(document) }
        return body(document)
    }

    /// Parses `text`; the caller frees the returned document with `cmark_node_free`.
    static func parse(_ text: String) -> OpaquePointer? {
        ProcessLock.parser.withLock { parseDocument(text) }
    }

    /// Runs cmark-gfm with the GFM extensions attached; the caller frees the returned document.
    private static func parseDocument(_ text: String) -> OpaquePointer? {
        let extensions = extensions
        guard let parser = cmark_parser_new(hl_opt_default()) else { return nil }
        defer { cmark_parser_free(parser) }
        for address in extensions {
            if let ext = OpaquePointer(bitPattern: address) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var source = text
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    cmark_parser_feed(parser, base, chars.count)
                }
            }
        }
        return cmark_parser_finish(parser)
    }
}
