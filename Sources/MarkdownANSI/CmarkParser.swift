import CCmarkGFM
import Synchronization

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
    /// The lock around cmark-gfm parsing, for the whole process.
    ///
    /// cmark-gfm keeps the inline "special characters" table in a C global and rewrites it on every
    /// parse (extensions add `~`, `:`, `w`, … and remove them when the parse ends), so two parses
    /// running on different threads corrupt each other (strikethrough and autolinks go missing).
    static let lock = Mutex(())

    /// The GFM extensions attached to every parser (tables, strikethrough, autolink, tasklist),
    /// registered and looked up once per process (as addresses: the registry never frees them).
    private static let extensions: [UInt] = {
        cmark_gfm_core_extensions_ensure_registered()
        let names: [String] = ["table", "strikethrough", "autolink", "tasklist"]
        return names.compactMap { name in cmark_find_syntax_extension(name).map { UInt(bitPattern: $0) } }
    }()

    /// Parses `text` and passes the document node to `body`, then frees the tree; the lock is held
    /// throughout (cmark-gfm's inline tables are global while it parses, and reading a literal
    /// may allocate).
    static func withDocument<T>(_ text: String, _ body: (OpaquePointer) -> T) -> T? {
        lock.withLock { _ in
            guard let document = parseDocument(text) else { return nil }
            defer { cmark_node_free(document) }
            return body(document)
        }
    }

    /// Parses `text`; the caller frees the returned document with `cmark_node_free`.
    static func parse(_ text: String) -> OpaquePointer? {
        lock.withLock { _ in parseDocument(text) }
    }

    /// Runs cmark-gfm with the GFM extensions attached; the caller frees the returned document.
    private static func parseDocument(_ text: String) -> OpaquePointer? {
        let extensions = extensions
        guard let parser = cmark_parser_new_with_mem(hl_opt_default(), cmark_get_default_mem_allocator()) else { return nil }
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
