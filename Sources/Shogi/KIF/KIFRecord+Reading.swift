// Reading KIF text into a record: header lines, 手合割 or a board diagram with both hands, the
// numbered moves (checked legal one by one), special endings, comments, and `変化：N手`
// variations, which branch off the line just read at ply N. Every error names its line and
// column. Also the text of a KIF file's bytes: UTF-8 (with or without a byte-order mark or an
// encoding line) or else Shift_JIS, the encoding the KIF specification gives `.kif` files.

import Foundation
import SolverKit

/// What the reader found besides the record: where things are, for a tsume problem's location.
struct KIFReading {
    var record: KIFRecord
    /// The record starts from a board diagram (not from 手合割 alone).
    var hasDiagram: Bool
    /// The line of the diagram's first row, or of 手合割, or 1.
    var startLine: Int
    /// The line of each node's move (nodes[0]: `startLine`).
    var moveLines: [Int]
}

extension KIFRecord {
    /// The starting positions 手合割 names (kakinoki.o.oo7.jp/kif_format.html), as SFEN.
    static let handicaps: [String: String] = [
        "平手": Position.startSFEN,
        "香落ち": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "右香落ち": "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "角落ち": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "飛車落ち": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "飛香落ち": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "二枚落ち": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "三枚落ち": "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "四枚落ち": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "五枚落ち": "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "左五枚落ち": "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "六枚落ち": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "八枚落ち": "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "十枚落ち": "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ]

    /// Special moves that end a line (詰 is written for 詰み by some programs).
    static let specialMoves = ["反則勝ち", "反則負け", "入玉勝ち", "切れ負け", "持将棋", "千日手", "不戦勝", "不戦敗",
                               "中断", "投了", "詰み", "不詰", "詰"]

    /// Parses a whole KIF text; `file` names it in errors.
    static func read(_ text: String, file: String) throws(ParseError) -> KIFReading {
        var reader = KIFReader(file: file)
        // CR LF is one Character in Swift: split on it as well as on LF
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            var line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if index == 0, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            try reader.read(Array(line), number: index + 1)
        }
        return try reader.finish()
    }

    /// The text of a KIF file: UTF-8 when the bytes are valid UTF-8 (a byte-order mark dropped),
    /// else Shift_JIS; bytes that are neither come out as U+FFFD, which the reader then reports.
    static func decode(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        if let text = String(data: Data(body), encoding: .shiftJIS) { return text }
        return String(decoding: body, as: UTF8.self)
    }
}

/// The reader's state as it goes through the lines.
private struct KIFReader {
    let file: String
    var header: [(key: String, value: String)] = []
    var handicap: (name: String, line: Int, column: Int)? = nil
    /// Board diagram rows read so far, by rank (0...8), each nine piece codes.
    var rows: [Int: [Int]] = [:]
    var firstRowLine = 0
    var hands = [Hand(), Hand()]
    var sideToMove: Int? = nil
    var handLines: [Int] = []
    // the moves
    var record: KIFRecord? = nil
    var moveLines: [Int] = []
    /// The node the next move follows, and the position there.
    var current = KIFRecord.root
    var position = Position()
    var ply = 0
    /// Positions along the current line (index = ply), to go back to for a variation.
    var positions: [Position] = []
    var lineEnded: String? = nil
    var startLine = 1

