// Every game says which verbs it answers: README's table of file types and verbs matches the
// declarations, a verb a game does not have is refused with exit code 2 and a message naming the
// verbs it has, and no game option reuses the name of one of perfectplay's own options.

import Foundation
import Testing
@testable import perfectplay
import SolverKit
import Games

/// README's "What it solves" table: the file extensions of a row and its verb cells.
private func readmeRows() throws -> [(extensions: [String], cells: [String: String])] {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n").map(String.init)
    guard let headerIndex = lines.firstIndex(where: { $0.hasPrefix("| files |") }) else { return [] }
    let header = lines[headerIndex].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    var rows: [(extensions: [String], cells: [String: String])] = []
    for line in lines[(headerIndex + 2)...] {
        guard line.hasPrefix("|") else { break }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var byColumn: [String: String] = [:]
        for (name, cell) in zip(header, cells) { byColumn[name] = cell }
        let extensions = (byColumn["files"] ?? "").split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`.,")) }
        rows.append((extensions, byColumn))
    }
    return rows
}

@Test func readmeTableMatchesTheDeclaredVerbs() throws {
    let rows = try readmeRows()
    #expect(Set(rows.flatMap(\.extensions)) == Set(catalog.extensions))
    for row in rows {
        for ext in row.extensions {
            let game = try #require(catalog.game(forExtension: ext))
            for verb in Verb.allCases {
                let cell = row.cells[verb.rawValue] ?? ""
                let declared = game.support(verb, forExtension: ext) != nil
                #expect(declared == (cell != "-" && !cell.isEmpty), ".\(ext) \(verb.rawValue): README says '\(cell)'")
            }
            let own = (row.cells["own verbs"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
                .filter { !$0.isEmpty && $0 != "-" }
            #expect(Set(own) == Set(game.commands), ".\(ext): own verbs \(own) against \(game.commands)")
        }
    }
}

@Test func aVerbAGameLacksIsRefusedNamingItsVerbs() throws {
    let files = ["peg": "Puzzles/peg/tour/triangle-4.peg", "obf": "Puzzles/reversi/tour/fforum-1-19.obf",
                 "sfen": "Puzzles/tsume/tour/generated/mixed-1-7.sfen", "tsv": "Puzzles/tsume/tour/tanuki_public.tsv",
                 "quarto": "Puzzles/quarto/tour/midgame.quarto", "battleship": "Puzzles/battleship/tour/midgame.battleship",
                 "bimaru": "Puzzles/battleship/tour/sample.bimaru", "kif": "Puzzles/tsume/tour/tanuki-09-0001.kif",
                 "kifu": "Puzzles/tsume/tour/mate3-0001.kifu"]
    #expect(Set(files.keys) == Set(catalog.extensions))
    var refused = 0
    for (ext, file) in files {
        let game = try #require(catalog.game(forExtension: ext))
        for verb in Verb.allCases where game.support(verb, forExtension: ext) == nil {
            let (code, stdout, stderr) = try perfectplay([verb.rawValue, "--out", temporaryDirectory(),
                                                          packageRoot.appendingPathComponent(file).path])
            #expect(code == 2, ".\(ext) \(verb.rawValue)")
            #expect(stdout.isEmpty)
            #expect(stderr.contains("has no '\(verb.rawValue)'") && stderr.contains(game.verbList(forExtension: ext)), "\(stderr)")
            refused += 1
        }
    }
    #expect(refused > 0)
}

@Test func gameOptionsNeverReuseABuiltInName() {
    for game in catalog.games {
        for support in game.verbs {
            let builtIn = CommandLineArguments.builtInOptions[support.verb.rawValue] ?? []
            for option in support.options {
                #expect(!builtIn.contains(option.name), "\(game.id) \(support.verb.rawValue) --\(option.name) is perfectplay's own")
            }
        }
    }
    // One spelling per concept: an option two games declare for one verb takes the same kind of value.
    for verb in Verb.allCases {
        var seen: [String: String?] = [:]
        for game in catalog.games {
            for option in game.verbs.filter({ $0.verb == verb }).flatMap(\.options) {
                if let earlier = seen[option.name] { #expect(earlier == option.valueName, "--\(option.name) for \(verb)") }
                seen[option.name] = option.valueName
            }
        }
    }
}

@Test func shogiPerftDepthIsTheCountDepth() throws {
    let file = temporaryDirectory() + "/start.sfen"
    try "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n".write(toFile: file, atomically: true, encoding: .utf8)
    // Shogi perft from the start: 30, 900 (published).
    for (depth, expected) in [(1, "[30]"), (2, "[30,900]")] {
        let (code, stdout, _) = try perfectplay(["count", "--jsonl", "--quiet", "--out", temporaryDirectory(), "--depth", "\(depth)", file])
        #expect(code == 0)
        let compact = stdout.replacingOccurrences(of: " ", with: "")
        #expect(compact.contains("\"perft\":\(expected)"), "depth \(depth): \(stdout)")
    }
}
