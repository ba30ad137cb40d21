// The --help texts.

import SolverKit
import Games

enum Help {
    static let overview = """
    perfectplay - exact solvers for board games: peg solitaire, Reversi endgames, tsume shogi,
    Quarto and Battleship. Every answer is exact: a result is a proof, never a guess.

    Usage:
      perfectplay solve    PATH...   exact result and solution for every position in the files
      perfectplay analyze  PATH...   the exact value of every legal move / every cell
      perfectplay count    PATH...   state-space counts: reachable positions, solutions, perft
      perfectplay generate GAME ...  puzzle collections with checked unique solutions
      perfectplay simulate GAME ...  strategy statistics over many simulated games
      perfectplay bench    [SUITE]   the benchmark suites (a table, and Reports/bench/)
      perfectplay merge    PATH...   join the results of shard runs (--shard K/N) into one report
      perfectplay split    FILE      cut one huge solve into work units; merge --tree joins them
      perfectplay usi                a USI tsume engine for shogi GUIs (stdin/stdout; also perfectplay-usi)
      perfectplay VERB --help        options of one verb

    A PATH is a position file or a directory (every position file below it). The game is known
    from the file extension: \(extensionList).

    Results go to stdout (a line a position, or JSON Lines with --jsonl) and to
    Reports/<collection>/ (results.jsonl, written as each position finishes; summary.md and
    index.html with the boards drawn). Reports/index.html links every collection; the run's
    last line on stderr gives its counts, its time and that page.
    Try: perfectplay solve Puzzles/*/tour      (the bundled tour, a minute or two)
    Exit codes: 0 all positions processed; 1 some failed to parse or hit a limit (the others are
    still solved and written); 2 usage error; 130 interrupted (Ctrl-C; finished work is kept).
    """

    static var extensionList: String {
        catalog.games.map { game in game.fileExtensions.map { "." + $0 }.joined(separator: " ") + " (\(game.id))" }
            .joined(separator: ", ")
    }

    static let commonOptions = """
    Options:
      --out DIR            report folder (default Reports/)
      --jsonl              one JSON object a position on stdout (the result record)
      --threads N          search threads (default: all cores)
      --hash-mb N          transposition table memory per position (default 256)
      --time-limit S       seconds per position; a position that runs out gets status "limit"
      --node-limit N       nodes per position, likewise
      --tree-depth N       depth of the solution trees written (default 2)
      --resume             skip positions already in results.jsonl (continue a killed run);
                           a Reversi analyze stopped by a limit or Ctrl-C goes on from its proven moves,
                           a tsume problem from above the length bounds it had disproven;
                           records match by file:line as given (a file none matches is named)
      --shard K/N          process only every N-th position, starting at the K-th
      --quiet              no progress, no per-position lines, no closing line
    """

    static let verbs: [String: String] = [
        "solve": "perfectplay solve PATH... : the exact result of every position, with its solution.",
        "analyze": "perfectplay analyze PATH... : the exact value of every legal move (every cell for Battleship).",
        "count": "perfectplay count PATH... : state-space counts (reachable positions, solutions, games, perft).",
    ]

    static func verb(_ verb: String) -> String {
        var text = (verbs[verb] ?? "perfectplay \(verb)") + "\n\n" + commonOptions
        let batchVerb = Verb(rawValue: verb)
        for game in catalog.games {
            let declared = game.verbs.filter { $0.verb == batchVerb }
            guard !declared.isEmpty else {
                text += "\n\(game.id): no \(verb) (its verbs: \(game.verbNames))\n"
                continue
            }
            text += "\n\(game.id)"
            for support in declared {
                let files = (support.fileExtensions ?? game.fileExtensions).map { "." + $0 }.joined(separator: " ")
                text += "\n  \(files): \(support.gives)\n"
                for option in support.options {
                    let head = "  --\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
                    text += head.padding(21) + option.help + "\n"
                }
            }
        }
        return text
    }

    static let bench = """
    perfectplay bench [SUITE|GAME]... [--threads N] [--hash-mb N] [--time-limit S] [--out DIR]

    Runs benchmark suites (all when none is named; a suite's name runs that suite, a game name or
    a prefix such as reversi-ffo40 every suite under it) in this build: use a release build
    (swift build -c release). Prints a table per suite and writes Reports/bench/<suite>.md and
    <suite>.json. With --help after names, lists the suites they would run. --time-limit
    replaces the time bound of the suites that state one (peg-triangle-moves-9 and -10: CPU
    seconds); the others ignore it.

    Suites:
    """
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
