// The shogi game for perfectplay: loads `.sfen` / `.tsv` tsume files, solves them (shortest mate,
// or first proof with `--mode mate`), counts perft, and names the bench suites.
import Foundation
import SolverKit

public enum ShogiGame: GameDefinition {
    public static let id = "shogi"
    public static let aliases = ["tsume"]
    public static let fileExtensions = ["sfen", "tsv", "kif", "kifu"]

    public static var verbs: [VerbSupport] {
        [VerbSupport(.solve, gives: "mate or no mate, the exact shortest mate, its line (USI and KIF) and the proof tree; "
                     + "the composers' length and main line (futile interpositions not counted) with a one-line verdict: sound, or the flaws found",
                     options: [OptionHelp("mode", value: "MODE", "'shortest' (default): the exact shortest mate; 'mate': stop at the first proof"),
                               OptionHelp("walk-nodes", value: "N", "search nodes the composers' main-line walk may spend comparing the leftovers of "
                                          + "alternative lines (default 1,000,000); past it the line kept is a longest line, marked composerWalkCapped")]),
         VerbSupport(.analyze, gives: "as solve, with the full soundness report (cooks, longer defences, shorter mate, leftover, "
                     + "redundant pieces) and every check's value at the root under the composers' rules"),
         VerbSupport(.count, gives: "perft: the positions at each depth",
                     options: [OptionHelp("depth", value: "N", "perft depth (default 3)")])]
    }

    public static let commands = ["generate", "usi"]

    /// Every tsume position is kept as an `.sfen` line, whatever file it came from.
    public static func textExtension(forSourceExtension ext: String) -> String { "sfen" }

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        TsumeInput.load(text: text, file: file).map { r in
            r.map { problem in
                PositionJob(name: problem.name, location: problem.location,
                            text: problem.recordText) { context in
                    TsumeRun.run(problem, context: context)
                }
            }
        }
    }

    public static func command(_ verb: String, arguments: [String]) -> Int32? {
        switch verb {
        case "generate": TsumeGenerator.command(arguments)
        case "usi": USIEngine.command(arguments)
        default: nil
        }
    }

    public static var benchSuites: [BenchSuite] { TsumeBench.suites }

    /// KIF files in Shift_JIS or UTF-8; the other formats in UTF-8.
    public static func text(of bytes: [UInt8], file: String) -> String {
        let ext = (file as NSString).pathExtension.lowercased()
        return ext == "kif" || ext == "kifu" ? KIFRecord.decode(bytes) : String(decoding: bytes, as: UTF8.self)
    }
}
