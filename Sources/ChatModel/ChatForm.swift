/// A form the contact center asks the user to fill in and answer with one of its actions
/// (an Amazon Connect view). The actions are the item's ``ChatItem/choices``.
///
/// The item's text is ``markdown(actions:answered:)``: the engine renders it again whenever a
/// field changes, so every front end shows the values as they are.
public struct ChatForm: Codable, Sendable, Hashable {
    /// Markdown shown above the fields (title, texts of the form).
    public var intro: String
    /// The fields the user can fill in, in order.
    public var fields: [FormField]
    /// False while the form is still being fetched (only its intro is known).
    public var isLoaded: Bool

    /// Creates a form.
    public init(intro: String, fields: [FormField] = [], isLoaded: Bool = true) {
        self.intro = intro
        self.fields = fields
        self.isLoaded = isLoaded
    }

    /// The field called `name` (case-insensitive), if the form has one.
    public func field(named name: String) -> FormField? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Sets the field called `name` (case-insensitive); false when there is no such field.
    public mutating func set(_ name: String, to value: String) -> Bool {
        guard let index = fields.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            return false
        }
        fields[index].value = value
        return true
    }

    /// The fields that have a value, as the form's answer carries them.
    public var filled: [FormField] { fields.filter { !$0.value.isEmpty } }

    /// The form as markdown: intro, then one line per field with its value (the actions are the
    /// item's ``ChatItem/choices``, shown with them).
    public var markdown: String {
        var lines = [intro]
        if !fields.isEmpty {
            lines.append("")
            for field in fields { lines.append("- \(field.name): \(field.value.isEmpty ? "—" : field.value)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// One field of a ``ChatForm``.
public struct FormField: Codable, Sendable, Hashable {
    /// The field's name, as the form's answer carries it.
    public var name: String
    /// The current value (empty: not filled in).
    public var value: String
    /// The JSON type the answer carries it as: `string`, `number`, `integer` or `boolean`.
    public var type: String

    /// Creates a field.
    public init(name: String, value: String = "", type: String = "string") {
        self.name = name
        self.value = value
        self.type = type
    }
}
