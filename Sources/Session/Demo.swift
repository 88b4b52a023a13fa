import Locking
import Models
import Terminal

/// A rehearsed demo (`present FILE`): the commands, one a line, each with the speaker notes
/// (`#` lines) written right above it; a blank line ends notes that belong to no command (a
/// file's opening comment).
public struct DemoScript: Sendable, Equatable {
  /// One command of the demo and the notes for it.
  public struct Step: Sendable, Equatable {
    public var command: String
    /// The `#` lines above it, without the `#` (joined by spaces); `nil` for none.
    public var note: String?

    public init(command: String, note: String? = nil) {
      self.command = command
      self.note = note
    }
  }

  public var steps: [Step]

  /// The largest file read, and the most steps.
  public static let maximumBytes = 256 * 1024
  public static let maximumSteps = 500

  /// Why a file is not a demo.
  public enum Problem: Error, Sendable, Equatable {
    case empty
    case tooLarge(bytes: Int)
    case tooManySteps(Int)
    case notText
  }

  /// The demo in `data` (a file's bytes, UTF-8); notes after the last command are dropped.
  public init(_ data: [UInt8]) throws(Problem) {
    guard data.count <= Self.maximumBytes else { throw .tooLarge(bytes: data.count) }
    guard let text = String(validating: data, as: UTF8.self) else { throw .notText }
    var steps: [Step] = []
    var notes: [String] = []
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = Self.trimmed(SafeText.line(String(raw)))
      if line.isEmpty {
        notes = []
        continue
      }
      if line.hasPrefix("#") {
        let note = Self.trimmed(String(line.dropFirst()))
        if !note.isEmpty { notes.append(note) }
        continue
      }
      steps.append(Step(command: line, note: notes.isEmpty ? nil : notes.joined(separator: " ")))
      notes = []
    }
    guard !steps.isEmpty else { throw .empty }
    guard steps.count <= Self.maximumSteps else { throw .tooManySteps(steps.count) }
    self.steps = steps
  }

  private static func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  /// The problem in one line, naming the file.
  public static func message(_ problem: Problem, file: String) -> String {
    switch problem {
    case .empty: "\(file) holds no commands (one a line; # lines are speaker notes)."
    case .tooLarge(let bytes):
      "\(file) is too large for a demo (\(bytes) bytes; at most \(maximumBytes))."
    case .tooManySteps(let count):
      "\(file) has \(count) commands; a demo takes at most \(maximumSteps)."
    case .notText: "\(file) is not UTF-8 text."
    }
  }
}

/// A demo being played from the prompt: which step comes next, and whether the presenter left.
public final class DemoPlayer: DemoSteps {
  private struct State {
    var next = 0
    var left = false
  }

  public let script: DemoScript
  private let state = Locked(State())

  public init(_ script: DemoScript) { self.script = script }

  public var isPlaying: Bool {
    state.withLock { !$0.left && $0.next < script.steps.count }
  }

  public func advance() -> String? {
    state.withLock { state in
      guard !state.left, state.next < script.steps.count else { return nil }
      defer { state.next += 1 }
      return script.steps[state.next].command
    }
  }

  public func leave() {
    state.withLock { $0.left = true }
    onLeaveHandler.withLock { $0 }?()
  }

  /// Called once the presenter left the demo (on the editor's thread).
  public var onLeave: (@Sendable () -> Void)? {
    get { onLeaveHandler.withLock { $0 } }
    set { onLeaveHandler.withLock { $0 = newValue } }
  }
  private let onLeaveHandler = Locked<(@Sendable () -> Void)?>(nil)

  /// The steps run so far (the next one's number less one).
  public var stepsRun: Int { state.withLock { $0.next } }

  /// `step k/N` for the prompt while playing (k the steps run), `nil` once left or done.
  public var promptPart: String? {
    isPlaying ? "step \(stepsRun)/\(script.steps.count)" : nil
  }

  /// The next step's speaker note, while playing.
  public var nextNote: String? {
    state.withLock { state in
      guard !state.left, state.next < script.steps.count else { return nil }
      return script.steps[state.next].note
    }
  }
}
