/// Escapes text for XML and HTML (the JUnit file and the HTML report): the five special characters
/// as entities, control characters dropped.
enum MarkupEscaper {
    /// How line breaks and tabs are written.
    enum Whitespace {
        /// Newlines and tabs kept as they are (HTML content, where CSS decides); a carriage return dropped.
        case kept
        /// A newline as `&#10;` (it survives in an XML attribute), a tab or carriage return as a space.
        case forAttributes
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as entities and other control characters (C0, DEL, C1) dropped.
    static func escape(_ text: String, whitespace: Whitespace) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": if whitespace == .kept { out.unicodeScalars.append(scalar) } else { out += "&#10;" }
            case "\t": if whitespace == .kept { out.unicodeScalars.append(scalar) } else { out += " " }
            case "\r": if whitespace == .forAttributes { out += " " }
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F, !(0x80..<0xA0).contains(scalar.value) {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
