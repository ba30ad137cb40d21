// Reading and writing SFEN (USI), with errors that point at file:line:column.
import Foundation
import SolverKit

extension Position {
    package static let startSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

    /// Parses an SFEN string. `location` is where `text` starts in its file (columns count from it).
    /// The side not to move must have exactly one king (the tsume defender); the side to move at most one.
    package init(sfen text: Substring, at location: SourceLocation) throws(ParseError) {
        self.init()
        let chars = Array(text)
        func loc(_ i: Int) -> SourceLocation {
            SourceLocation(file: location.file, line: location.line, column: location.column + i)
        }
        var i = 0
        if text.hasPrefix("sfen ") { i = 5 }
        // board
        var rank = 0, file = 8, rankStart = i
        var promoted = false
        var pieceCount = [Int](repeating: 0, count: 8)
        while i < chars.count, chars[i] != " " {
            let c = chars[i]
            if c == "/" {
                if promoted { throw ParseError("'+' must be followed by a piece letter", at: loc(i - 1)) }
                if file != -1 { throw ParseError("rank \(rank + 1) has \(8 - file) squares, expected 9", at: loc(rankStart)) }
                rank += 1; file = 8; rankStart = i + 1
                if rank > 8 { throw ParseError("more than 9 ranks", at: loc(i)) }
            } else if let d = c.wholeNumberValue, c.isASCII {
                if promoted { throw ParseError("'+' must be followed by a piece letter", at: loc(i - 1)) }
                if d < 1 { throw ParseError("bad empty-square count '\(c)'", at: loc(i)) }
                file -= d
                if file < -1 { throw ParseError("rank \(rank + 1) has more than 9 squares", at: loc(rankStart)) }
            } else if c == "+" {
                if promoted { throw ParseError("'+' must be followed by a piece letter", at: loc(i - 1)) }
                promoted = true
            } else if c.isASCII, let t = Piece.typeFromLetter(c) {
                if file < 0 { throw ParseError("rank \(rank + 1) has more than 9 squares", at: loc(rankStart)) }
                var type = t
                if promoted {
                    guard Piece.canPromote(t) else { throw ParseError("piece '\(c)' cannot be promoted", at: loc(i - 1)) }
                    type |= Piece.promoteBit; promoted = false
                }
                let color = c.isUppercase ? 0 : 1
                let sq = file * 9 + rank
                if type == Piece.king, kingSquare[color] >= 0 {
                    throw ParseError("\(color == 0 ? "black" : "white") has more than one king", at: loc(i))
                }
                if type == t, (t == Piece.pawn || t == Piece.lance || t == Piece.knight),
                   Geometry.relativeRank(sq, color) < (t == Piece.knight ? 2 : 1) {
                    throw ParseError("unpromoted '\(c)' on \(Move.squareName(sq)) could never move", at: loc(i))
                }
                // Two unpromoted pawns on a file are accepted on input (some published problems
                // have them); the two-pawn rule then only forbids further pawn drops there.
                pieceCount[Piece.base(type) == Piece.king ? 0 : Piece.base(type)] += 1
                put(Piece.make(type, color), sq)
                file -= 1
            } else {
                throw ParseError("bad piece letter '\(c)'", at: loc(i))
            }
            i += 1
        }
        if promoted { throw ParseError("'+' must be followed by a piece letter", at: loc(i - 1)) }
        if rank != 8 { throw ParseError("board has \(rank + 1) ranks, expected 9", at: loc(i)) }
        if file != -1 { throw ParseError("rank 9 has \(8 - file) squares, expected 9", at: loc(rankStart)) }
        // side
        guard i < chars.count, chars[i] == " ", i + 1 < chars.count else { throw ParseError("missing side to move after the board", at: loc(i)) }
        i += 1
        switch chars[i] {
        case "b": sideToMove = 0
        case "w": sideToMove = 1; boardKey ^= Zobrist.side
        default: throw ParseError("side to move must be 'b' or 'w', found '\(chars[i])'", at: loc(i))
        }
        i += 1
        // hands (optional in lenient input; "-" for none)
        if i < chars.count {
            guard chars[i] == " " else { throw ParseError("expected a space after the side to move", at: loc(i)) }
            i += 1
            if i < chars.count, chars[i] == "-" { i += 1 } else {
                var n = 0, nStart = i
                while i < chars.count, chars[i] != " " {
                    let c = chars[i]
                    if let d = c.wholeNumberValue, c.isASCII {
                        if n == 0 { nStart = i }
                        n = n * 10 + d
                        if n > 31 { throw ParseError("hand count too large", at: loc(nStart)) }
                    } else if c.isASCII, let t = Piece.typeFromLetter(c), t != Piece.king {
                        let color = c.isUppercase ? 0 : 1
                        let count = max(n, 1)
                        pieceCount[t] += count
                        if pieceCount[t] > Hand.maximum[t] {
                            throw ParseError("too many '\(Piece.letters[t])' pieces (\(pieceCount[t]) > \(Hand.maximum[t]))", at: loc(i))
                        }
                        for _ in 0..<count { addHand(color, t) }
                        n = 0
                    } else {
                        throw ParseError("bad hand piece letter '\(c)'", at: loc(i))
                    }
                    i += 1
                }
                if n != 0 { throw ParseError("hand count without a piece letter", at: loc(nStart)) }
            }
            if i < chars.count {
                i += 1
                let rest = String(chars[i...]).trimmingCharacters(in: .whitespaces)
                if let m = Int(rest), m >= 0 { moveNumber = m }
                else if !rest.isEmpty { throw ParseError("bad move number '\(rest)'", at: loc(i)) }
            }
        }
        for t in 1...7 where pieceCount[t] > Hand.maximum[t] {
            throw ParseError("too many '\(Piece.letters[t])' pieces (\(pieceCount[t]) > \(Hand.maximum[t]))", at: loc(0))
        }
        let defender = 1 - sideToMove
        if kingSquare[defender] < 0 {
            throw ParseError("\(defender == 0 ? "black" : "white") (the side not to move) has no king", at: loc(0))
        }
        if isAttacked(Int(kingSquare[defender]), by: sideToMove) {
            throw ParseError("the side not to move is in check", at: loc(0))
        }
    }

    /// SFEN text of the position.
    package var sfen: String {
        var s = ""
        for rank in 0..<9 {
            var empty = 0
            for file in stride(from: 8, through: 0, by: -1) {
                let p = piece(file * 9 + rank)
                if p == 0 { empty += 1; continue }
                if empty > 0 { s += "\(empty)"; empty = 0 }
                let t = Piece.type(p)
                if t > Piece.king { s += "+" }
                let l = Piece.letters[t]
                s += Piece.color(p) == 0 ? String(l) : l.lowercased()
            }
            if empty > 0 { s += "\(empty)" }
            if rank < 8 { s += "/" }
        }
        s += sideToMove == 0 ? " b " : " w "
        var h = ""
        for c in 0..<2 {
            for t in Hand.sfenOrder {
                let n = hands[c].count(t)
                if n == 0 { continue }
                if n > 1 { h += "\(n)" }
                h += c == 0 ? String(Piece.letters[t]) : Piece.letters[t].lowercased()
            }
        }
        s += h.isEmpty ? "-" : h
        s += " \(moveNumber)"
        return s
    }
}
