// Parsing the command line into a verb, paths and options (README "Command line").

import SolverKit

struct UsageError: Error, CustomStringConvertible {
    var description: String
}

struct CommandLineArguments {
    var verb: String
    var paths: [String] = []
    var outDirectory = "Reports"
    var jsonl = false
    var quiet = false
    var resume = false
    var help = false
    var threads = defaultThreads
    var hashMB = 256
    var treeDepth = 2
    var timeLimit: Double?
    var nodeLimit: UInt64?
    var shard: (index: Int, count: Int)?
    var flags: [String: String] = [:]
    /// `split --depth D`: plies below the root where the work units are cut.
    var depth = 2
    /// `split --verb V`: the verb whose record the joined units give (solve or analyze).
    var splitVerb = Verb.solve
    /// `merge --tree FILE`: the tree file `split` wrote.
    var treeFile: String?

    static var defaultThreads: Int { max(1, sysconfCores()) }

    /// The options perfectplay itself reads for each verb; a game's options for a batch verb
    /// come from its declaration (`VerbSupport.options`) and may not reuse these names.
    static let builtInOptions: [String: [String]] = {
        let batch = ["help", "out", "jsonl", "quiet", "resume", "threads", "hash-mb", "tree-depth", "time-limit",
                     "node-limit", "shard"]
        return ["solve": batch, "analyze": batch, "count": batch,
                "split": ["help", "out", "quiet", "depth", "verb"],
                "merge": ["help", "out", "quiet", "tree"],
                "bench": ["help", "out", "quiet", "threads", "hash-mb", "time-limit"]]
    }()

    /// Parses `arguments` (without the program name and verb): the verb's built-in options and
    /// the game options declared for it (`gameOptions`).
    init(verb: String, arguments: [String], gameOptions: [OptionHelp]) throws {
        self.verb = verb
        var i = 0
        func value(_ name: String) throws -> String {
            if let inline = pendingInline { pendingInline = nil; return inline }
            i += 1
            guard i < arguments.count else { throw UsageError(description: "option --\(name) needs a value") }
            return arguments[i]
        }
        var pendingInline: String?
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                paths += arguments[(i + 1)...]
                break
            }
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                pendingInline = nil
                if let eq = name.firstIndex(of: "=") {
                    pendingInline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                let builtIn = Self.builtInOptions[verb] ?? []
                guard builtIn.contains(name) || gameOptions.contains(where: { $0.name == name }) else {
                    throw UsageError(description: "unknown option --\(name) for \(verb) (see perfectplay \(verb) --help)")
                }
                switch builtIn.contains(name) ? name : "" {
                case "help": help = true
                case "out": outDirectory = try value(name)
                case "jsonl": jsonl = true
                case "quiet": quiet = true
                case "resume": resume = true
                case "threads": threads = try Self.positive(try value(name), name)
                case "hash-mb": hashMB = try Self.positive(try value(name), name)
                case "tree-depth": treeDepth = try Self.natural(try value(name), name)
                case "time-limit":
                    let text = try value(name)
                    guard let seconds = Double(text), seconds > 0 else {
                        throw UsageError(description: "--time-limit wants seconds > 0, not '\(text)'")
                    }
                    timeLimit = seconds
                case "depth": depth = try Self.natural(try value(name), name)
                case "tree": treeFile = try value(name)
                case "verb":
                    let text = try value(name)
                    guard let v = Verb(rawValue: text), v != .count else {
                        throw UsageError(description: "--verb wants solve or analyze, not '\(text)'")
                    }
                    splitVerb = v
                case "node-limit": nodeLimit = UInt64(try Self.positive(try value(name), name))
                case "shard":
                    let text = try value(name)
                    let parts = text.split(separator: "/").compactMap { Int($0) }
                    guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                        throw UsageError(description: "--shard wants K/N with 1 <= K <= N, not '\(text)'")
                    }
                    shard = (parts[0], parts[1])
                default:
                    let option = gameOptions.first { $0.name == name }!
                    flags[name] = option.valueName == nil ? "" : try value(name)
                }
                if pendingInline != nil { throw UsageError(description: "option --\(name) takes no value") }
            } else if argument == "-h" {
                help = true
            } else {
                paths.append(argument)
            }
            i += 1
        }
    }

    static func positive(_ text: String, _ name: String) throws -> Int {
        guard let n = Int(text), n > 0 else { throw UsageError(description: "--\(name) wants a positive integer, not '\(text)'") }
        return n
    }

    static func natural(_ text: String, _ name: String) throws -> Int {
        guard let n = Int(text), n >= 0 else { throw UsageError(description: "--\(name) wants an integer >= 0, not '\(text)'") }
        return n
    }

    var limits: Limits { Limits(timeLimit: timeLimit, nodeLimit: nodeLimit, hashMB: hashMB) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func sysconfCores() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
