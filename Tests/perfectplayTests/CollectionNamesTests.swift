// Report folders never swallow each other: a later run of another file type with the same name
// gets `<stem>-<ext>`, and `merge` keeps one game's one verb per collection.

import Foundation
import Testing

@Test func aLaterRunOfAnotherTypeKeepsTheEarlierFolder() throws {
    let out = temporaryDirectory()
    let quarto = packageRoot.appendingPathComponent("Puzzles/quarto/tour/midgame.quarto").path
    let shots = packageRoot.appendingPathComponent("Puzzles/battleship/tour/midgame.battleship").path
    #expect(try perfectplay(["solve", "--quiet", "--out", out, quarto]).0 == 0)
    #expect(try perfectplay(["analyze", "--quiet", "--out", out, shots]).0 == 0)
    let first = try String(contentsOfFile: out + "/midgame/results.jsonl", encoding: .utf8)
    let second = try String(contentsOfFile: out + "/midgame-battleship/results.jsonl", encoding: .utf8)
    #expect(first.contains("\"game\":\"quarto\"") && !first.contains("\"game\":\"battleship\""))
    #expect(second.contains("\"game\":\"battleship\""))
    // Running the Quarto file again writes its own folder again.
    #expect(try perfectplay(["solve", "--quiet", "--out", out, quarto]).0 == 0)
    #expect(!FileManager.default.fileExists(atPath: out + "/midgame-quarto"))
}

@Test func mergeKeepsOneVerbACollection() throws {
    let runs = temporaryDirectory(), merged = temporaryDirectory()
    let quarto = packageRoot.appendingPathComponent("Puzzles/quarto/tour/midgame.quarto").path
    #expect(try perfectplay(["solve", "--quiet", "--out", runs + "/a", quarto]).0 == 0)
    #expect(try perfectplay(["analyze", "--quiet", "--out", runs + "/b", quarto]).0 == 0)
    #expect(try perfectplay(["merge", "--quiet", "--out", merged, runs]).0 == 0)
    for verb in ["solve", "analyze"] {
        let text = try String(contentsOfFile: merged + "/midgame-\(verb)/results.jsonl", encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4, "\(verb): \(lines.count) records")   // midgame.quarto holds 4 positions
        #expect(lines.allSatisfy { $0.contains("\"verb\":\"\(verb)\"") })
    }
}