    init(file: String) { self.file = file }

    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + 1)
    }

    mutating func read(_ c: [Character], number: Int) throws(ParseError) {
        guard let first = c.first(where: { $0 != " " && $0 != KIFNotation.wideSpace }) else { return }
        let lead = c.firstIndex(of: first)!
        if c[0] == "#" || c[0] == "&" { return }      // program comments, bookmarks
        if c[0] == "*" { return }                       // comments
        if let (key, valueStart) = headerKey(c), key != "変化" {
            try readHeader(key, String(c[valueStart...]).trimmingCharacters(in: .whitespaces), line: number, column: valueStart)
            return
        }
        if c[0] == "|" { try readRow(c, line: number); return }
        let text = String(c[lead...])
        if ["先手番", "下手番"].contains(where: text.hasPrefix) { try noDiagramAfterMoves(number); sideToMove = 0; return }
        if ["後手番", "上手番"].contains(where: text.hasPrefix) { try noDiagramAfterMoves(number); sideToMove = 1; return }
        if first == "▲" || first == "△" || first == "☗" || first == "☖" {
            throw ParseError("KI2 move notation (moves without numbers) is not read; save the record as KIF", at: location(number, lead))
        }
        if text.hasPrefix("変化") { try readVariation(c, lead: lead, line: number); return }
        if first.isASCII, first.isNumber { try readMove(c, lead: lead, line: number); return }
        if text.hasPrefix("まで") { return }          // the summary after the moves
        // anything else before the moves (the diagram's frame, 手数----指手----) is layout
        if record != nil { throw ParseError("unexpected line in the moves", at: location(number, lead)) }
    }

    /// `key：value` (full-width colon, or `:`), the key without spaces: the key and where the value starts.
    func headerKey(_ c: [Character]) -> (String, Int)? {
        guard let colon = c.firstIndex(where: { $0 == "：" || $0 == ":" }), colon > 0,
              !c[..<colon].contains(where: { $0 == " " || $0 == KIFNotation.wideSpace || $0 == "|" }) else { return nil }
        return (String(c[..<colon]), colon + 1)
    }

    mutating func readHeader(_ key: String, _ value: String, line: Int, column: Int) throws(ParseError) {
        switch key {
        case "手合割":
            try noDiagramAfterMoves(line)
            handicap = (value, line, column)
            header.append((key, value))
        case "先手の持駒", "下手の持駒", "後手の持駒", "上手の持駒":
            try noDiagramAfterMoves(line)
            let color = key.hasPrefix("先") || key.hasPrefix("下") ? 0 : 1
            hands[color] = try readHand(Array(value), line: line, column: column)
            handLines.append(line)
        default:
            header.append((key, value))
        }
    }

    func noDiagramAfterMoves(_ line: Int) throws(ParseError) {
        if record != nil { throw ParseError("the position is given after the moves began", at: location(line, 0)) }
    }

    /// `飛二　角　金四` (full-width or ASCII spaces between pieces), or `なし`.
    func readHand(_ c: [Character], line: Int, column: Int) throws(ParseError) -> Hand {
        var hand = Hand()
        var i = 0
        while i < c.count {
            if c[i] == " " || c[i] == KIFNotation.wideSpace { i += 1; continue }
            let start = i
            while i < c.count, c[i] != " ", c[i] != KIFNotation.wideSpace { i += 1 }
            let item = String(c[start..<i])
            if item == "なし" { continue }
            guard let t = KIFNotation.pieceType(String(item.prefix(1))), t != Piece.king, t < Piece.proPawn else {
                throw ParseError("unknown piece in hand '\(item.prefix(1))'", at: location(line, column + start))
            }
            let count = item.count == 1 ? 1 : KIFNotation.numeralValue(item.dropFirst())
            guard let n = count, n >= 1, hand.count(t) + n <= Hand.maximum[t] else {
                throw ParseError("bad count '\(item.dropFirst())' of \(item.prefix(1)) in hand", at: location(line, column + start + 1))
            }
            hand.add(t, n)
        }
        return hand
    }

    /// `| ・v玉 ・ ・ ・ ・ ・ ・ 香|一`: nine squares from file 9 to 1, each a side mark (space,
    /// or `v` for gote) and a piece name (`・` empty), then the rank.
    mutating func readRow(_ c: [Character], line: Int) throws(ParseError) {
        try noDiagramAfterMoves(line)
        guard let bar = c.dropFirst().firstIndex(of: "|") else {
            throw ParseError("a board row ends with '|' and its rank", at: location(line, c.count))
        }
        guard bar == 19 else { throw ParseError("the board row has \((bar - 1) / 2) squares, expected 9", at: location(line, 1)) }
        guard bar + 1 < c.count, let rank = KIFNotation.rankKanji.firstIndex(of: c[bar + 1]) else {
            throw ParseError("the board row has no rank (一 to 九) after '|'", at: location(line, bar + 1))
        }
        guard rows[rank] == nil else { throw ParseError("rank \(c[bar + 1]) is given twice", at: location(line, bar + 1)) }
        var codes: [Int] = []
        for k in 0..<9 {
            let mark = c[1 + 2 * k], name = c[2 + 2 * k]
            if name == "・" && (mark == " " || mark == KIFNotation.wideSpace) { codes.append(0); continue }
            guard mark == " " || mark == "v" || mark == "^" else {
                throw ParseError("bad side mark '\(mark)' (a space for sente, 'v' for gote)", at: location(line, 1 + 2 * k))
            }
            guard let t = KIFNotation.pieceType(String(name)) else {
                throw ParseError("unknown piece '\(name)' on the board", at: location(line, 2 + 2 * k))
            }
            codes.append(Piece.make(t, mark == "v" ? 1 : 0))
        }
        if rows.isEmpty { firstRowLine = line }
        rows[rank] = codes
    }

    /// The starting position, once the moves begin or the text ends.
    mutating func startRecord() throws(ParseError) {
        guard record == nil else { return }
        var sfen: String
        if !rows.isEmpty {
            guard rows.count == 9 else {
                let missing = (0..<9).first { rows[$0] == nil }!
                throw ParseError("the board diagram has no rank \(KIFNotation.rankKanji[missing])", at: location(firstRowLine, 0))
            }
            sfen = ""
            for rank in 0..<9 {
                var empty = 0
                for code in rows[rank]! {
                    if code == 0 { empty += 1; continue }
                    if empty > 0 { sfen += String(empty); empty = 0 }
                    let t = Piece.type(code)
                    let letter = String(Piece.letters[t])
                    sfen += (t > Piece.king ? "+" : "") + (Piece.color(code) == 0 ? letter : letter.lowercased())
                }
                if empty > 0 { sfen += String(empty) }
                if rank < 8 { sfen += "/" }
            }
            var handText = ""
            for color in 0..<2 {
                for t in Hand.sfenOrder where hands[color].count(t) > 0 {
                    let n = hands[color].count(t)
                    let letter = String(Piece.letters[t])
                    handText += (n > 1 ? String(n) : "") + (color == 0 ? letter : letter.lowercased())
                }
            }
            sfen += (sideToMove == 1 ? " w " : " b ") + (handText.isEmpty ? "-" : handText) + " 1"
            startLine = firstRowLine
        } else if let h = handicap {
            guard let known = KIFRecord.handicaps[h.name] else {
                throw ParseError("手合割 '\(h.name)' names no starting position and no board diagram follows", at: location(h.line, h.column))
            }
            sfen = known
            startLine = h.line
        } else {
            sfen = Position.startSFEN
        }
        let start: Position
        do {
            start = try Position(sfen: Substring(sfen), at: SourceLocation(file: file, line: startLine))
        } catch {
            throw ParseError("the starting position is not a legal one: \(error.message)", at: location(startLine, 0))
        }
        record = KIFRecord(start: start)
        record!.header = header
        moveLines = [startLine]
        position = start
        positions = [start]
    }

    /// `変化：N手`: the next moves branch off the line just read at ply N.
    mutating func readVariation(_ c: [Character], lead: Int, line: Int) throws(ParseError) {
        guard record != nil else { throw ParseError("変化 before any move", at: location(line, lead)) }
        var i = lead + 2
        while i < c.count, c[i] == "：" || c[i] == ":" || c[i] == " " || c[i] == KIFNotation.wideSpace { i += 1 }
        let digitsStart = i
        while i < c.count, c[i].isASCII, c[i].isNumber { i += 1 }
        guard let n = Int(String(c[digitsStart..<i])), n >= 1 else {
            throw ParseError("変化 needs the ply it branches at, as 変化：N手", at: location(line, digitsStart))
        }
        guard n <= ply else {
            throw ParseError("変化 at ply \(n), but the line read so far has \(ply) moves", at: location(line, digitsStart))
        }
        // back along the line just read to ply n - 1
        while ply > n - 1 {
            current = record!.nodes[current].parent
            ply -= 1
        }
        positions.removeLast(positions.count - n)
        position = positions[n - 1]
        lineEnded = nil
        pendingVariation = n
    }

    /// The ply the first move after `変化：N手` must have.
    var pendingVariation: Int? = nil

    /// `   7 ２三角成(34)   ( 0:00/00:00:00)+`: the number, then the move (or a special move), the
    /// rest of the line (time, `+`) ignored.
    mutating func readMove(_ c: [Character], lead: Int, line: Int) throws(ParseError) {
        try startRecord()
        var i = lead
        while i < c.count, c[i].isASCII, c[i].isNumber { i += 1 }
        guard let number = Int(String(c[lead..<i])), i < c.count, c[i] == " " || c[i] == KIFNotation.wideSpace else {
            throw ParseError("a move line starts with its number and a space", at: location(line, lead))
        }
        while i < c.count, c[i] == " " || c[i] == KIFNotation.wideSpace { i += 1 }
        // some writers mark the side before the move: `   1 ▲７六歩(77)`
        if i < c.count, "▲△☗☖".contains(c[i]) { i += 1 }
        let moveStart = i
        let rest = String(c[i...])
        if let ended = lineEnded { throw ParseError("a move after \(ended) (a variation starts with 変化：N手)", at: location(line, lead)) }
        if let special = KIFRecord.specialMoves.first(where: { rest.hasPrefix($0) }) {
            try checkNumber(number, line: line, column: lead)
            record!.nodes[current].end = special == "詰" ? "詰み" : special
            lineEnded = special
            return
        }
        try checkNumber(number, line: line, column: lead)
        let move = try parseMove(c, from: moveStart, line: line)
        position.play(move)
        current = record!.add(move, after: current)
        moveLines.append(line)
        ply += 1
        positions.append(position)
        pendingVariation = nil
    }

    func checkNumber(_ number: Int, line: Int, column: Int) throws(ParseError) {
        if let n = pendingVariation, number != n {
            throw ParseError("move \(number) after 変化：\(n)手, expected move \(n)", at: location(line, column))
        }
        guard number == ply + 1 else {
            throw ParseError("move number \(number), expected \(ply + 1)", at: location(line, column))
        }
    }

    /// The move at c[i...]: destination (`２三` or `同`), piece, `成` / `不成`, origin `(34)` or `打`.
    func parseMove(_ c: [Character], from start: Int, line: Int) throws(ParseError) -> Move {
        var i = start
        func at(_ k: Int) -> Character? { k < c.count ? c[k] : nil }
        let to: Int
        if at(i) == "同" {
            guard current != KIFRecord.root else { throw ParseError("同 with no previous move", at: location(line, i)) }
            to = record!.nodes[current].move.to
            i += 1
            while at(i) == KIFNotation.wideSpace || at(i) == " " { i += 1 }
        } else {
            guard let f = at(i).flatMap({ KIFNotation.fullWidthDigitValue($0) ?? ($0.isASCII ? $0.wholeNumberValue : nil) }), (1...9).contains(f) else {
                throw ParseError("bad destination square (a file １ to ９, or 同)", at: location(line, i))
            }
            guard let r = at(i + 1).flatMap({ KIFNotation.rankKanji.firstIndex(of: $0).map { $0 + 1 } ?? KIFNotation.fullWidthDigitValue($0) ?? ($0.isASCII ? $0.wholeNumberValue : nil) }),
                  (1...9).contains(r) else {
                throw ParseError("bad destination rank (一 to 九)", at: location(line, i + 1))
            }
            to = (f - 1) * 9 + (r - 1)
            i += 2
        }
        let pieceStart = i
        var named: Int? = nil
        if i + 1 < c.count, let t = KIFNotation.pieceType(String(c[i...i + 1])) { named = t; i += 2 }
        else if let ch = at(i), let t = KIFNotation.pieceType(String(ch)) { named = t; i += 1 }
        guard let type = named else { throw ParseError("unknown piece '\(at(i).map(String.init) ?? "")'", at: location(line, i)) }
        while at(i) == KIFNotation.wideSpace { i += 1 }
        var promote = false
        if at(i) == "成" { promote = true; i += 1 }
        else if at(i) == "不", at(i + 1) == "成" { i += 2 }
        let move: Move
        var position = self.position
        if at(i) == "打" || (at(i) == "(" && at(i + 1) == "0" && at(i + 2) == "0" && at(i + 3) == ")") {
            guard type < Piece.king, !promote else { throw ParseError("\(KIFNotation.moveName[type]) cannot be dropped", at: location(line, pieceStart)) }
            guard position.hands[position.sideToMove].count(type) > 0 else {
                throw ParseError("drop of \(KIFNotation.moveName[type]), which the side to move does not hold", at: location(line, pieceStart))
            }
            move = .drop(type, to: to)
        } else if at(i) == "(", let f = at(i + 1)?.wholeNumberValue, let r = at(i + 2)?.wholeNumberValue, at(i + 3) == ")",
                  (1...9).contains(f), (1...9).contains(r) {
            let from = (f - 1) * 9 + (r - 1)
            let code = position.piece(from)
            guard code != 0, Piece.color(code) == position.sideToMove else {
                throw ParseError("no piece of the side to move on \(f)\(r)", at: location(line, i))
            }
            guard Piece.type(code) == type else {
                throw ParseError("the piece on \(f)\(r) is \(KIFNotation.moveName[Piece.type(code)]), not \(KIFNotation.moveName[type])", at: location(line, pieceStart))
            }
            guard !promote || Piece.canPromote(type) else { throw ParseError("\(KIFNotation.moveName[type]) cannot promote", at: location(line, pieceStart)) }
            move = .board(from: from, to: to, promote: promote)
        } else {
            throw ParseError("the move needs its origin, as (34), or 打", at: location(line, i))
        }
        let buffer = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buffer.deallocate() }
        let n = position.generateLegal(buffer)
        guard (0..<n).contains(where: { buffer[$0] == move }) else {
            throw ParseError("\(String(c[start..<i]))\(move.isDrop ? "打" : "") (\(move.usi)) is not a legal move here", at: location(line, start))
        }
        return move
    }

    mutating func finish() throws(ParseError) -> KIFReading {
        try startRecord()
        return KIFReading(record: record!, hasDiagram: !rows.isEmpty, startLine: startLine, moveLines: moveLines)
    }
}
