// A record stands alone: it carries its position's own text (`result.position`), so reports
// drawn from records alone (here, after `merge` with every source file deleted) still draw
// every board of every game.

import Foundation
import Testing

@Test func mergedReportsDrawEveryBoardWithTheSourcesGone() throws {
    let sources = temporaryDirectory(), runs = temporaryDirectory(), merged = temporaryDirectory()
    // A few positions of every game, copied so that the copies can be deleted.
    let picks: [(file: String, verb: String, lines: Int?)] = [
        ("Puzzles/peg/tour/triangle-5.peg", "solve", nil),
        ("Puzzles/reversi/tour/fforum-1-19.obf", "solve", 4),
        ("Puzzles/tsume/tour/tanuki_public.tsv", "solve", 4),
        ("Puzzles/tsume/tour/generated/mixed-1-7.sfen", "solve", 4),
        ("Puzzles/quarto/tour/midgame.quarto", "solve", nil),
        ("Puzzles/battleship/tour/midgame.battleship", "analyze", nil),
        ("Puzzles/battleship/tour/sample.bimaru", "solve", nil),
    ]
    var copies: [(path: String, verb: String)] = []
    for pick in picks {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(pick.file), encoding: .utf8)
        let kept = pick.lines.map { text.split(separator: "\n", omittingEmptySubsequences: false).prefix($0).joined(separator: "\n") + "\n" } ?? text
        let copy = sources + "/" + (pick.file as NSString).lastPathComponent
        try kept.write(toFile: copy, atomically: true, encoding: .utf8)
        copies.append((copy, pick.verb))
    }
    for verb in ["solve", "analyze"] {
        let files = copies.filter { $0.verb == verb }.map(\.path)
        let (code, _, stderr) = try perfectplay([verb, "--quiet", "--out", runs + "/" + verb] + files)
        #expect(code == 0, "\(stderr)")
    }
    try FileManager.default.removeItem(atPath: sources)

    let (code, _, stderr) = try perfectplay(["merge", "--quiet", "--out", merged, runs])
    #expect(code == 0, "\(stderr)")
    let collections = try FileManager.default.contentsOfDirectory(atPath: merged).filter {
        FileManager.default.fileExists(atPath: merged + "/" + $0 + "/index.html")
    }
    #expect(collections.count == picks.count)
    for collection in collections {
        let page = try String(contentsOfFile: merged + "/" + collection + "/index.html", encoding: .utf8)
        #expect(!page.contains("Cannot draw"), "\(collection): a board was not drawn")
        // Every position section holds at least one drawn board.
        let sections = page.components(separatedBy: "<section class=\"position\"").dropFirst()
        #expect(!sections.isEmpty)
        for section in sections { #expect(section.contains("<svg"), "\(collection): a position without a board") }
    }
}
