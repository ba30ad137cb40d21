// The one thing a game module exports to the executable: how to read its files, run its
// verbs, benchmark it, and any verbs of its own (`simulate`, `generate`).

public protocol GameDefinition {
    /// Short lower-case name: "peg", "reversi", "shogi", "quarto", "battleship".
    static var id: String { get }
    /// Other names the game answers to on the command line (`tsume` for shogi, `bimaru`).
    static var aliases: [String] { get }
    /// File extensions, without the dot, that hold this game's positions.
    static var fileExtensions: [String] { get }
    /// Parses one file: a job or an error for each position. Never traps on any input.
    static func load(text: String, file: String) -> [Result<PositionJob, ParseError>]
    /// Game options, listed by `--help`.
    static var options: [OptionHelp] { get }
    /// The suites `perfectplay bench <id>` runs.
    static var benchSuites: [BenchSuite] { get }
    /// Verbs of the game's own (`perfectplay VERB <id> ARGS...`, e.g. `simulate`, `generate`
    /// via `PuzzleGeneration.main`): the exit code, or nil when the game has no such verb.
    static func command(_ verb: String, arguments: [String]) -> Int32?
    /// `perfectplay split`: the work units `depth` moves below the first position of a file
    /// (see `WorkSplit`); nil when the game cannot split.
    static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>?
    /// `perfectplay merge --tree`: the root's outcome from the game's tree and every unit's
    /// record (by unit name), equal to solving the root in one run.
    static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome
    /// HTML for one record in `index.html` (inline SVG boards, the solution step by step), or
    /// nil for the generic view. Drawn from the record alone, so merged runs draw too.
    static func reportFragment(for record: ResultRecord) -> String?
    /// Collection-wide charts for `index.html` (e.g. mate lengths across a tsume collection).
    static func reportCharts(for records: [ResultRecord]) -> [BarChart]
    /// Files a record adds to its collection's report folder (a tsume problem's KIF), drawn from
    /// the record alone.
    static func reportFiles(for record: ResultRecord) -> [ReportFile]
    /// The text of a position file's bytes: UTF-8 unless the game knows its formats' encodings.
    static func text(of bytes: [UInt8], file: String) -> String
}

extension GameDefinition {
    public static var aliases: [String] { [] }
    public static var options: [OptionHelp] { [] }
    public static var benchSuites: [BenchSuite] { [] }
    public static func command(_ verb: String, arguments: [String]) -> Int32? { nil }
    public static func reportFragment(for record: ResultRecord) -> String? { nil }
    public static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>? { nil }
    public static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome {
        throw WorkTreeError("\(id) has no tree to join")
    }
    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] { [] }
    public static func reportFiles(for record: ResultRecord) -> [ReportFile] { [] }
    public static func text(of bytes: [UInt8], file: String) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// A file of a collection's report folder other than the standard ones, by its path relative to
/// the folder (`kif/name.kif`).
public struct ReportFile: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// A command-line option a game understands, for `--help` and for argument parsing.
public struct OptionHelp: Sendable {
    public var name: String
    /// The value's placeholder (`N`, `MODE`), or nil for a flag without a value.
    public var valueName: String?
    public var help: String

    public init(_ name: String, value: String? = nil, _ help: String) {
        self.name = name
        self.valueName = value
        self.help = help
    }
}
