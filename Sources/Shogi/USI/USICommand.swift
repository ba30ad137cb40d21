// The lines a GUI sends a USI engine, parsed (the protocol as Shogidokoro defines it, with the
// `go mate` extension for tsume solvers). A line that is not one of them gets a message the
// engine answers with `info string error: ...`.

/// How long a normal `go` may think.
struct USIGoLimits: Equatable, Sendable {
    var byoyomi: Int? = nil
    var movetime: Int? = nil
    var btime: Int? = nil, wtime: Int? = nil, binc: Int? = nil, winc: Int? = nil
    var nodes: UInt64? = nil
    /// `go infinite` or `go ponder`: think until `stop`, answer only then.
    var untilStop = false

    /// The least a search is given (a clock at zero still gets a look).
    static let least = 100

    /// Milliseconds for the side to move `color`, or nil for no limit.
    func milliseconds(for color: Int) -> Int? {
        if untilStop { return nil }
        if let movetime { return movetime }
        let remaining = color == 0 ? btime : wtime
        let increment = (color == 0 ? binc : winc) ?? 0
        // a tsume engine spends a small part of its clock: the byoyomi, or a thirtieth of what is left
        let share = (remaining ?? 0) / 30 + increment
        if let byoyomi { return max(share, byoyomi, USIGoLimits.least) }
        return remaining == nil && increment == 0 ? nil : max(share, USIGoLimits.least)
    }
}

enum USICommand: Equatable, Sendable {
    case usi, isready, usinewgame, stop, ponderhit, quit
    case setoption(name: String, value: String?)
    /// `position startpos` (sfen nil) or `position sfen ...`, then the moves in USI.
    case position(sfen: String?, moves: [String])
    /// `go mate <ms>` (nil: `infinite`).
    case goMate(milliseconds: Int?)
    case go(USIGoLimits)
    case gameover(String)

    /// The command a line holds, nil for a blank line, or what is wrong with it.
    static func parse(_ line: String) -> Result<USICommand, USIError>? {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let verb = tokens.first else { return nil }
        let rest = Array(tokens.dropFirst())
        switch verb {
        case "usi": return .success(.usi)
        case "isready": return .success(.isready)
        case "usinewgame": return .success(.usinewgame)
        case "stop": return .success(.stop)
        case "ponderhit": return .success(.ponderhit)
        case "quit": return .success(.quit)
        case "gameover": return .success(.gameover(rest.first ?? ""))
        case "setoption": return parseSetOption(rest)
        case "position": return parsePosition(rest)
        case "go": return parseGo(rest)
        default: return .failure(USIError("unknown command '\(verb)'"))
        }
    }

    /// `setoption name <id> [value <x>]` (names and values may hold spaces).
    static func parseSetOption(_ t: [String]) -> Result<USICommand, USIError> {
        guard t.first == "name", t.count >= 2 else { return .failure(USIError("setoption needs 'name <id> [value <x>]'")) }
        let valueAt = t.firstIndex(of: "value")
        let name = t[1..<(valueAt ?? t.count)].joined(separator: " ")
        guard !name.isEmpty else { return .failure(USIError("setoption has an empty name")) }
        let value = valueAt.map { t[($0 + 1)...].joined(separator: " ") }
        return .success(.setoption(name: name, value: value))
    }

    /// `position startpos [moves ...]` or `position sfen <board> <side> <hands> [<n>] [moves ...]`.
    static func parsePosition(_ t: [String]) -> Result<USICommand, USIError> {
        let movesAt = t.firstIndex(of: "moves")
        let moves = movesAt.map { Array(t[($0 + 1)...]) } ?? []
        let head = Array(t[..<(movesAt ?? t.count)])
        switch head.first {
        case "startpos":
            guard head.count == 1 else { return .failure(USIError("position startpos takes nothing but 'moves ...' after it")) }
            return .success(.position(sfen: nil, moves: moves))
        case "sfen":
            guard head.count == 4 || head.count == 5 else {
                return .failure(USIError("position sfen needs board, side to move, hands and a move number"))
            }
            return .success(.position(sfen: head[1...].joined(separator: " "), moves: moves))
        default:
            return .failure(USIError("position needs 'startpos' or 'sfen ...'"))
        }
    }

    /// `go mate <ms>|infinite`, or `go` with its limits.
    static func parseGo(_ t: [String]) -> Result<USICommand, USIError> {
        if let at = t.firstIndex(of: "mate") {
            guard at + 1 < t.count else { return .success(.goMate(milliseconds: nil)) }
            if t[at + 1] == "infinite" { return .success(.goMate(milliseconds: nil)) }
            guard let ms = Int(t[at + 1]), ms >= 0 else { return .failure(USIError("go mate needs milliseconds or 'infinite', found '\(t[at + 1])'")) }
            return .success(.goMate(milliseconds: ms))
        }
        var limits = USIGoLimits()
        var i = 0
        while i < t.count {
            let key = t[i]
            if key == "infinite" || key == "ponder" { limits.untilStop = true; i += 1; continue }
            guard ["byoyomi", "movetime", "btime", "wtime", "binc", "winc", "nodes"].contains(key) else {
                return .failure(USIError("go: unknown parameter '\(key)'"))
            }
            guard i + 1 < t.count, let value = Int(t[i + 1]), value >= 0 else {
                return .failure(USIError("go: '\(key)' needs a number of milliseconds (nodes: a count)"))
            }
            switch key {
            case "byoyomi": limits.byoyomi = value
            case "movetime": limits.movetime = value
            case "btime": limits.btime = value
            case "wtime": limits.wtime = value
            case "binc": limits.binc = value
            case "winc": limits.winc = value
            default: limits.nodes = UInt64(value)
            }
            i += 2
        }
        return .success(.go(limits))
    }
}

struct USIError: Error, Equatable, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
