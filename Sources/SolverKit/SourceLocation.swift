// Where a position or an error sits in an input file, printed as `file:line:column`.

public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column number.
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
