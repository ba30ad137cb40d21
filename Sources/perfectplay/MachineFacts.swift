// What a benchmark figure was measured on: the source revision, the processor and how busy the
// machine was, written into every bench report so a figure always names its machine and commit.

import Foundation

enum MachineFacts {
    /// `git describe`-style revision of the working directory (`abc1234`, `-dirty` when the
    /// sources differ from it), or "unknown" outside a git checkout.
    static var revision: String {
        guard let head = run("/usr/bin/env", ["git", "rev-parse", "--short", "HEAD"]), !head.isEmpty else { return "unknown" }
        let changes = run("/usr/bin/env", ["git", "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift"]) ?? ""
        return head + (changes.isEmpty ? "" : "-dirty")
    }

    /// The processor's model name from /proc/cpuinfo, or "unknown processor".
    static var processor: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":") else { return "unknown processor" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// The 1-minute load average: about 0 on a quiet machine, the number of busy cores otherwise.
    static var loadAverage: String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first else { return "unknown" }
        return String(first)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
