import Foundation
import Testing

/// Holds the modules to the plan in docs/architecture.md: each module imports only the Helpline
/// modules the plan lets it. A new arrow means changing the plan here and in the doc, on purpose.
@Suite("The module plan")
struct ModulePlanTests {
    /// For each module under Sources, the Helpline modules it may import. Anything not listed is
    /// an outside package or a system module, which this plan does not restrict.
    static let plan: [String: Set<String>] = [
        "ChatModel": [],
        "SessionCore": ["ChatModel"],
        "MarkdownANSI": ["CCmarkGFM"],
        "AmazonConnect": ["ChatModel", "SessionCore"],
        "PolyAI": ["ChatModel", "SessionCore"],
        "Transport": ["ChatModel", "SessionCore"],
        "ChatEngine": ["ChatModel", "SessionCore", "Transport"],
        "TerminalRuntime": ["CLibedit", "CNcursesw", "ChatModel", "MarkdownANSI"],
        "ChatUI": ["CQRencode", "ChatModel", "MarkdownANSI", "TerminalRuntime"],
        "TerminalUI": ["ChatModel", "ChatUI", "MarkdownANSI", "TerminalRuntime"],
        "HelplineScript": ["ChatEngine", "ChatModel", "SessionCore"],
        "ChatResume": ["AmazonConnect", "ChatEngine", "PolyAI", "SessionCore"],
        "AgentConsole": [
            "AmazonConnect", "ChatEngine", "ChatModel", "ChatUI", "MarkdownANSI", "SessionCore", "TerminalRuntime", "Transport",
        ],
        "AWSSigV4": [],
        "ConnectDirect": ["AWSSigV4", "AmazonConnect", "SessionCore", "Transport"],
        "HelplineConfig": [],
        "DemoServer": [],
        "CCmarkGFM": [],
        "CNcursesw": [],
        "CLibedit": [],
        "CQRencode": [],
        "helpline": [
            "AWSSigV4", "AgentConsole", "AmazonConnect", "ChatEngine", "ChatModel", "ChatResume", "ChatUI", "ConnectDirect", "DemoServer",
            "HelplineConfig", "HelplineScript", "MarkdownANSI", "PolyAI", "SessionCore", "TerminalRuntime", "TerminalUI", "Transport",
        ],
    ]

    /// The rules the plan must keep whatever else changes: (module, modules it must never import).
    static let neverImports: [(String, Set<String>)] = [
        ("DemoServer", clientModules),
        ("ChatModel", uiModules.union(["ChatEngine", "SessionCore"])),
        ("SessionCore", uiModules.union(["ChatEngine"])),
        ("ChatEngine", uiModules),
        ("ChatResume", uiModules),
        ("Transport", uiModules.union(["ChatEngine", "AmazonConnect", "PolyAI"])),
        ("MarkdownANSI", ["ChatEngine", "SessionCore", "ChatModel"]),
        // The chat UI is pure: no curses. The terminal runtime knows no chat UI.
        ("ChatUI", ["CNcursesw", "CLibedit", "TerminalUI", "AgentConsole", "ChatEngine", "SessionCore"]),
        ("TerminalRuntime", ["ChatUI", "TerminalUI", "AgentConsole", "ChatEngine", "SessionCore"]),
    ]

    static let uiModules: Set<String> = ["TerminalUI", "ChatUI", "TerminalRuntime", "MarkdownANSI", "CNcursesw", "CLibedit"]
    /// Every module but the demo server and the executable that wires both sides.
    static let clientModules = Set(plan.keys).subtracting(["DemoServer", "helpline"])

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("every module under Sources imports only what the plan allows")
    func sourcesFollowThePlan() throws {
        let imports = try Self.imports(under: Self.sources)
        #expect(Set(imports.keys) == Set(Self.plan.keys), "a module was added or removed: put it in the plan (and the doc)")
        let found = Self.violations(imports, plan: Self.plan)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the plan itself keeps the rules: no client module in the demo server, no UI below the UI, no engine in the renderer")
    func planKeepsTheRules() {
        for (module, forbidden) in Self.neverImports {
            let allowed = Self.plan[module] ?? []
            #expect(allowed.isDisjoint(with: forbidden), "\(module) may import \(allowed.intersection(forbidden).sorted())")
        }
    }

    /// Modules every target may import without declaring them (the toolchain's own).
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing",
    ]

