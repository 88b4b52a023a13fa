import CShims
import Foundation
import Locking

/// A TCP connection to the API's server opened at launch, before libcurl is loaded, for libcurl's
/// first connection to take over.
///
/// Loading libcurl and its ~30 libraries takes longer than sending a SYN: a cold start that
/// waited for them sent its first packet some 10 ms later, and every request after waits as long.
/// Opened early, the handshake's round trip runs while libcurl loads; libcurl's first connection
/// to the same address (``take(address:length:)``) gets this socket instead of a new one once it
/// is connected. One that no connection wants (another address, a proxy, a command that fetches
/// nothing) is closed unused.
final class EarlyConnection: Sendable {
  private struct State {
    var socket: Int32?
    /// The socket's peer, as `sockaddr` bytes, to compare with what libcurl asks for.
    var address: [UInt8] = []
    /// The server it was opened for (``origin(of:)``).
    var origin: String?
    /// libcurl has asked for its first connection: later the socket is of no use.
    var settled = false
    /// A connection was asked for (once is enough).
    var asked = false
  }

  private let state = Locked(State())

  deinit { discard() }

  /// Resolves the host of `url` and starts connecting to its first address (the one libcurl
  /// tries first), without waiting for the connection; does nothing when asked before, or once
  /// libcurl has opened its first connection. Blocks while a name is resolved: for a thread of
  /// its own, unless the host is an address (``needsNoLookup(_:)``).
  /// - Parameter receiveBuffer: `SO_RCVBUF`, set before the SYN as libcurl's sockets have it.
  func open(to url: URL, receiveBuffer: Int32) {
    let first = state.withLock { state in
      defer { state.asked = true }
      return !state.settled && !state.asked
    }
    guard first, let host = url.host, !host.isEmpty, let origin = Self.origin(of: url) else {
      return
    }
    let port = url.port ?? (url.isHTTPS ? 443 : 80)
    if let address = Self.numericAddress(host: host, port: port) {
      return connect(to: address, origin: origin, receiveBuffer: receiveBuffer)
    }
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_ADDRCONFIG
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return }
    defer { freeaddrinfo(found) }
    guard let address = first.pointee.ai_addr else { return }
    connect(
      to: [UInt8](UnsafeRawBufferPointer(start: address, count: Int(first.pointee.ai_addrlen))),
      origin: origin, receiveBuffer: receiveBuffer)
  }

  /// The scheme, host and port of `url` (`https://pokeapi.co:443`), the port spelled out; nil
  /// without a host.
  static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty
    else { return nil }
    // Foundation gives an IPv6 address without its brackets.
    let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return "\(scheme)://\(bracketed):\(url.port ?? (scheme == "https" ? 443 : 80))"
  }

  /// Whether the socket is still waiting for libcurl's first connection, and was opened to the
  /// server `url` goes to.
  func isOpening(to url: URL) -> Bool {
    guard let origin = Self.origin(of: url) else { return false }
    return state.withLock { $0.socket != nil && !$0.settled && $0.origin == origin }
  }

  /// Waits until the socket is connected, as ``waitConnected(_:timeout:wake:interrupting:)``
  /// does, without taking it. One that fails to connect, or does not in time, is closed: libcurl
  /// then opens its own. An interrupted wait leaves it be.
  func waitOpen(timeout: Duration, wake: Int32, interrupting: () -> Bool) {
    guard let socket = state.withLock({ $0.settled ? nil : $0.socket }) else { return }
    var interrupted = false
    let connected = Self.waitConnected(
      socket, timeout: timeout, wake: wake,
      interrupting: {
        interrupted = interrupting()
        return interrupted
      })
    if !connected, !interrupted { discard() }
  }

  /// Whether the host of `url` is an address (`10.0.0.1`, `[::1]`): opening a connection to it
  /// looks nothing up, so it may be done on any thread, at once.
  static func needsNoLookup(_ url: URL) -> Bool {
    url.host.map { numericAddress(host: $0, port: 0) != nil } ?? false
  }

  /// The `sockaddr` bytes of `host` when it is an IPv4 or IPv6 address, laid out as libcurl lays
  /// out the address it connects to (zeroed, then family, port and address), so that
  /// ``take(address:length:)`` finds them equal; nil for a name.
  static func numericAddress(host: String, port: Int) -> [UInt8]? {
    let host =
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = in_port_t(truncatingIfNeeded: port).bigEndian
      return withUnsafeBytes(of: v4) { Array($0) }
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = in_port_t(truncatingIfNeeded: port).bigEndian
      return withUnsafeBytes(of: v6) { Array($0) }
    }
    return nil
  }

  /// Starts connecting a new socket to `address` (`sockaddr` bytes) and keeps it.
  private func connect(to address: [UInt8], origin: String, receiveBuffer: Int32) {
    let family = address.withUnsafeBytes { Int32($0.load(as: sa_family_t.self)) }
    let descriptor = socket(
      family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue),
      0)
    guard descriptor >= 0 else { return }
    CurlLoop.set(SO_RCVBUF, level: SOL_SOCKET, to: receiveBuffer, descriptor)
    // The SYN leaves in the same step as the socket is kept (a non-blocking connect returns at
    // once): a server cannot answer a connection that libcurl's first one might not find yet.
    let kept = state.withLock { state -> Bool in
      guard !state.settled, state.socket == nil else { return false }
      let started = address.withUnsafeBytes { bytes in
        bytes.baseAddress!.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(descriptor, $0, socklen_t(bytes.count))
        }
      }
      guard started == 0 || errno == EINPROGRESS else { return false }
      state.socket = descriptor
      state.address = address
      state.origin = origin
      return true
    }
    if !kept { close(descriptor) }
  }

  /// For libcurl's first connection: the early socket when it goes to `address`, still
  /// connecting or connected (the caller waits). Any other call, or another address, gets nil,
  /// and the socket is closed unused.
  func take(address: UnsafeRawPointer, length: Int) -> Int32? {
    let (socket, wanted) = settle()
    guard let socket else { return nil }
    if wanted.elementsEqual(UnsafeRawBufferPointer(start: address, count: length)) {
      return socket
    }
    close(socket)
    return nil
  }

  /// Closes the socket if no connection took it.
  func discard() {
    if let socket = settle().socket { close(socket) }
  }

  /// No connection can take the socket from now on: it, and its peer, are handed to the caller.
  private func settle() -> (socket: Int32?, address: [UInt8]) {
    state.withLock { state in
      state.settled = true
      defer { state.socket = nil }
      return (state.socket, state.address)
    }
  }

  /// Whether `socket` is connected within `timeout`. False when it was refused, reset or
  /// unreachable, when no answer came in time, or when `interrupting()` says to stop (it is asked
  /// whenever `wake`, the engine's event descriptor, fires; the wake-up is then written again for
  /// the engine to see): libcurl then connects on its own, and reports what it meets.
  static func waitConnected(
    _ socket: Int32, timeout: Duration, wake: Int32, interrupting: () -> Bool
  ) -> Bool {
    let deadline = ContinuousClock.now + timeout
    var woken = false
    defer { if woken { eventfd_write(wake, 1) } }
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return false }
      var descriptors = [
        pollfd(fd: socket, events: Int16(POLLOUT), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      // Rounded up, so that the last poll does not end just short of the deadline.
      let milliseconds = Int32(min(Int(Int32.max), CurlLoop.milliseconds(left) + 1))
      let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if ready < 0, errno != EINTR { return false }
      if descriptors[0].revents != 0 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0
      }
      if descriptors[1].revents != 0 {
        var count: eventfd_t = 0
        _ = eventfd_read(wake, &count)
        woken = true
        if interrupting() { return false }
      }
    }
  }
}
