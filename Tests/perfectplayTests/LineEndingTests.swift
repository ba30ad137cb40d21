// Files saved with Windows line ends (CRLF) read exactly like the originals: Swift reads "\r\n"
// as one Character, so the runner makes line ends plain before any parser sees the text.

import Foundation
import Testing

@Test func crlfFilesGiveTheSameRecordsAsTheOriginals() throws {
    let folder = temporaryDirectory()
    let files = ["Puzzles/peg/tour/triangle-5.peg", "Puzzles/reversi/tour/fforum-1-19.obf",
                 "Puzzles/tsume/tour/generated/mixed-1-7.sfen", "Puzzles/tsume/tour/tanuki_public.tsv",
                 "Puzzles/quarto/tour/midgame.quarto", "Puzzles/battleship/tour/sample.bimaru"]
    for file in files {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let crlf = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let copy = folder + "/" + (file as NSString).lastPathComponent
        try crlf.write(toFile: copy, atomically: true, encoding: .utf8)
        let (code, stdout, stderr) = try perfectplay(["solve", "--jsonl", "--quiet", "--threads", "1", "--out", temporaryDirectory(), copy])
        #expect(code == 0, "\(file): \(stderr)")
        let (_, original, _) = try perfectplay(["solve", "--jsonl", "--quiet", "--threads", "1", "--out", temporaryDirectory(),
                                                packageRoot.appendingPathComponent(file).path])
        #expect(stdout.split(separator: "\n").count == original.split(separator: "\n").count, "\(file)")
        #expect(stdout.contains("\"status\":\"solved\"") && !stdout.contains("\"status\":\"error\""), "\(file)")
    }
}
