// Writing JSON as one compact line (JSON Lines) and reading it back (for `--resume` and `merge`).

extension JSON {
    /// Compact, single-line JSON text.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .integer(let s): out += s
        case .double(let d):
            if d.isFinite {
                if d == d.rounded(), abs(d) < 1e15 { out += String(Int(d)) } else { out += "\(d)" }
            } else {
                out += "null"
            }
        case .string(let s): JSON.writeEscaped(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.writeEscaped(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeEscaped(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A small strict JSON reader. Integers stay exact (`.int` or `.integer`).
public struct JSONReader {
    private var bytes: [UInt8]
    private var index = 0

    public struct Failure: Error, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "offset \(offset): \(message)" }
    }

    public static func parse(_ text: String) throws -> JSON {
        var reader = JSONReader(bytes: Array(text.utf8))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.failure("trailing characters") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ message: String) -> Failure { Failure(offset: index, message: message) }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for b in literal.utf8 {
            guard index < bytes.count, bytes[index] == b else { throw failure("expected \(literal)") }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws -> JSON {
        guard depth < 512 else { throw failure("nested too deeply") }
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            index += 1
            var items: [JSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw failure("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw failure("expected , or ]")
            }
        case UInt8(ascii: "{"):
            index += 1
            var pairs: [(String, JSON)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected key") }
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw failure("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
                throw failure("expected , or }")
            }
        default:
            return try number()
        }
    }

    private mutating func string() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; flush(); return String(scalars) }
            if b == UInt8(ascii: "\\") {
                flush()
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { throw failure("bad \\u escape") }
                    index += 4
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(e))
                }
                continue
            }
            run.append(b)
            index += 1
        }
        throw failure("unterminated string")
    }

    private mutating func number() throws -> JSON {
        let start = index
        var isInteger = true
        while index < bytes.count {
            let b = bytes[index]
            if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") {
                index += 1
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "+") {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty else { throw failure("unexpected character") }
        if isInteger {
            if let i = Int(text) { return .int(i) }
            guard text.dropFirst(text.hasPrefix("-") ? 1 : 0).allSatisfy(\.isNumber) else { throw failure("bad number") }
            return .integer(text)
        }
        guard let d = Double(text) else { throw failure("bad number") }
        return .double(d)
    }
}
