// The `.peg` format: boards, hole names, headers, and located errors.
import Testing
import SolverKit
@testable import PegSolitaire

@Suite struct PegFileTests {
    @Test func englishBoard() {
        let p = Fixtures.problem(Fixtures.english)
        #expect(p.board.holeCount == 33)
        #expect(p.start.nonzeroBitCount == 32)
        #expect(p.board.names.first == "c1" && p.board.names.last == "e7")
        #expect(p.board.hole(named: "d4") == 16)
        #expect(p.target == .hole(16))
        #expect(p.start & (1 << 16) == 0)
        // 76 jumps: 38 lines of three holes, each jumped both ways.
        #expect(p.board.jumps.count == 76)
    }

    @Test func triangleNumbering() {
        let p = Fixtures.triangle(side: 5, vacancy: 1)
        #expect(p.board.holeCount == 15)
        #expect(p.board.names == (1...15).map(String.init))
        #expect(p.start == p.board.allHoles & ~1)
        // Three line directions, rows of 1...5 holes: (0+0+1+2+3) lines each, jumped both ways.
        #expect(p.board.jumps.count == 36)
        #expect(p.target == .anyHole)
    }

    @Test func headers() {
        let text = """
        # a comment
        name: Custom symbols
        symbols: X_
        target: 2 pegs
        X_X
        XXX
        """
        let p = Fixtures.problem(text)
        #expect(p.name == "Custom symbols")
        #expect(p.target == .pegs(2))
        #expect(p.start.nonzeroBitCount == 5)
        let diagonal = Fixtures.problem("diagonal: yes\nooo\no.o\nooo")
        // 3x3 board: 6 orthogonal + 2 diagonal lines, both ways.
        #expect(diagonal.board.jumps.count == 16)
        #expect(diagonal.board.jump(from: diagonal.board.hole(named: "a1")!, to: diagonal.board.hole(named: "c3")!) != nil)
    }

    @Test func severalBoardsAndComments() {
        let text = "# provenance\n\nname: one\nooo\n\n# second\no.o\n"
        let results = PegFile.parse(text: text, file: "x.peg")
        #expect(results.count == 2)
        #expect((try? results[1].get())?.name == "second")
        #expect((try? results[1].get())?.location.line == 7)
    }

    func error(_ text: String) -> ParseError? {
        if case .failure(let e) = PegFile.parse(text: text, file: "bad.peg").first { return e }
        return nil
    }

    @Test func unknownSymbol() {
        let e = error("name: x\nooo\noXo\n")
        #expect(e?.location.line == 3 && e?.location.column == 2)
        #expect(e?.description.hasPrefix("bad.peg:3:2: unknown symbol") == true)
    }

    @Test func raggedBoards() {
        // A triangle row out of step with the lattice.
        let e = error("lattice: triangular\n  o\n o o\n o o o\n")
        #expect(e?.location.line == 4 && e?.location.column == 2)
        #expect(e?.message.contains("ragged") == true)
        // A square-board hole in line with no other hole.
        let f = error("ooo\nooo\n     o\n")
        #expect(f?.location.line == 3 && f?.location.column == 6)
        #expect(f?.message.contains("ragged") == true)
    }

    @Test func targetOffTheBoard() {
        let e = error("name: x\ntarget: h9\nooo\no.o\n")
        #expect(e?.location.line == 2 && e?.location.column == 9)
        #expect(e?.message.contains("off the board") == true)
        let t = error("lattice: triangular\ntarget: 16\n  .\n o o\no o o\n")
        #expect(t?.location.line == 2)
    }

    @Test func noPegsAndOtherErrors() {
        let e = error("name: empty\n...\n...\n")
        #expect(e?.location.line == 2 && e?.message == "no pegs on the board")
        #expect(error("colour: red\nooo\n")?.message.contains("unknown header") == true)
        #expect(error("name: only a name\n")?.message == "no board drawing")
        #expect(error("target: 9 pegs\no.o\n")?.location.line == 1)
    }

    @Test func badBoardDoesNotStopTheOthers() {
        let results = PegFile.parse(text: "ooo\noZo\n\nooo\no.o\n", file: "mixed.peg")
        #expect(results.count == 2)
        if case .failure = results[0] {} else { Issue.record("first board should fail") }
        #expect((try? results[1].get()) != nil)
        let jobs = PegSolitaireGame.load(text: "ooo\noZo\n\nooo\no.o\n", file: "mixed.peg")
        #expect(jobs.count == 2)
    }

    @Test func moveNotation() {
        let board = Fixtures.problem(Fixtures.english).board
        guard case .success(let jumps) = board.parseMoves(["d2-d4", "f3-d3", "e1-e3"]) else {
            Issue.record("moves should parse"); return
        }
        #expect(jumps.count == 3)
        #expect(board.moveStrings(jumps) == ["d2-d4", "f3-d3", "e1-e3"])
        guard case .success(let chain) = board.parseMoves(["e1-e3-c3-c5"]) else { Issue.record("chain should parse"); return }
        #expect(chain.count == 3)
        #expect(board.moveStrings(chain) == ["e1-e3-c3-c5"])
        #expect(board.moveCount(chain) == 1)
        #expect(board.moveCount(jumps + chain) == 4)
        if case .success = board.parseMoves(["d2-d5"]) { Issue.record("d2-d5 is not a jump") }
        if case .success = board.parseMoves(["a1-a3"]) { Issue.record("a1 is not a hole") }
        let start = Fixtures.problem(Fixtures.english).start
        #expect(board.replay(jumps, from: start)?.nonzeroBitCount == 29)
        #expect(board.replay(Array(jumps.dropFirst()), from: start) == nil)   // f3-d3 needs d3 empty
    }
}
