// The `.obf` position format of the FFO endgame suite, one position a line:
//   <16, 36 or 64 squares a1.. row by row: X black, O white, - empty> <X|O to move>; e6:+12; ...
// The `move:score` annotations are the expected exact scores. A line may instead be a game
// transcript from the 8x8 start (`f5d6c3...`; passes are implied). Lines starting with `%`
// or `#` are comments, blank lines are skipped. Every error names file:line:column.
import Foundation
import SolverKit

/// One parsed position with its expected move scores.
package struct ObfRecord: Sendable {
    package var position: Position
    /// Listed move scores (square, exact score from the mover's view), in file order.
    package var annotations: [(square: Int, score: Int)]
    package var location: SourceLocation
    /// The position's name from a trailing `% name: NAME` comment (the units `split` writes).
    package var name: String? = nil
}

extension ObfRecord {
    /// Parses a whole file: one result per position line (a bad line does not stop the others).
    package static func parseFile(_ text: String, file: String) -> [Result<ObfRecord, ParseError>] {
        var results: [Result<ObfRecord, ParseError>] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("%") || trimmed.hasPrefix("#") { continue }
            do {
                results.append(.success(try parseLine(Array(line), at: SourceLocation(file: file, line: lineNumber))))
            } catch let error as ParseError {
                results.append(.failure(error))
            } catch {
                results.append(.failure(ParseError("\(error)", at: SourceLocation(file: file, line: lineNumber))))
            }
        }
        return results
    }

    /// Parses one line (board + side + annotations, or a transcript).
    static func parseLine(_ chars: [Character], at start: SourceLocation) throws -> ObfRecord {
        func fail(_ message: String, _ index: Int) -> ParseError {
            ParseError(message, at: SourceLocation(file: start.file, line: start.line, column: index + 1))
        }
        var i = 0
        while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
        let boardStart = i
        while i < chars.count, chars[i] != " ", chars[i] != "\t", chars[i] != ";" { i += 1 }
        let token = chars[boardStart..<i]
        var location = start
        location.column = boardStart + 1

        if isTranscript(token) {
            let position = try playTranscript(token, fail: fail)
            var rest = i
            while rest < chars.count, chars[rest] == " " || chars[rest] == "\t" { rest += 1 }
            if rest < chars.count { throw fail("unexpected text after the transcript", rest) }
            return ObfRecord(position: position, annotations: [], location: location)
        }

        let size: Int
        switch token.count {
        case 64: size = 8
        case 36: size = 6
        case 16: size = 4
        default:
            throw fail("board has \(token.count) squares; expected 64, 36 or 16 (or a transcript like f5d6c3)", boardStart)
        }
        let geometry = BoardGeometry(size: size)!
        var black: UInt64 = 0, white: UInt64 = 0
        for (k, ch) in token.enumerated() {
            let bit = UInt64(1) << UInt64((k / size) * 8 + k % size)
            switch ch {
            case "X", "x", "*": black |= bit
            case "O", "o": white |= bit
            case "-", ".": break
            default: throw fail("unknown square symbol '\(ch)' (use X, O or -)", boardStart + k)
            }
        }
        while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
        guard i < chars.count, chars[i] != ";" else { throw fail("missing side to move (X or O)", i) }
        let sideIndex = i
        while i < chars.count, chars[i] != " ", chars[i] != "\t", chars[i] != ";" { i += 1 }
        let side = String(chars[sideIndex..<i])
        let blackToMove: Bool
        switch side {
        case "X", "x", "*", "B", "b": blackToMove = true
        case "O", "o", "W", "w": blackToMove = false
        default: throw fail("bad side to move '\(side)' (expected X or O)", sideIndex)
        }
        let position = Position(player: blackToMove ? black : white, opponent: blackToMove ? white : black,
                                geometry: geometry, blackToMove: blackToMove)

        // Annotations: `; move:score` items, separated by `;`.
        var annotations: [(square: Int, score: Int)] = []
        var name: String? = nil
        while i < chars.count {
            while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == ";" { i += 1 }
            if i >= chars.count { break }
            if chars[i] == "%" {
                let comment = String(chars[(i + 1)...]).trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("name:") { name = comment.dropFirst(5).trimmingCharacters(in: .whitespaces) }
                break
            }
            let itemStart = i
            while i < chars.count, chars[i] != ";", chars[i] != " ", chars[i] != "\t" { i += 1 }
            let item = chars[itemStart..<i]
            guard let colon = item.firstIndex(of: ":") else {
                throw fail("annotation '\(String(item))' is not move:score", itemStart)
            }
            let moveText = String(item[itemStart..<colon])
            guard let square = geometry.square(named: Substring(moveText)) else {
                throw fail("unknown move '\(moveText)' in annotation", itemStart)
            }
            guard position.legalMoves & (UInt64(1) << UInt64(square)) != 0 else {
                throw fail("annotated move '\(moveText.lowercased())' is not legal here", itemStart)
            }
            let scoreText = String(item[(colon + 1)...])
            guard let score = Int(scoreText.hasPrefix("+") ? String(scoreText.dropFirst()) : scoreText),
                  abs(score) <= geometry.squareCount else {
                throw fail("bad score '\(scoreText)' in annotation", colon + 1)
            }
            annotations.append((square, score))
        }
        return ObfRecord(position: position, annotations: annotations, location: location, name: name)
    }

    static func isTranscript(_ token: ArraySlice<Character>) -> Bool {
        guard !token.isEmpty, token.count % 2 == 0 else { return false }
        var k = token.startIndex
        while k < token.endIndex {
            guard let c = token[k].lowercased().first, ("a"..."h").contains(c),
                  ("1"..."8").contains(token[k + 1]) else { return false }
            k += 2
        }
        return true
    }

    /// Replays a transcript from the 8x8 start; a side without a move passes.
    static func playTranscript(_ token: ArraySlice<Character>,
                               fail: (String, Int) -> ParseError) throws -> Position {
        var position = Position.start()
        var k = token.startIndex
        while k < token.endIndex {
            let name = String(token[k...k + 1])
            let square = position.geometry.square(named: Substring(name))!
            if position.legalMoves == 0 {
                guard position.opponentCanMove else { throw fail("move '\(name)' after the game ended", k) }
                position = position.passing()
            }
            guard position.legalMoves & (UInt64(1) << UInt64(square)) != 0 else {
                throw fail("illegal move '\(name.lowercased())' in transcript", k)
            }
            position = position.playing(square)
            k += 2
        }
        return position
    }
}
