// KIF records: the writer's output read back by the reader into the same moves and variations
// (whole proof trees of published problems), hand-written KIF texts read into the moves they
// spell, Shift_JIS bytes, the rule that picks a tsume problem out of a record, and errors.
import Foundation
import SolverKit
import Testing
@testable import Shogi

private func usi(_ moves: [Move]) -> [String] { moves.map(\.usi) }

/// Published problems solved with their whole proof tree (`treeDepth` = the length), as KIF.
private func solvedKIFs(_ fixture: String, lengths: ClosedRange<Int>) throws -> [(TsumeProblem, Int, KIFRecord)] {
    let text = try String(contentsOf: fixtureURL(fixture), encoding: .utf8)
    var out: [(TsumeProblem, Int, KIFRecord)] = []
    for item in TsumeInput.load(text: text, file: fixture) {
        let problem = try item.get()
        guard let expected = problem.expectedLength, lengths.contains(expected) else { continue }
        let solver = MateSolver(position: problem.position, hashMB: 16, budget: SearchBudget(limits: Limits(timeLimit: 60)))
        let answer = solver.solve(firstProofOnly: false, treeDepth: expected)
        #expect(answer.verdict == .mate && answer.length == expected, "\(problem.name)")
        out.append((problem, expected, KIFRecord.tsume(name: problem.name, position: problem.position, mainLine: answer.line, tree: answer.tree)))
    }
    return out
}

@Suite struct KIFTests {
    @Test func writerOutputReadsBackIntoTheSameMovesAndVariations() throws {
        let solved = try solvedKIFs("tanuki_sample.tsv", lengths: 3...9) + solvedKIFs("yaneuraou_mate_samples.tsv", lengths: 3...7)
        #expect(solved.count >= 40)
        var variations = 0
        for (problem, length, kif) in solved {
            // the main line has the published length and ends in 詰み; every line of the tree
            // replays legally and ends in mate (the tree is whole: treeDepth = length)
            #expect(kif.mainLine.count == length && kif.mainLineEnd == "詰み", "\(problem.name)")
            for line in kif.lines {
                #expect(problem.position.verifyMate(line) == nil, "\(problem.name): \(usi(line))")
            }
            variations += kif.lines.count - 1
            // the text, and its Shift_JIS and UTF-8 bytes, read back into the same record
            for text in [kif.text(), KIFRecord.decode(kif.shiftJISBytes()), KIFRecord.decode(kif.utf8Bytes())] {
                let back = try KIFRecord.read(text, file: "\(problem.name).kif")
                let same = back.record.sameRecord(as: kif)
                #expect(same, "\(problem.name)")
                #expect(back.record.lines.map(usi) == kif.lines.map(usi), "\(problem.name)")
                #expect(back.hasDiagram)
            }
            #expect(kif.text().contains("まで\(length)手で詰み"))
        }
        // many of these trees branch: the variations were exercised
        #expect(variations >= 50)
    }

    /// A game record written by hand in Kifu for Windows' layout, with variations at plies 3 and 2
    /// (the one at 3 written first, as KIF orders them), read into the moves it spells.
    @Test func handWrittenRecordWithVariations() throws {
        let text = """
        # ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
        開始日時：2024/01/01 10:00:00
        手合割：平手
        先手：A
        後手：B
        手数----指手---------消費時間--
           1 ７六歩(77)   ( 0:01/00:00:01)
           2 ３四歩(33)   ( 0:02/00:00:02)+
           3 ２二角成(88) ( 0:03/00:00:04)+
           4 同　銀(31)   ( 0:01/00:00:03)
           5 投了         ( 0:00/00:00:04)
        まで4手で後手の勝ち

        変化：3手
           3 ６六歩(67)   ( 0:01/00:00:02)
           4 ８四歩(83)   ( 0:01/00:00:03)

        変化：2手
           2 ８四歩(83)   ( 0:01/00:00:02)
           3 ２六歩(27)   ( 0:01/00:00:02)

        """
        let read = try KIFRecord.read(text.replacingOccurrences(of: "\n", with: "\r\n"), file: "game.kif")
        let record = read.record
        #expect(!read.hasDiagram)
        #expect(record.start.sfen == Position.startSFEN)
        #expect(record.value("先手") == "A" && record.value("開始日時") == "2024/01/01 10:00:00")
        #expect(record.lines.map(usi) == [["7g7f", "3c3d", "8h2b+", "3a2b"], ["7g7f", "3c3d", "6g6f", "8c8d"], ["7g7f", "8c8d", "2g2f"]])
        #expect(record.mainLineEnd == "投了")
        // as a tsume problem: a game record gives its final position (as cshogi plays the moves),
        // the side to move attacking
        let problem = try #require(TsumeInput.load(text: text, file: "game.kif").first).get()
        #expect(problem.position.sfen.hasPrefix("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb "))
        #expect(problem.location.line == 10)
    }

