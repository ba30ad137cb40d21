// BattleshipGame: what the Battleship module exports to perfectplay: `.battleship` positions
// (exact layout counts and the best shot), `.bimaru` Solitaire Battleships puzzles, the
// `simulate` verb and the bench suites.

import SolverKit

public enum BattleshipGame: GameDefinition {
    public static let id = "battleship"
    public static let fileExtensions = ["battleship", "bimaru"]

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        if file.lowercased().hasSuffix(".bimaru") { return loadBimaru(text: text, file: file) }
        return BattleshipFormat.parse(text, file: file).map { parsed in
            parsed.map { position in
                PositionJob(name: position.name, location: position.location) { context in
                    let analysis = BattleshipAnalysis(record: position.record, threads: context.threads, budget: context.budget)
                    let stats: [(String, JSON)] = [("nodes", JSON(analysis.count.nodes))]
                    if !analysis.count.complete {
                        return Outcome(status: .limit, result: .null, stats: stats, summary: "limit reached")
                    }
                    return Outcome(result: analysis.json, stats: stats, summary: analysis.summary)
                }
            }
        }
    }

    public static var options: [OptionHelp] {
        [OptionHelp("max-solutions", value: "N", "bimaru: stop after N solutions (default 2, enough to prove uniqueness)")]
    }

    static func loadBimaru(text: String, file: String) -> [Result<PositionJob, ParseError>] { [] }
}
