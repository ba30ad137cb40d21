// A malformed input: one clear `file:line:column: message`, after which the batch goes on.

/// A malformed position: one clear message at one place. A batch reports it and goes on.
public struct ParseError: Error, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var description: String { "\(location): \(message)" }
}