    /// A tsume diagram written by hand (tanuki-07-0001: gote king 1f, sente rook 2b and gold 2e)
    /// with its solution: the problem is the diagram, not the mated end.
    @Test func solvedDiagramIsTheProblem() throws {
        let diagram = """
        後手の持駒：飛　角二　金三　銀四　桂四　香四　歩十八
          ９ ８ ７ ６ ５ ４ ３ ２ １
        +---------------------------+
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|一
        | ・ ・ ・ ・ ・ ・ ・ 飛 ・|二
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|三
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
        | ・ ・ ・ ・ ・ ・ ・ 金 ・|五
        | ・ ・ ・ ・ ・ ・ ・ ・v玉|六
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|八
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|九
        +---------------------------+
        先手の持駒：なし
        """
        let sfen = "9/7R1/9/9/7G1/8k/9/9/9 b r2b3g4s4n4l18p 1"
        let solution = "\n   1 ２六金(25)\n   2 １七玉(16)\n   3 ２七金(26)\n   4 １八玉(17)\n   5 ２八金(27)\n   6 １九玉(18)\n   7 ２九金(28)\n   8 詰み\nまで7手で詰み\n"
        for text in [diagram, diagram + solution] {
            let problem = try #require(TsumeInput.load(text: "作品名：七手詰\n" + text, file: "p.kif").first).get()
            #expect(problem.position.sfen == sfen)
            #expect(problem.name == "七手詰" && problem.location.line == 5)
        }
        // gote to move (the diagram's 後手番 line), a sente king added on 9i
        let white = try KIFRecord.read(diagram.replacingOccurrences(of: "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九", with: "| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九") + "\n後手番\n", file: "w.kif")
        #expect(white.record.start.sideToMove == 1)
    }

    /// Shift_JIS bytes as Python's cp932 codec encodes `手合割：平手` and a move line.
    @Test func shiftJISBytesDecode() throws {
        let bytes: [UInt8] = [0x8E, 0xE8, 0x8D, 0x87, 0x8A, 0x84, 0x81, 0x46, 0x95, 0xBD, 0x8E, 0xE8, 0x0D, 0x0A,
                              0x20, 0x20, 0x20, 0x31, 0x20, 0x82, 0x56, 0x98, 0x5A, 0x95, 0xE0, 0x28, 0x37, 0x37, 0x29, 0x0D, 0x0A]
        #expect(KIFRecord.decode(bytes) == "手合割：平手\r\n   1 ７六歩(77)\r\n")
        let read = try KIFRecord.read(KIFRecord.decode(bytes), file: "sjis.kif")
        #expect(read.record.mainLine.map(\.usi) == ["7g7f"])
        // UTF-8 with a byte-order mark
        #expect(KIFRecord.decode([0xEF, 0xBB, 0xBF] + Array("手合割：平手".utf8)) == "手合割：平手")
    }

