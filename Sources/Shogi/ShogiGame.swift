// The shogi game for perfectplay: loads `.sfen` / `.tsv` tsume files, solves them (shortest mate,
// or first proof with `--mode mate`), counts perft, and names the bench suites.
import Foundation
import SolverKit

public enum ShogiGame: GameDefinition {
    public static let id = "shogi"
    public static let aliases = ["tsume"]
    public static let fileExtensions = ["sfen", "tsv"]

    public static var options: [OptionHelp] {
        [OptionHelp("mode", value: "MODE", "'shortest' (default): exact shortest mate; 'mate': stop at the first proof"),
         OptionHelp("depth", value: "N", "count: perft depth (default 3)")]
    }

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        TsumeInput.load(text: text, file: file).map { r in
            r.map { problem in
                PositionJob(name: problem.name, location: problem.location) { context in
                    TsumeRun.run(problem, context: context)
                }
            }
        }
    }

    public static func command(_ verb: String, arguments: [String]) -> Int32? {
        verb == "generate" ? TsumeGenerator.command(arguments) : nil
    }

    public static var benchSuites: [BenchSuite] { TsumeBench.suites }
}
