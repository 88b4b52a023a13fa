import CShims
import Synchronization

/// A value only reached under a lock: `Synchronization.Mutex`, with each critical section
/// announced to ThreadSanitizer (which does not see the futex the mutex waits on, and would
/// report every critical section as a race). Without ThreadSanitizer the announcements do
/// nothing.
///
/// A class, so that the lock has one address for its whole life, whoever holds it.
public final class Locked<Value>: Sendable {
  private let mutex: Mutex<Value>

  /// A lock guarding `value`.
  public init(_ value: sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value while holding the lock.
  public func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      pdx_tsan_acquire(address)
      defer { pdx_tsan_release(address) }
      return try body(&value)
    }
  }
}
