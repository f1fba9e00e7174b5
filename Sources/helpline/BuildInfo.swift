/// The version `helpline --version` prints. A source build says `0.1.0 (source build)`;
/// `make dist` writes this file again in its clean checkout with the version it packages and
/// the `git describe` of the commit it was built from.
enum BuildInfo {
    /// The release version.
    static let version = "0.1.0"
    /// Where the binary came from: `git describe --always --dirty` of a `make dist` build.
    static let origin = "source build"
    /// What `--version` prints.
    static var line: String { "\(version) (\(origin))" }
}
