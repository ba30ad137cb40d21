// The end of a run: one closing line on stderr with the counts, and the report folder's
// index.md / index.html linking every collection, this run's and earlier runs'.

import Foundation
import Testing

@Test func aRunEndsWithItsCountsAndAnIndexOfEveryCollection() throws {
    let out = temporaryDirectory()
    let peg = packageRoot.appendingPathComponent("Puzzles/peg/tour/triangle-5.peg").path
    let bad = packageRoot.appendingPathComponent("Tests/Fixtures/malformed/peg-unknown-symbol.peg").path
    let tsume = packageRoot.appendingPathComponent("Puzzles/tsume/tour/generated/mixed-1-7.sfen").path
    // An earlier run into the same folder: its collection stays listed, apart.
    let (firstCode, _, _) = try perfectplay(["solve", "--quiet", "--out", out, tsume])
    #expect(firstCode == 0)

    let (code, _, stderr) = try perfectplay(["solve", "--out", out, peg, bad])
    #expect(code == 1)
    // triangle-5.peg holds 3 problems of the 15-hole triangle, where every start is solvable
    // (published); the malformed file gives one error record.
    let closing = stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(closing.hasPrefix("perfectplay solve: 4 positions, 3 solved, 0 stopped by a limit, 1 error, "), "\(closing)")
    #expect(closing.hasSuffix("reports in \(out)/index.html"))

    let markdown = try String(contentsOfFile: out + "/index.md", encoding: .utf8)
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    for collection in ["triangle-5", "peg-unknown-symbol", "mixed-1-7"] {
        #expect(markdown.contains("[\(collection)](\(collection)/index.html)"))
        #expect(html.contains("<a href=\"\(collection)/index.html\">\(collection)</a>"))
    }
    // This run's collections come before the earlier run's section.
    let earlierHeading = try #require(markdown.range(of: "## Earlier runs in this folder"))
    #expect(markdown.range(of: "[triangle-5]")!.lowerBound < earlierHeading.lowerBound)
    #expect(markdown.range(of: "[mixed-1-7]")!.lowerBound > earlierHeading.lowerBound)
    // Each row carries its counts and the game's one-line result: the 12 generated problems are
    // mates of 1 to 7 plies (three of each odd length, by construction of the file).
    let tsumeRow = try #require(markdown.split(separator: "\n").first { $0.contains("[mixed-1-7]") })
    #expect(tsumeRow.contains("12 mates in 1-7 plies"))
    let pegRow = try #require(markdown.split(separator: "\n").first { $0.contains("[triangle-5]") })
    #expect(pegRow.contains("3 solvable, 0 impossible"))
    #expect(html.contains("Written by perfectplay"))
}
