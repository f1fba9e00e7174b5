/// A folder listing the reducer asked for (``UIEffect/listFolder(_:)``) and what it is for.
struct FolderWanted: Equatable {
    /// What the listing is for.
    enum Purpose: Equatable {
        /// Tab completion of the path in this draft.
        case completion(draft: String)
        /// `/attach`: whether `path` is a file (`text` is the command as typed, `argument` its path
        /// as typed).
        case attach(text: String, argument: String, path: String)
    }

    /// The folder to list.
    var folder: String
    /// What for.
    var purpose: Purpose
}
