// The result record's value type: JSON with ordered objects and exact integers of any size.
//
// Counts in PerfectPlay pass 2^64 (peg solitaire games to a dead end), so integers too big
// for `Int` are kept as their decimal digits and written as JSON numbers, never as doubles.

public indirect enum JSON: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// An exact integer of any size: decimal digits with an optional leading `-`.
    case integer(String)
    case double(Double)
    case string(String)
    case array([JSON])
    /// Keys in the order they were written (records read better with `game`, `source` first).
    case object([(String, JSON)])
}

extension JSON {
    public init(_ value: Int) { self = .int(value) }
    public init(_ value: Int64) { self = .int(Int(value)) }
    public init(_ value: Int32) { self = .int(Int(value)) }
    public init(_ value: UInt32) { self = .int(Int(value)) }
    public init(_ value: UInt64) {
        self = value <= UInt64(Int.max) ? .int(Int(value)) : .integer(String(value))
    }
    public init(_ value: UInt128) {
        self = value <= UInt128(Int.max) ? .int(Int(value)) : .integer(String(value))
    }
    public init(_ value: Int128) {
        if let small = Int(exactly: value) { self = .int(small) } else { self = .integer(String(value)) }
    }
    public init(_ value: Double) { self = .double(value) }
    public init(_ value: String) { self = .string(value) }
    public init(_ value: Bool) { self = .bool(value) }
    public init(_ values: [String]) { self = .array(values.map(JSON.string)) }
    public init(_ values: [Int]) { self = .array(values.map(JSON.int)) }

    /// Looks a key up in an object; nil for other cases or a missing key.
    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    /// Element `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSON? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [(String, JSON)]? { if case .object(let o) = self { return o }; return nil }
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .integer(let s): return Int(s)
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .integer(let s): return Double(s)
        case .double(let d): return d
        default: return nil
        }
    }
    /// The exact decimal text of an integer value.
    public var integerText: String? {
        switch self {
        case .int(let i): return String(i)
        case .integer(let s): return s
        default: return nil
        }
    }
}

extension JSON: Equatable {
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default:
            if let a = lhs.integerText, let b = rhs.integerText { return a == b }
            return false
        }
    }
}

extension JSON: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSON {
    /// This object with `key` set to `value` (replaced where it is, else appended); other
    /// values are returned unchanged.
    public func setting(_ key: String, _ value: JSON) -> JSON {
        guard case .object(var pairs) = self else { return self }
        if let i = pairs.firstIndex(where: { $0.0 == key }) { pairs[i].1 = value } else { pairs.append((key, value)) }
        return .object(pairs)
    }

    /// Looks a typed key up in an object (a game's `Field` enum of its result's names).
    public subscript<Key: RawRepresentable>(key: Key) -> JSON? where Key.RawValue == String { self[key.rawValue] }
}

/// An object written field by field under a game's typed keys, absent values left out, so a
/// result's field names are spelled once, in its `Field` enum.
public struct JSONFields<Key: RawRepresentable> where Key.RawValue == String {
    public private(set) var pairs: [(String, JSON)] = []

    public init() {}

    public mutating func set(_ key: Key, _ value: JSON?) {
        if let value { pairs.append((key.rawValue, value)) }
    }

    public var json: JSON { .object(pairs) }
}
