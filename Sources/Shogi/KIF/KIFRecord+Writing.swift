// Printing a KIF record as shogi GUIs read it (the layout of Kifu for Windows, which ShogiHome,
// ShogiGUI and Shogidokoro follow): header lines, the board diagram with both hands, the moves
// numbered with a time column, `まで N 手で詰み`, then each variation as a `変化：N手` block.
// `.kif` files are Shift_JIS and `.kifu` files UTF-8 (the KIF specification ties the encoding
// to the extension).

import Foundation

extension KIFRecord {
    /// The record as KIF text, every line ended by `newline` (CR LF: the KIF writers' own).
    func text(newline: String = "\r\n") -> String {
        var out: [String] = []
        // the players after the diagram, as Kifu for Windows places them; the rest before it
        let players: Set<String> = ["先手", "後手", "下手", "上手"]
        for (key, value) in header where !players.contains(key) { out.append(key + "：" + value) }
        out += diagram(start)
        for (key, value) in header where players.contains(key) { out.append(key + "：" + value) }
        out.append("手数----指手---------消費時間--")
        writeLine(after: KIFRecord.root, ply: 1, position: start, previousTo: -1, into: &out, isMain: true)
        return out.joined(separator: newline) + newline
    }

    /// The board diagram: gote's hand, the 9x9 board (gote's pieces marked `v`), sente's hand,
    /// and `後手番` when gote moves first.
    func diagram(_ p: Position) -> [String] {
        var out = ["後手の持駒：" + KIFNotation.handText(p.hands[1]),
                   "  ９ ８ ７ ６ ５ ４ ３ ２ １", "+---------------------------+"]
        for rank in 0..<9 {
            var row = "|"
            for file in stride(from: 8, through: 0, by: -1) {
                let code = p.piece(file * 9 + rank)
                if code == 0 { row += " ・"; continue }
                row += (Piece.color(code) == 0 ? " " : "v") + String(KIFNotation.boardName[Piece.type(code)])
            }
            out.append(row + "|" + String(KIFNotation.rankKanji[rank]))
        }
        out += ["+---------------------------+", "先手の持駒：" + KIFNotation.handText(p.hands[0])]
        if p.sideToMove == 1 { out.append("後手番") }
        return out
    }

    /// One move line: the number right-aligned in four columns, the move padded to twelve display
    /// columns, the time column, and `+` when a variation follows at this ply.
    static func moveLine(_ ply: Int, _ text: String, hasVariation: Bool) -> String {
        let number = String(ply)
        let padding = max(0, 12 - KIFNotation.displayWidth(text))
        return String(repeating: " ", count: max(0, 4 - number.count)) + number + " " + text
            + String(repeating: " ", count: padding) + " ( 0:00/00:00:00)" + (hasVariation ? "+" : "")
    }

    /// Prints the line that follows `node` by first children from `ply` on, then the variations
    /// that branch off it, the deepest first, each followed by its own: the order in which a
    /// reader that goes back along the line it has just read finds every branch point (Kifu for
    /// Windows' order).
    private func writeLine(after node: Int, ply: Int, position: Position, previousTo: Int,
                           into out: inout [String], isMain: Bool) {
        var branchPoints: [(ply: Int, alternatives: ArraySlice<Int>, position: Position, previousTo: Int)] = []
        var at = node, p = position, previous = previousTo, n = ply
        while let next = nodes[at].children.first {
            let siblings = nodes[at].children
            if siblings.count > 1 { branchPoints.append((n, siblings.dropFirst(), p, previous)) }
            out.append(KIFRecord.moveLine(n, KIFNotation.moveText(nodes[next].move, in: p, previousTo: previous),
                                          hasVariation: siblings.count > 1))
            previous = nodes[next].move.to
            p.play(nodes[next].move)
            at = next
            n += 1
        }
        let end = nodes[at].end
        if let end { out.append(KIFRecord.moveLine(n, end, hasVariation: false)) }
        if isMain, end == "詰み" { out.append("まで\(n - 1)手で詰み") }
        for point in branchPoints.reversed() {
            for alternative in point.alternatives {
                let move = nodes[alternative].move
                out += ["", "変化：\(point.ply)手"]
                out.append(KIFRecord.moveLine(point.ply, KIFNotation.moveText(move, in: point.position, previousTo: point.previousTo),
                                              hasVariation: alternative != point.alternatives.last))
                var after = point.position
                after.play(move)
                writeLine(after: alternative, ply: point.ply + 1, position: after, previousTo: move.to, into: &out, isMain: false)
            }
        }
    }

    /// `.kif` bytes: Shift_JIS, a character it cannot hold written as `?`.
    func shiftJISBytes() -> [UInt8] {
        let text = text()
        if let data = text.data(using: .shiftJIS) { return Array(data) }
        var bytes: [UInt8] = []
        for c in text {
            bytes += String(c).data(using: .shiftJIS).map(Array.init) ?? [UInt8(ascii: "?")]
        }
        return bytes
    }

    /// `.kifu` bytes: UTF-8, the encoding declared on the first line as KIF writers do.
    func utf8Bytes() -> [UInt8] {
        Array(("#KIF version=2.0 encoding=UTF-8\r\n" + text()).utf8)
    }
}
