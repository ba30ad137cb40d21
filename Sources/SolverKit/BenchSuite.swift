// Benchmark suites: each game names its own; `perfectplay bench` prints them as tables and
// records them under `Reports/bench/`.

public struct BenchRow: Sendable {
    public var name: String
    public var columns: [(String, JSON)]

    public init(_ name: String, _ columns: [(String, JSON)]) {
        self.name = name
        self.columns = columns
    }
}

public struct BenchContext: Sendable {
    public var threads: Int
    public var hashMB: Int
    /// `--time-limit`: seconds for the suites that have a time bound of their own (nil: theirs).
    public var timeLimit: Double?
    public var log: @Sendable (String) -> Void

    public init(threads: Int, hashMB: Int, timeLimit: Double? = nil, log: @escaping @Sendable (String) -> Void) {
        self.threads = threads
        self.hashMB = hashMB
        self.timeLimit = timeLimit
        self.log = log
    }
}

public struct BenchSuite: Sendable {
    public var name: String
    public var summary: String
    public var run: @Sendable (BenchContext) -> [BenchRow]
    /// The thread count the suite fixes for itself (`reversi-ffo40-49-t1`), reported instead of
    /// `--threads`; nil when it uses `--threads`.
    public var threads: Int?

    public init(name: String, summary: String, threads: Int? = nil,
                run: @escaping @Sendable (BenchContext) -> [BenchRow]) {
        self.name = name
        self.summary = summary
        self.threads = threads
        self.run = run
    }
}
