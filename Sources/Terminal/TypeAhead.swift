import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps keys typed while a command runs out of its output.
///
/// While held, the terminal neither echoes keys nor collects them into lines (`-echo -icanon`),
/// but Ctrl-C still raises SIGINT. The keys wait in the terminal's input queue, and the line
/// editor reads them at the next prompt, where they appear in the line, editable (type-ahead,
/// as in a shell). The terminal's own mode is put back when released, and on SIGTERM/SIGHUP.
public final class TypeAhead: Sendable {
  private struct State {
    var saved: termios?
    var cleanupID: Int?
  }

  private let descriptor: Int32
  private let hub: SignalHub
  private let state = Locked(State())

  /// Type-ahead for the terminal on `descriptor` (standard input by default).
  public init(descriptor: Int32 = FileHandle.standardInput.fileDescriptor, hub: SignalHub = .shared)
  {
    self.descriptor = descriptor
    self.hub = hub
  }

  /// Stops echoing keys until ``release()``. Does nothing when the descriptor is no terminal.
  public func hold() {
    var current = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &current) == 0 else { return }
    let descriptor = descriptor
    let saved = current
    var quiet = current
    quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
    quiet.c_lflag |= tcflag_t(ISIG)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    state.withLock { state in
      guard state.saved == nil else { return }
      state.saved = saved
      // Registered first, so that a SIGTERM from here on puts the terminal's mode back.
      state.cleanupID = hub.addCleanupHandler {
        var mode = saved
        _ = tcsetattr(descriptor, TCSANOW, &mode)
      }
      // TCSANOW, never TCSAFLUSH: the keys already typed must stay in the queue.
      _ = tcsetattr(descriptor, TCSANOW, &quiet)
    }
  }

  /// Puts the terminal's mode back; the keys typed meanwhile stay queued for the next read.
  public func release() {
    let cleanupID = state.withLock { state -> Int? in
      defer { state = State() }
      guard var saved = state.saved else { return nil }
      // Restored before the SIGTERM handler goes, so no moment is left uncovered.
      _ = tcsetattr(descriptor, TCSANOW, &saved)
      return state.cleanupID
    }
    if let cleanupID { hub.remove(cleanupID) }
  }
}
