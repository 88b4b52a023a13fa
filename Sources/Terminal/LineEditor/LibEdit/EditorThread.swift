import Dispatch
import Foundation
import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A dedicated thread that runs blocking jobs (reading a line) one after the other, so that no
/// thread of Swift's cooperative pool ever waits for the keyboard.
final class EditorThread: Sendable {
  private let queue = JobQueue()

  /// Starts the thread.
  init(name: String) {
    let thread = Thread { [queue] in
      while let job = queue.next() { job() }
    }
    thread.name = name
    thread.start()
  }

  /// Queues `job` to run on the thread.
  func submit(_ job: @escaping @Sendable () -> Void) {
    queue.append(job)
  }

  /// Lets the thread end once the jobs queued so far have run.
  func stop() {
    queue.append(nil)
  }
}

/// The jobs waiting for an `EditorThread`; `nil` tells the thread to end.
private final class JobQueue: Sendable {
  private let jobs = Locked<[(@Sendable () -> Void)?]>([])
  private let available = DispatchSemaphore(value: 0)

  func append(_ job: (@Sendable () -> Void)?) {
    jobs.withLock { $0.append(job) }
    available.signal()
  }

  /// Waits for the next job; `nil` when the thread should end.
  func next() -> (@Sendable () -> Void)? {
    available.wait()
    return jobs.withLock { $0.removeFirst() }
  }
}

/// A pipe used to wake the thread reading a line: a byte written to it ends a `poll()`.
final class WakePipe: Sendable {
  /// The read end (non-blocking).
  let readEnd: Int32
  /// The write end (non-blocking).
  let writeEnd: Int32

  /// Opens the pipe (close-on-exec, non-blocking). Without free file descriptors both ends are
  /// -1: nothing can wake the reader then, but reading still works.
  init() {
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) != 0 { fds = [-1, -1] }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    readEnd = fds[0]
    writeEnd = fds[1]
  }

  deinit {
    if readEnd >= 0 { close(readEnd) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// Writes one byte (safe from any thread; dropped if the pipe is full, which means the reader
  /// has plenty of wake-ups pending already).
  func wake(_ byte: UInt8) {
    var byte = byte
    _ = write(writeEnd, &byte, 1)
  }

  /// Reads and returns every pending byte.
  func drain() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { return result }
      result += buffer[0..<count]
    }
  }
}

/// A thread-safe boolean that can only be switched on.
final class Flag: Sendable {
  private let value = Atomic(false)

  /// Switches the flag on.
  func set() { value.store(true, ordering: .sequentiallyConsistent) }

  /// Whether `set()` was called.
  var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
