// The result record: one JSON object a processed position (DESIGN.md "The result record").

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

    /// The record of one job's outcome, as the batch runner writes it.
    public init(game: String, verb: Verb, job: PositionJob, outcome: Outcome) {
        self.init(game: game, verb: verb, source: "\(job.location.file):\(job.location.line)", name: job.name,
                  status: outcome.status, error: outcome.error, result: outcome.result, stats: outcome.stats,
                  summary: outcome.summary)
    }

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

    public var nodes: Double { stats.first(where: { $0.0 == "nodes" })?.1.doubleValue ?? 0 }
    public var seconds: Double { stats.first(where: { $0.0 == "seconds" })?.1.doubleValue ?? 0 }
}
