// The result record: one JSON object a processed position (README "Output").

public struct ResultRecord: Sendable {
    public var game: String
    public var verb: Verb
    /// `file:line` of the position.
    public var source: String
    public var name: String
    public var status: Status
    public var error: String?
    public var result: JSON
    public var stats: [(String, JSON)]
    public var summary: String

    public init(game: String, verb: Verb, source: String, name: String, status: Status, error: String? = nil,
                result: JSON, stats: [(String, JSON)], summary: String) {
        self.game = game
        self.verb = verb
        self.source = source
        self.name = name
        self.status = status
        self.error = error
        self.result = result
        self.stats = stats
        self.summary = summary
    }

    /// The record of one job's outcome, as the batch runner writes it: the result object
    /// starts with `position`, the job's own text.
    public init(game: String, verb: Verb, job: PositionJob, outcome: Outcome) {
        var result = outcome.result
        if case .object(let fields) = result, !fields.contains(where: { $0.0 == "position" }) {
            result = .object([("position", .string(job.text))] + fields)
        } else if result == .null {
            result = .object([("position", .string(job.text))])
        }
        self.init(game: game, verb: verb, source: "\(job.location.file):\(job.location.line)", name: job.name,
                  status: outcome.status, error: outcome.error, result: result, stats: outcome.stats,
                  summary: outcome.summary)
    }

    /// The position in its game's format (`result.position`), nil in a record without one.
    public var position: String? { result["position"]?.stringValue }

    public var json: JSON {
        var pairs: [(String, JSON)] = [
            ("game", .string(game)), ("verb", .string(verb.rawValue)), ("source", .string(source)),
            ("name", .string(name)), ("status", .string(status.rawValue)),
        ]
        if let error { pairs.append(("error", .string(error))) }
        pairs.append(("result", result))
        pairs.append(("stats", .object(stats)))
        pairs.append(("summary", .string(summary)))
        return .object(pairs)
    }

    /// Reads a record back from its JSON (for `--resume` and `merge`).
    public init?(json: JSON) {
        guard let game = json["game"]?.stringValue, let source = json["source"]?.stringValue,
              let statusText = json["status"]?.stringValue, let status = Status(rawValue: statusText)
        else { return nil }
        self.game = game
        self.verb = json["verb"]?.stringValue.flatMap(Verb.init(rawValue:)) ?? .solve
        self.source = source
        self.name = json["name"]?.stringValue ?? ""
        self.status = status
        self.error = json["error"]?.stringValue
        self.result = json["result"] ?? .null
        self.stats = json["stats"]?.objectValue ?? []
        self.summary = json["summary"]?.stringValue ?? ""
    }

    public func stat(_ name: String) -> JSON? { stats.first { $0.0 == name }?.1 }
    public var nodes: Double { stat("nodes")?.doubleValue ?? 0 }
    public var seconds: Double { stat("seconds")?.doubleValue ?? 0 }

    /// What every run of the position cost, this one having gone on from `earlier` (whose own
    /// totals already hold the runs before it): `runs`, `nodesAllRuns`, `secondsAllRuns`.
    func totals(after earlier: ResultRecord) -> [(String, JSON)] {
        let nodes = (earlier.stat("nodesAllRuns")?.doubleValue ?? earlier.nodes) + self.nodes
        let seconds = (earlier.stat("secondsAllRuns")?.doubleValue ?? earlier.seconds) + self.seconds
        return [("runs", .int((earlier.stat("runs")?.intValue ?? 1) + 1)), ("nodesAllRuns", JSON(UInt64(nodes))),
                ("secondsAllRuns", .double((seconds * 1e6).rounded() / 1e6))]
    }
}
