// The one thing a game module exports to the executable: how to read its files, which verbs it
// answers and with which options, how to draw its records, its benchmarks, and any verbs of its
// own (`simulate`, `generate`).

public protocol GameDefinition {
    /// Short lower-case name: "peg", "reversi", "shogi", "quarto", "battleship".
    static var id: String { get }
    /// Other names the game answers to on the command line (`tsume` for shogi, `bimaru`).
    static var aliases: [String] { get }
    /// File extensions, without the dot, that hold this game's positions.
    static var fileExtensions: [String] { get }
    /// The batch verbs (`solve`, `analyze`, `count`) the game answers, each with its options.
    /// A verb not listed is refused with exit code 2 and a message naming the listed ones.
    static var verbs: [VerbSupport] { get }
    /// Parses one file: a job or an error for each position. Never traps on any input. Each
    /// job carries its position's own text, which alone parses back to the same position.
    static func load(text: String, file: String) -> [Result<PositionJob, ParseError>]
    /// The extension whose format `PositionJob.text` is in, for a position read from a file with
    /// extension `ext`: `ext` itself, unless the game writes positions in another of its formats
    /// (a tsume `.tsv` row is kept as an `.sfen` line).
    static func textExtension(forSourceExtension ext: String) -> String
    /// The suites `perfectplay bench <id>` runs.
    static var benchSuites: [BenchSuite] { get }
    /// Verbs of the game's own (`perfectplay VERB <id> ARGS...`), listed for help and checks.
    static var commands: [String] { get }
    /// Runs one of `commands`: the exit code, or nil when the game has no such verb.
    static func command(_ verb: String, arguments: [String]) -> Int32?
    /// `perfectplay split`: the work units `depth` moves below the first position of a file
    /// (see `WorkSplit`); nil when the game cannot split.
    static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>?
    /// `perfectplay merge --tree`: the root's outcome from the game's tree and every unit's
    /// record (by unit name), equal to solving the root in one run.
    static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome
    /// HTML for one record in `index.html` (inline SVG boards, the solution step by step), or
    /// nil for the generic view. Drawn from the record alone (`result.position`), never from the
    /// source file, so merged runs from other machines draw too.
    static func reportFragment(for record: ResultRecord) -> String?
    /// Collection-wide charts for `index.html` (e.g. mate lengths across a tsume collection).
    static func reportCharts(for records: [ResultRecord]) -> [BarChart]
    /// Files a record adds to its collection's report folder (a tsume problem's KIF), drawn from
    /// the record alone.
    static func reportFiles(for record: ResultRecord) -> [ReportFile]
    /// The text of a position file's bytes: UTF-8 unless the game knows its formats' encodings.
    static func text(of bytes: [UInt8], file: String) -> String
    /// One line saying what a collection's positions came to, for the run's `index.html`
    /// ("1231 mates, 1-11 plies, every line verified").
    static func collectionHeadline(for records: [ResultRecord]) -> String
}

extension GameDefinition {
    public static var aliases: [String] { [] }
    public static func textExtension(forSourceExtension ext: String) -> String { ext }
    public static var benchSuites: [BenchSuite] { [] }
    public static var commands: [String] { [] }
    public static func command(_ verb: String, arguments: [String]) -> Int32? { nil }
    public static func reportFragment(for record: ResultRecord) -> String? { nil }
    public static func split(text: String, file: String, depth: Int, verb: Verb) -> Result<WorkSplit, ParseError>? { nil }
    public static func joinTree(_ tree: JSON, units: [String: ResultRecord]) throws(WorkTreeError) -> Outcome {
        throw WorkTreeError("\(id) has no tree to join")
    }
    public static func reportCharts(for records: [ResultRecord]) -> [BarChart] { [] }
    public static func reportFiles(for record: ResultRecord) -> [ReportFile] { [] }
    public static func text(of bytes: [UInt8], file: String) -> String { String(decoding: bytes, as: UTF8.self) }
    public static func collectionHeadline(for records: [ResultRecord]) -> String { GenericHeadline.line(for: records) }

    /// The declaration of `verb` for files with extension `ext`, if the game answers it there.
    public static func support(_ verb: Verb, forExtension ext: String) -> VerbSupport? {
        verbs.first { $0.verb == verb && ($0.fileExtensions?.contains(ext.lowercased()) ?? true) }
    }

    /// A file's text as every parser reads it: decoded by the game (`text(of:file:)`), Windows
    /// line ends made plain. Swift reads "\r\n" as one Character, so a parser splitting on "\n"
    /// would see a CRLF file as one line.
    public static func fileText(of bytes: [UInt8], file: String) -> String {
        let text = self.text(of: bytes, file: file)
        return text.utf8.contains(13) ? text.replacing("\r\n", with: "\n") : text
    }

    /// "solve, analyze" (the batch verbs the game answers for some of its files).
    public static var verbNames: String {
        Verb.allCases.filter { v in verbs.contains { $0.verb == v } }.map(\.rawValue).joined(separator: ", ")
    }

    /// "solve, count" (the verbs answered for files with extension `ext`).
    public static func verbList(forExtension ext: String) -> String {
        Verb.allCases.filter { support($0, forExtension: ext) != nil }.map(\.rawValue).joined(separator: ", ")
    }
}

/// A batch verb a game answers: what it gives, for which of the game's files, with which options.
public struct VerbSupport: Sendable {
    public var verb: Verb
    /// One line for `--help` and the README's table: what the verb gives for this game.
    public var gives: String
    /// The extensions it applies to; nil for all of the game's files.
    public var fileExtensions: [String]?
    public var options: [OptionHelp]

    public init(_ verb: Verb, gives: String, fileExtensions: [String]? = nil, options: [OptionHelp] = []) {
        self.verb = verb
        self.gives = gives
        self.fileExtensions = fileExtensions
        self.options = options
    }
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