    @Test("every module declares in Package.swift each module it imports (no dependency reached through another)")
    func importsAreDeclared() throws {
        let manifest = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = Self.declaredDependencies(in: manifest)
        for (module, files) in try Self.imports(under: Self.sources) {
            let allowed = (declared[module] ?? []).union(Self.toolchainModules)
            for (file, imported) in files {
                let undeclared = imported.subtracting(allowed).subtracting([module])
                #expect(undeclared.isEmpty, "\(file) imports \(undeclared.sorted()), not declared for \(module) in Package.swift")
            }
        }
    }

    /// Target name → the quoted names in its `dependencies:` list (targets, products and their packages).
    static func declaredDependencies(in manifest: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let blocks = manifest.components(separatedBy: ".target(").dropFirst()
            + manifest.components(separatedBy: ".executableTarget(").dropFirst()
        for block in blocks {
            // A block runs to the next target of any kind.
            var text = Substring(block)
            for marker in [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("] {
                if let end = text.range(of: marker) { text = text[..<end.lowerBound] }
            }
            guard let nameLabel = text.range(of: "name:"), let name = quoted(in: text[nameLabel.upperBound...]).first else { continue }
            var dependencies: Set<String> = []
            if let list = text.range(of: "dependencies:") {
                var inList = text[list.upperBound...]
                if let close = inList.range(of: "]") { inList = inList[..<close.lowerBound] }
                // Target names, product names and package names (the last never match a module).
                dependencies.formUnion(quoted(in: inList))
            }
            result[name] = dependencies
        }
        return result
    }

    /// The double-quoted strings in `text`, in order.
    static func quoted(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }

    @Test("a forbidden import is reported with its file")
    func aForbiddenImportIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let engine = root.appendingPathComponent("ChatEngine")
        try FileManager.default.createDirectory(at: engine, withIntermediateDirectories: true)
        try "import Foundation\n@preconcurrency import TerminalUI\nimport ChatModel\n"
            .write(to: engine.appendingPathComponent("Bad.swift"), atomically: true, encoding: .utf8)
        try "// import DemoServer is only a comment\nlet text = \"import DemoServer\"\n"
            .write(to: engine.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
        let found = Self.violations(try Self.imports(under: root), plan: Self.plan)
        #expect(found == ["ChatEngine/Bad.swift imports TerminalUI"])
    }

    /// Module → file (relative to `root`) → modules it imports.
    static func imports(under root: URL) throws -> [String: [String: Set<String>]] {
        var result: [String: [String: Set<String>]] = [:]
        let manager = FileManager.default
        for module in try manager.contentsOfDirectory(atPath: root.path) where !module.hasPrefix(".") {
            var files: [String: Set<String>] = [:]
            let directory = root.appendingPathComponent(module)
            guard let walker = manager.enumerator(atPath: directory.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
                files["\(module)/\(path)"] = importedModules(in: text)
            }
            result[module] = files
        }
        return result
    }

    /// The modules `text` imports (`import X`, with any attributes or an import kind before X).
    static func importedModules(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let target = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            modules.insert(String(target.split(separator: ".").first ?? target))
        }
        return modules
    }

    /// "file imports X" for every Helpline module a file imports that its module's plan does not allow.
    static func violations(_ imports: [String: [String: Set<String>]], plan: [String: Set<String>]) -> [String] {
        let helplineModules = Set(plan.keys)
        var found: [String] = []
        for (module, files) in imports {
            let allowed = plan[module] ?? []
            for (file, imported) in files {
                for name in imported.sorted() where helplineModules.contains(name) && name != module && !allowed.contains(name) {
                    found.append("\(file) imports \(name)")
                }
            }
        }
        return found.sorted()
    }
}
