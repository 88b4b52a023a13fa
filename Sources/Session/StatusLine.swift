import Locking
import SyncFeature

/// What the command in flight is waiting for, as one line for the terminal:
/// `⠙ Fetching species #600 … 1.4 s · Ctrl-C cancels`, or for `sync` a progress bar with count,
/// time, rate and time left. The session loop draws it when a command has waited a moment, and
/// erases it before the command's output.
public final class StatusLine: Sendable {
  /// How long a command runs before its status appears.
  public static let delay: Duration = .milliseconds(150)
  /// How often the status is redrawn (the spinner turns).
  public static let interval: Duration = .milliseconds(100)

  private struct State {
    var waitingFor: String
    var progress: SyncProgress?
    var progressSince: ContinuousClock.Instant?
  }

  private static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
  private let started: ContinuousClock.Instant
  private let state: Locked<State>

  /// The status of a command that waits for `waitingFor` (e.g. `Fetching species #600`).
  public init(waitingFor: String, started: ContinuousClock.Instant = .now) {
    self.started = started
    state = Locked(State(waitingFor: waitingFor))
  }

  /// Records how far a long command (`sync`) has come; the status becomes a progress bar.
  public func report(_ progress: SyncProgress, at now: ContinuousClock.Instant = .now) {
    state.withLock { state in
      if state.progressSince == nil { state.progressSince = now }
      state.progress = progress
    }
  }

  /// The line to draw at `now`, or `nil` while the command is too young to need one. A progress
  /// bar shows from the first report on.
  public func text(at now: ContinuousClock.Instant = .now) -> String? {
    let elapsed = now - started
    let current = state.withLock { $0 }
    let frame = Self.spinner[Int(elapsed / Self.interval) % Self.spinner.count]
    if let progress = current.progress, let since = current.progressSince {
      return "\(frame) " + Self.bar(progress, elapsed: now - since)
    }
    guard elapsed >= Self.delay else { return nil }
    return "\(frame) \(current.waitingFor) … \(Self.seconds(elapsed)) · Ctrl-C cancels"
  }

  /// `Syncing ▕████░░░░░░▏ 12/21 · 3.9 s · 3.1/s · 3 s left · Ctrl-C cancels`: the time runs
  /// (and the spinner the line starts with turns) while no species has finished yet, as when
  /// every request waits seconds for its answer.
  static func bar(_ progress: SyncProgress, elapsed: Duration) -> String {
    let width = 20
    let total = max(progress.total, 1)
    let filled = min(width, progress.done * width / total)
    let bar =
      "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      + "▏"
    var parts = ["Syncing \(bar) \(progress.done)/\(progress.total)"]
    if progress.failed > 0 { parts.append("\(progress.failed) failed") }
    parts.append(Self.seconds(elapsed))
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    if progress.done > 0, seconds >= 0.5 {
      let rate = Double(progress.done) / seconds
      parts.append(String(format: "%.1f/s", rate))
      let left = Double(progress.total - progress.done) / rate
      parts.append(left < 1 ? "almost done" : "\(Int(left.rounded(.up))) s left")
    }
    parts.append("Ctrl-C cancels")
    return parts.joined(separator: " · ")
  }

  /// `0.2 s`, `1.4 s`, `12 s`.
  static func seconds(_ duration: Duration) -> String {
    let tenths =
      duration.components.seconds * 10 + duration.components.attoseconds / 100_000_000_000_000_000
    return tenths < 100 ? "\(tenths / 10).\(tenths % 10) s" : "\(tenths / 10) s"
  }
}

extension StatusLine {
  /// Says what the command waits for now.
  public func waitFor(_ description: String) {
    state.withLock { $0.waitingFor = description }
  }
}
