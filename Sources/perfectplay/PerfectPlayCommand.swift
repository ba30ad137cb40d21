// Dispatch of the verbs: solve/analyze/count to the batch runner, bench to the suites, any
// other verb to the game named after it (`perfectplay simulate battleship ...`).

import Foundation
import SolverKit
import Games

enum PerfectPlayCommand {
    static func usageError(_ message: String) -> Int32 {
        StandardStream.error.write("perfectplay: \(message)\n")
        return 2
    }

    static func run(_ argv: [String]) -> Int32 {
        guard let verb = argv.first else {
            print(Help.overview)
            return 2
        }
        if verb == "--help" || verb == "-h" || verb == "help" {
            print(Help.overview)
            return 0
        }
        let rest = Array(argv.dropFirst())
        // A batch verb's game options: every game's declared options for it (one spelling per
        // concept, so two games' `--depth` for count mean the same thing).
        let gameOptions = Verb(rawValue: verb).map { v in
            catalog.games.flatMap { $0.verbs.filter { $0.verb == v }.flatMap(\.options) }
        } ?? []
        switch verb {
        case "solve", "analyze", "count", "bench", "merge", "split":
            let arguments: CommandLineArguments
            do {
                arguments = try CommandLineArguments(verb: verb, arguments: rest, gameOptions: gameOptions)
            } catch {
                return usageError("\(error)")
            }
            if verb == "bench" { return bench(arguments) }
            if verb == "merge" { return arguments.treeFile == nil ? MergeCommand.run(arguments) : TreeMergeCommand.run(arguments) }
            if verb == "split" { return SplitCommand.run(arguments) }
            if arguments.help {
                print(Help.verb(verb))
                return 0
            }
            guard !arguments.paths.isEmpty else {
                return usageError("\(verb) needs at least one PATH (see perfectplay \(verb) --help)")
            }
            var configuration = BatchConfiguration(verb: Verb(rawValue: verb)!, paths: arguments.paths)
            configuration.outDirectory = arguments.outDirectory
            configuration.jsonl = arguments.jsonl
            configuration.quiet = arguments.quiet
            configuration.resume = arguments.resume
            configuration.threads = arguments.threads
            configuration.treeDepth = arguments.treeDepth
            configuration.limits = arguments.limits
            configuration.flags = arguments.flags
            configuration.shard = arguments.shard
            configuration.commandLine = (["perfectplay"] + argv).joined(separator: " ")
            return BatchRunner(configuration: configuration, catalog: catalog).run()
        case "usi":
            // the shogi module's USI engine: `perfectplay usi` names no game
            return gameVerb(verb, ["shogi"] + rest.drop(while: { $0 == "shogi" || $0 == "tsume" }))
        default:
            return gameVerb(verb, rest)
        }
    }

    static func bench(_ arguments: CommandLineArguments) -> Int32 {
        if arguments.help {
            // with names, only the suites they would run
            guard let suites = BenchCommand.select(arguments.paths) else { return 2 }
            print(Help.bench)
            for (_, suite) in suites { print("  \(suite.name.padding(28))\(suite.summary)") }
            return 0
        }
        return BenchCommand.run(arguments)
    }

    static func gameVerb(_ verb: String, _ rest: [String]) -> Int32 {
        let games = catalog.games.map { $0.id }.joined(separator: ", ")
        guard let gameName = rest.first, !gameName.hasPrefix("-") else {
            if rest.contains("--help") || rest.contains("-h") {
                print("perfectplay \(verb) GAME [options] (games: \(games)); perfectplay \(verb) GAME --help for its options")
                return 0
            }
            return usageError("unknown verb '\(verb)' or missing GAME (see perfectplay --help)")
        }
        guard let game = catalog.game(id: gameName) else {
            return usageError("unknown game '\(gameName)'; games: \(games)")
        }
        guard game.commands.contains(verb), let code = game.command(verb, arguments: Array(rest.dropFirst())) else {
            let own = game.commands.isEmpty ? "" : "; its own verbs: \(game.commands.joined(separator: ", "))"
            return usageError("\(game.id) has no verb '\(verb)' (batch verbs: \(game.verbNames)\(own))")
        }
        return code
    }
}
