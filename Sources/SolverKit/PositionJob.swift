// What a game's loader hands the batch runner: one job a position, and what running it gives.

public enum Verb: String, Sendable, CaseIterable {
    case solve, analyze, count
}

public enum Status: String, Sendable {
    case solved, limit, error
}

/// Everything a solver needs to know about the run it is part of.
public struct SolveContext: Sendable {
    public var verb: Verb
    /// Search threads (`--threads`, default all cores).
    public var threads: Int
    /// Transposition table memory (`--hash-mb`).
    public var hashMB: Int
    /// How deep solution trees are written (`--tree-depth`).
    public var treeDepth: Int
    /// Game options given on the command line, e.g. `["fewest-moves": ""]`.
    public var flags: [String: String]
    public var budget: SearchBudget
    /// Status text for long runs (shown on a terminal, ignored otherwise).
    public var progress: @Sendable (String) -> Void
    /// With `--resume`: the `result` of an earlier run of this position that stopped at a
    /// limit. A solver may continue from it (it must check the record is of this position).
    public var earlier: JSON?

    public init(verb: Verb, threads: Int = 1, hashMB: Int = 256, treeDepth: Int = 2,
                flags: [String: String] = [:], budget: SearchBudget = SearchBudget(limits: Limits()),
                progress: @escaping @Sendable (String) -> Void = { _ in }, earlier: JSON? = nil) {
        self.verb = verb
        self.threads = threads
        self.hashMB = hashMB
        self.treeDepth = treeDepth
        self.flags = flags
        self.budget = budget
        self.progress = progress
        self.earlier = earlier
    }

    /// Whether a flag such as `--fewest-moves` was given.
    public func has(_ flag: String) -> Bool { flags[flag] != nil }
}

/// The result of one position.
public struct Outcome: Sendable {
    public var status: Status
    /// The game-specific result object (see each game's documentation).
    public var result: JSON
    /// Statistics, `nodes` first; the runner adds `seconds` when absent.
    public var stats: [(String, JSON)]
    /// One short line for summary tables, e.g. "solvable, 31 jumps".
    public var summary: String
    /// The message, with status `.error` only.
    public var error: String?
    /// The solver went on from `SolveContext.earlier` (a stopped run's record): the runner then
    /// adds what every run of the position cost (`runs`, `nodesAllRuns`, `secondsAllRuns`).
    public var continuedEarlier = false

    public init(status: Status = .solved, result: JSON, stats: [(String, JSON)], summary: String,
                error: String? = nil) {
        self.status = status
        self.result = result
        self.stats = stats
        self.summary = summary
        self.error = error
    }
}

/// One position of an input file, ready to run.
public struct PositionJob: Sendable {
    public var name: String
    public var location: SourceLocation
    /// The position in its game's file format, complete on its own: the record keeps it as
    /// `result.position`, so reports and `merge` never need the source file again.
    public var text: String
    public var run: @Sendable (SolveContext) -> Outcome

    public init(name: String, location: SourceLocation, text: String,
                run: @escaping @Sendable (SolveContext) -> Outcome) {
        self.name = name
        self.location = location
        self.text = text
        self.run = run
    }
}
