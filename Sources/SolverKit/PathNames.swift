// Path names taken apart without NSString: its `deletingLastPathComponent` traps on a
// one-character path (swift-corelibs-foundation), and a user's `--out u` must not crash.

public enum PathNames {
    /// The folder part of a path: "a/b/c" -> "a/b", "/c" -> "/", "c" -> "".
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component: "a/b/c.peg" -> "c.peg".
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }
}
