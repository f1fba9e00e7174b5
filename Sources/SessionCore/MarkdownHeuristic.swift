/// Decides whether a typed message is meant as markdown.
enum MarkdownHeuristic {
    /// True when the text uses markdown syntax a reader would expect rendered.
    static func looksLikeMarkdown(_ text: String) -> Bool {
        if text.contains("**") || text.contains("`") || text.contains("](") || text.contains("~~") { return true }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("# ") || trimmed.hasPrefix("## ") || trimmed.hasPrefix("- ")
                || trimmed.hasPrefix("* ") || trimmed.hasPrefix("> ") || trimmed.hasPrefix("| ")
            {
                return true
            }
        }
        return false
    }
}
