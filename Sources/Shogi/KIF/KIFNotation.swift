// The words of KIF (Kakinoki's record format, kakinoki.o.oo7.jp/kif_format.html) that the
// writer and the reader share: squares, piece names on the board and in moves, kanji numerals,
// hands, and the move text `２二金打`, `同　玉(11)`, `２三角成(34)`.

enum KIFNotation {
    /// Files 1...9 as full-width digits, ranks 1...9 as kanji numerals.
    static let fileDigits: [Character] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"]
    static let rankKanji: [Character] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
    /// Board diagram names by piece type (one character: promoted lance, knight, silver are 杏 圭 全).
    static let boardName: [Character] = [" ", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"]
    /// Move names by piece type (promoted lance, knight, silver in two characters, as the KIF
    /// writers of Kifu for Windows and ShogiHome put them).
    static let moveName: [String] = ["", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"]
    /// Hand order of the diagrams: rook, bishop, gold, silver, knight, lance, pawn.
    static let handOrder = [Piece.rook, Piece.bishop, Piece.gold, Piece.silver, Piece.knight, Piece.lance, Piece.pawn]
    /// The full-width space that separates hand pieces and follows 同.
    static let wideSpace: Character = "\u{3000}"

    /// The piece type a name stands for, in moves or on the board (王 and 竜 are common variants).
    static func pieceType(_ name: String) -> Int? {
        switch name {
        case "歩": Piece.pawn
        case "香": Piece.lance
        case "桂": Piece.knight
        case "銀": Piece.silver
        case "角": Piece.bishop
        case "飛": Piece.rook
        case "金": Piece.gold
        case "玉", "王": Piece.king
        case "と": Piece.proPawn
        case "成香", "杏": Piece.proLance
        case "成桂", "圭": Piece.proKnight
        case "成銀", "全": Piece.proSilver
        case "馬": Piece.horse
        case "龍", "竜": Piece.dragon
        default: nil
        }
    }

    /// 1...18 in kanji numerals: 一 ... 九, 十, 十一 ... 十八.
    static func numeral(_ n: Int) -> String {
        n <= 9 ? String(rankKanji[n - 1]) : "十" + (n == 10 ? "" : String(rankKanji[n - 11]))
    }

    /// The value of a kanji numeral (一 ... 十八), or of ASCII / full-width digits.
    static func numeralValue(_ s: Substring) -> Int? {
        if let n = Int(String(s.map { c in fullWidthDigitValue(c).map { Character(String($0)) } ?? c })) { return n }
        func unit(_ c: Character) -> Int? { rankKanji.firstIndex(of: c).map { $0 + 1 } }
        let c = Array(s)
        switch c.count {
        case 1: return c[0] == "十" ? 10 : unit(c[0])
        case 2 where c[0] == "十": return unit(c[1]).map { 10 + $0 }
        default: return nil
        }
    }

    static func fullWidthDigitValue(_ c: Character) -> Int? {
        fileDigits.firstIndex(of: c).map { $0 + 1 }
    }

    /// A hand as the diagrams write it: `飛二　角　金四　` (each piece followed by a full-width
    /// space, counts above one in kanji), or `なし`.
    static func handText(_ hand: Hand) -> String {
        var s = ""
        for t in handOrder where hand.count(t) > 0 {
            s += String(boardName[t]) + (hand.count(t) > 1 ? numeral(hand.count(t)) : "") + String(wideSpace)
        }
        return s.isEmpty ? "なし" : s
    }

    /// The square as KIF writes a destination: `２二`.
    static func squareText(_ sq: Int) -> String { String(fileDigits[sq / 9]) + String(rankKanji[sq % 9]) }

    /// The move text of `m` in `p` (before it is played): destination (`同　` when it is the
    /// previous move's), the moving piece as it stands, `成` when it promotes, then the origin
    /// `(34)` in ASCII digits or `打` for a drop. KIF leaves a declined promotion unmarked.
    static func moveText(_ m: Move, in p: Position, previousTo: Int) -> String {
        let destination = m.to == previousTo ? "同" + String(wideSpace) : squareText(m.to)
        if m.isDrop { return destination + moveName[m.dropType] + "打" }
        let type = Piece.type(p.piece(m.from))
        return destination + moveName[type] + (m.isPromotion ? "成" : "") + "(\(m.from / 9 + 1)\(m.from % 9 + 1))"
    }

    /// Columns a string takes in a fixed-width font: two for full-width characters. KIF writers
    /// align the time column by it.
    static func displayWidth(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { $0 + ($1.value < 0x80 ? 1 : 2) }
    }
}