    /// Malformed KIF: each gets its line, column and message.
    @Test func errorsAreLocated() {
        let start = "手合割：平手\n手数----指手---------消費時間--\n"
        let cases: [(String, Int, Int, String)] = [
            (start + "   1 ７六歩(77)\n   3 ３四歩(33)\n", 4, 4, "move number 3, expected 2"),
            (start + "   1 ７五歩(77)\n", 3, 6, "is not a legal move"),
            (start + "   1 ７六歩(77)\n   2 ３四金(33)\n", 4, 8, "the piece on 33 is 歩, not 金"),
            (start + "   1 同　歩(77)\n", 3, 6, "同 with no previous move"),
            (start + "   1 ７六歩\n", 3, 9, "needs its origin"),
            (start + "   1 ７六象(77)\n", 3, 8, "unknown piece '象'"),
            (start + "   1 ５五角打\n", 3, 8, "which the side to move does not hold"),
            (start + "   1 ７六歩(77)\n\n変化：3手\n   3 ２六歩(27)\n", 5, 4, "変化 at ply 3, but the line read so far has 1 moves"),
            (start + "   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n", 5, 4, "a move after 投了"),
            ("後手の持駒：なし\n| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n先手の持駒：金\n", 2, 1, "the board diagram has no rank 三"),
            ("| ・ ・ ・ ・ ・ ・ ・ ・x玉|一\n", 1, 18, "bad side mark 'x'"),
            ("| ・ ・ ・ ・ ・ ・ ・ ・ 象|一\n", 1, 19, "unknown piece '象' on the board"),
            ("| ・ ・ ・ ・ ・ ・ ・ ・|一\n", 1, 2, "the board row has 8 squares"),
            ("先手の持駒：金　象\n", 1, 9, "unknown piece in hand '象'"),
            ("先手の持駒：歩二十\n", 1, 8, "bad count"),
            ("手合割：詰将棋\n", 1, 5, "names no starting position"),
            ("▲７六歩　△３四歩\n", 1, 1, "KI2 move notation"),
        ]
        for (text, line, column, message) in cases {
            do {
                _ = try KIFRecord.read(text, file: "bad.kif")
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.location.line == line && error.location.column == column, "\(error) for \(text)")
                #expect(error.message.contains(message), "\(error) for \(text)")
            }
        }
    }

    /// The moves' notation: drops, 同, promotions, promoted pieces' two-character names, and a
    /// declined promotion left unmarked (KIF has no 不成; the reader accepts one).
    @Test func moveNotation() throws {
        // sente: silver 3d, knight 4e, lance 1c; gote: king 2a, pawn 2c ... composed position
        let p = try Position(sfen: "7k1/9/7pL/6S2/5N3/9/9/9/9 b G 1", at: SourceLocation(file: "t", line: 1))
        func text(_ u: String, previousTo: Int = -1) -> String { KIFNotation.moveText(Move(usi: u)!, in: p, previousTo: previousTo) }
        #expect(text("G*2b") == "２二金打")
        #expect(text("3d2c+") == "２三銀成(34)")
        #expect(text("3d2c") == "２三銀(34)")
        #expect(text("3d2c", previousTo: Move(usi: "3d2c")!.to) == "同　銀(34)")
        #expect(text("4e3c+") == "３三桂成(45)")
        var q = p
        q.play(Move(usi: "3d2c+")!)
        q.play(Move(usi: "2a1a")!)
        #expect(KIFNotation.moveText(Move(usi: "2c2b")!, in: q, previousTo: -1) == "２二成銀(23)")
        let read = try KIFRecord.read(KIFRecord(start: p).text() + "   1 ２三銀不成(34)\n   2 △３一玉(21)\n", file: "x.kif")
        #expect(read.record.mainLine.map(\.usi) == ["3d2c", "2a3a"])
        #expect(KIFNotation.handText(Hand()) == "なし")
        #expect(KIFNotation.numeral(18) == "十八" && KIFNotation.numeralValue("十八") == 18 && KIFNotation.numeralValue("四") == 4)
    }
}
