import CShims
import Foundation
import Locking

/// libcurl's multi handle and the transfers it drives. Made on the engine's thread and used
/// there only, so nothing in it is shared: the callers reach it through the inbox.
final class CurlLoop {
  private let settings: CurlSettings
  private let inbox: Locked<CurlInbox>
  private let wake: Int32
  /// The transfers in libcurl's hands, by their easy handle.
  private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  /// Every socket libcurl has open (it opens and closes them through this loop).
  private var sockets: Set<Int32> = []
  /// The connection opened at launch, for libcurl's first one.
  private let early: EarlyConnection
  /// The early socket just handed to libcurl, which it must not connect again.
  private var handedOver: Int32?
  /// Whether the directory of CA certificates in use holds the default bundle's, once known.
  private var coverage: Bool?

  init(settings: CurlSettings, inbox: Locked<CurlInbox>, wake: Int32, early: EarlyConnection) {
    self.settings = settings
    self.inbox = inbox
    self.wake = wake
    self.early = early
  }

  /// Drives the transfers until the engine stops; then cancels what is left and closes.
  func run() {
    guard let multi = pdx_multi_init() else { return closeDown(multi: nil) }
    for (option, value) in settings.multiOptions { pdx_multi_set_long(multi, option, value) }
    while true {
      var count: eventfd_t = 0
      _ = eventfd_read(wake, &count)
      let (submissions, cancellations, stopping) = inbox.withLock { inbox in
        defer {
          inbox.submissions = []
          inbox.cancellations = []
        }
        return (inbox.submissions, inbox.cancellations, inbox.stopping)
      }
      // The requests of a wave leave in as few packets as they fill (see `cork`).
      let corked = !submissions.isEmpty
      if corked { cork(true) }
      start(submissions, on: multi)
      for id in cancellations {
        if let transfer = transfers.values.first(where: { $0.id == id }) {
          finish(transfer, .failure(.cancelled), on: multi)
        }
      }
      if stopping { break }
      var running: Int32 = 0
      pdx_multi_perform(multi, &running)
      if corked { cork(false) }
      var code = CURLE_OK
      while let handle = pdx_multi_next_done(multi, &code) {
        guard let transfer = transfers[handle] else { continue }
        finish(transfer, transfer.outcome(code, status: pdx_easy_response_code(handle)), on: multi)
      }
      acknowledgeAtOnce()
      // Wakes for a socket, one of libcurl's own time-outs, or the inbox; the minute is only a
      // bound. While transfers run, the bound is `drainInterval`.
      pdx_multi_poll(multi, wake, running > 0 ? Self.drainInterval : 60_000)
    }
    closeDown(multi: multi)
  }

  /// Cancels every transfer, frees libcurl's handles, and stops the inbox from waking a closed
  /// descriptor.
  private func closeDown(multi: UnsafeMutableRawPointer?) {
    let waiting = inbox.withLock { inbox in
      inbox.stopping = true
      inbox.closed = true
      defer { inbox.submissions = [] }
      return inbox.submissions
    }
    for submission in waiting { submission.continuation.resume(returning: .failure(.cancelled)) }
    early.discard()
    if let multi {
      for transfer in transfers.values { finish(transfer, .failure(.cancelled), on: multi) }
      pdx_multi_cleanup(multi)
    }
    close(wake)
  }

  /// Makes an easy handle for each submission and hands them to libcurl, the most urgent first
  /// (``CurlTransfer/startsBefore(_:)``): libcurl sends a connection's requests in the order they
  /// start, and a server that works through them in order answers the first first.
  ///
  /// Requests to the server the launch's connection is still opening to are made now and handed
  /// over once it is open (``holdForEarlyConnection()``), together with those that came
  /// meanwhile. Each would wait for that connection in libcurl's hands anyway, but libcurl sends
  /// first the request that took the connection: the first wave of a cold start (a species and
  /// its pokemon) would leave in the order its requests happened to come, and a species behind
  /// its pokemon waited for the server to compress 460 KB first, 2–5 ms on the link.
  private func start(_ submissions: [CurlSubmission], on multi: UnsafeMutableRawPointer) {
    var made = submissions.compactMap(make)
    if made.contains(where: { early.isOpening(to: $0.url) }) {
      holdForEarlyConnection()
      made += takeSubmissions().compactMap(make)
    }
    for transfer in made.sorted(by: { $0.startsBefore($1) }) {
      if pdx_multi_add(multi, transfer.handle) != CURLM_OK {
        finish(transfer, .failure(.connectionFailed), on: multi)
      }
    }
  }

  /// An easy handle for `submission`, configured, not yet libcurl's; nil (the caller answered)
  /// when libcurl cannot make one.
  private func make(_ submission: CurlSubmission) -> CurlTransfer? {
    guard let handle = pdx_easy_init() else {
      submission.continuation.resume(returning: .failure(.connectionFailed))
      return nil
    }
    let transfer = CurlTransfer(submission: submission, handle: handle)
    transfers[handle] = transfer
    configure(transfer)
    return transfer
  }

  /// Waits for the launch's connection to open, as libcurl's first connection would in
  /// ``takeEarlySocket(for:)``, or until a cancellation or the end comes (they stay in the inbox
  /// for the loop).
  private func holdForEarlyConnection() {
    let inbox = inbox
    early.waitOpen(
      timeout: min(settings.idleTimeout, Self.earlyWaitLimit), wake: wake,
      interrupting: { inbox.withLock { !$0.cancellations.isEmpty || $0.stopping } })
  }

  /// The requests that came since the loop last looked (cancellations stay for it).
  private func takeSubmissions() -> [CurlSubmission] {
    inbox.withLock { inbox in
      defer { inbox.submissions = [] }
      return inbox.submissions
    }
  }

  private func configure(_ transfer: CurlTransfer) {
    let handle = transfer.handle
    pdx_easy_set_string(handle, CURLOPT_URL, transfer.url.absoluteString)
    for (option, value) in CurlSettings.protocolOptions(for: transfer.url) {
      pdx_easy_set_long(handle, option, value)
    }
    if transfer.url.isHTTPS {
      for (option, value) in settings.trust.options(directoryCovers: directoryCovers(handle)) {
        pdx_easy_set_string(handle, option, value)
      }
    }
    pdx_easy_set_long(handle, CURLOPT_HTTPGET, 1)
    pdx_easy_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    pdx_easy_set_long(handle, CURLOPT_NOSIGNAL, 1)
    // Removing a transfer whose name lookup hangs would otherwise wait for the lookup's thread,
    // and this thread would stop every other transfer and cancellation meanwhile.
    pdx_easy_set_long(handle, CURLOPT_QUICK_EXIT, 1)
    pdx_easy_set_string(handle, CURLOPT_USERAGENT, settings.userAgent)
    if ContentDecoding.isAvailable {
      // The body comes as sent: the task that asked inflates it (`ContentDecoding`), not this
      // thread, which every other transfer waits for. `Accept-Encoding` is in the header list.
      pdx_easy_set_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0)
    } else {
      pdx_easy_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
    }
    pdx_easy_set_list(handle, CURLOPT_HTTPHEADER, transfer.headerList)
    let idle = Self.milliseconds(settings.idleTimeout)
    pdx_easy_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, idle)
    pdx_easy_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Self.milliseconds(transfer.timeout)))
    pdx_easy_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
    pdx_easy_set_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, (idle + 999) / 1000))

    let transferPointer = Unmanaged.passUnretained(transfer).toOpaque()
    pdx_easy_set_data_function(handle, CURLOPT_WRITEFUNCTION, Self.receiveBody)
    pdx_easy_set_pointer(handle, CURLOPT_WRITEDATA, transferPointer)
    pdx_easy_set_data_function(handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader)
    pdx_easy_set_pointer(handle, CURLOPT_HEADERDATA, transferPointer)

    let loopPointer = Unmanaged.passUnretained(self).toOpaque()
    pdx_easy_set_open_socket_function(handle, Self.openSocket)
    pdx_easy_set_pointer(handle, CURLOPT_OPENSOCKETDATA, loopPointer)
    pdx_easy_set_close_socket_function(handle, Self.closeSocket)
    pdx_easy_set_pointer(handle, CURLOPT_CLOSESOCKETDATA, loopPointer)
    pdx_easy_set_socket_options_function(handle, Self.socketOptions)
    pdx_easy_set_pointer(handle, CURLOPT_SOCKOPTDATA, loopPointer)
  }

  /// Whether the directory of CA certificates in use (``CertificateTrust/directory``, else
  /// libcurl's default, asked of `handle` before it is set) holds the default bundle's, so that
  /// the bundle need not be read; looked at once, at the first request over HTTPS.
  private func directoryCovers(_ handle: UnsafeMutableRawPointer) -> Bool {
    if let coverage { return coverage }
    let info = { (what: CURLINFO) in pdx_easy_info_string(handle, what).map { String(cString: $0) }
    }
    let covers =
      settings.trust.bundle == nil
      && CertificateTrust.covers(
        directory: settings.trust.directory ?? info(CURLINFO_CAPATH), bundle: info(CURLINFO_CAINFO))
    coverage = covers
    return covers
  }

  /// Takes the transfer away from libcurl, frees it, and answers its caller.
  private func finish(
    _ transfer: CurlTransfer, _ outcome: Result<HTTPResponse, HTTPError>,
    on multi: UnsafeMutableRawPointer
  ) {
    pdx_multi_remove(multi, transfer.handle)
    pdx_easy_cleanup(transfer.handle)
    transfers[transfer.handle] = nil
    transfer.continuation.resume(returning: outcome)
  }

  /// Holds (`TCP_CORK`) or lets go what libcurl writes on every connection. libcurl writes each
  /// request of a wave (an HTTP/2 HEADERS frame, in a TLS record of its own) with a `send` of its
  /// own, and with `TCP_NODELAY` each becomes a packet; a new connection may have only ten
  /// packets in flight (TCP's initial window counts packets, not bytes), so a learnset's 48
  /// requests left in two round trips. Corked while libcurl writes and uncorked as soon as it
  /// returns, they leave together, a few kilobytes in one packet, no later than before.
  private func cork(_ on: Bool) {
    for socket in sockets { Self.set(TCP_CORK, level: Int32(IPPROTO_TCP), to: on ? 1 : 0, socket) }
  }

  /// Asks every connection to acknowledge what arrives at once (`TCP_QUICKACK`). Done after
  /// libcurl has sent what it had to send and before waiting: Linux leaves quick-ack mode when a
  /// socket sends, so a request turns it off, and a server that waits for the acknowledgement of
  /// an answer's headers before sending its body (Nagle's algorithm) would wait 40 ms.
  private func acknowledgeAtOnce() {
    for socket in sockets { Self.set(TCP_QUICKACK, level: Int32(IPPROTO_TCP), to: 1, socket) }
  }

  /// Sets the integer socket option `option` of `socket`.
  static func set(_ option: Int32, level: Int32, to value: Int32, _ socket: Int32) {
    var value = value
    setsockopt(socket, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
  }

  /// How long the loop waits at most while transfers run, in ms. libcurl 7.88 can leave what it
  /// read for one HTTP/2 stream, taken in together with another stream's, unprocessed until the
  /// socket is readable again: on the link a cold `open 133` finished the pokemon's transfer one
  /// round trip late (100 ms) in 2 to 5 runs of 25, its bytes arrived and waiting. Woken this
  /// often, libcurl processes them: none of 50 runs was late. When nothing is pending, a wake-up
  /// costs one `curl_multi_perform` that finds nothing to do.
  static let drainInterval: Int32 = 5

  /// The receive buffer asked for every connection: 4 MB. Linux grants at most
  /// `net.core.rmem_max` (208 KB on a stock kernel, doubled for its bookkeeping), either more
  /// than a wave's answers need; a buffer set so no longer grows by itself, which only bulk
  /// transfers miss (pokedex's largest answer is about 1 MB, 60 KB compressed).
  static let receiveBufferBytes: Int32 = 4 << 20

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  // MARK: libcurl's callbacks (on this thread, inside `pdx_multi_perform`)

  private static let receiveBody: curl_write_callback = { data, size, count, user in
    deliver(data, size * count, to: user) { $0.receive(body: $1) }
  }

  private static let receiveHeader: curl_write_callback = { data, size, count, user in
    deliver(data, size * count, to: user) { $0.receive(headerLine: $1) }
  }

  /// Hands `length` bytes to the transfer `user` points at; what libcurl wants back: the length
  /// when `receive` keeps them, 0 to stop the transfer.
  private static func deliver(
    _ data: UnsafeMutablePointer<CChar>?, _ length: Int, to user: UnsafeMutableRawPointer?,
    _ receive: (CurlTransfer, UnsafeRawBufferPointer) -> Bool
  ) -> Int {
    guard let data, let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    return receive(transfer, UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
  }

  private static let openSocket: curl_opensocket_callback = { user, _, address in
    guard let user, let address else { return CURL_SOCKET_BAD }
    let loop = Unmanaged<CurlLoop>.fromOpaque(user).takeUnretainedValue()
    loop.handedOver = nil
    if let socket = loop.takeEarlySocket(for: address) {
      loop.sockets.insert(socket)
      loop.handedOver = socket
      return socket
    }
    let socket = Glibc.socket(
      address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue),
      address.pointee.protocol)
    guard socket >= 0 else { return CURL_SOCKET_BAD }
    loop.sockets.insert(socket)
    // Room for a wave's answers (a learnset's 48 moves are 300 KB compressed) from the start:
    // the window the connection offers is then not held to a buffer that Linux starts at 128 KB
    // and grows a round trip at a time.
    CurlLoop.set(SO_RCVBUF, level: SOL_SOCKET, to: CurlLoop.receiveBufferBytes, socket)
    return socket
  }

  /// The connection opened at launch when libcurl's first connection goes to its address, once
  /// it is connected; nil for a socket of libcurl's own (another address, or the early one
  /// refused, or silent for ``earlyWaitLimit``: libcurl then connects with its own fallbacks,
  /// another address family after 200 ms among them).
  private func takeEarlySocket(for address: UnsafeMutablePointer<curl_sockaddr>) -> Int32? {
    guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \.addr),
      let socket = early.take(
        address: UnsafeRawPointer(address) + offset, length: Int(address.pointee.addrlen))
    else { return nil }
    let inbox = inbox
    let connected = EarlyConnection.waitConnected(
      socket, timeout: min(settings.idleTimeout, Self.earlyWaitLimit), wake: wake,
      interrupting: { inbox.withLock { !$0.cancellations.isEmpty || $0.stopping } })
    guard connected else {
      close(socket)
      return nil
    }
    return socket
  }

  /// The longest libcurl's thread waits for the early connection: a round trip to the API is
  /// far shorter; an address that drops packets (a broken IPv6 route, say) must not cost the
  /// fallbacks libcurl's own connection has.
  static let earlyWaitLimit = Duration.seconds(1)

  /// The early socket is connected already: libcurl must not connect it again.
  private static let socketOptions: curl_sockopt_callback = { user, socket, _ in
    guard let user else { return Int32(CURL_SOCKOPT_OK) }
    let loop = Unmanaged<CurlLoop>.fromOpaque(user).takeUnretainedValue()
    guard loop.handedOver == socket else { return Int32(CURL_SOCKOPT_OK) }
    loop.handedOver = nil
    return Int32(CURL_SOCKOPT_ALREADY_CONNECTED)
  }

  private static let closeSocket: curl_closesocket_callback = { user, socket in
    if let user {
      let loop = Unmanaged<CurlLoop>.fromOpaque(user).takeUnretainedValue()
      loop.sockets.remove(socket)
      if loop.handedOver == socket { loop.handedOver = nil }
    }
    return close(socket)
  }
}

/// One request in libcurl's hands: its easy handle, and the answer as it arrives.
final class CurlTransfer {
  let id: UInt64
  let url: URL
  let timeout: Duration
  let priority: TaskPriority
  let handle: UnsafeMutableRawPointer
  let continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
  /// The extra request headers as libcurl wants them (freed with the transfer).
  let headerList: UnsafeMutablePointer<curl_slist>?
  private let limit: Int?
  private var headers: [String: String] = [:]
  /// The header the last line belonged to, which a folded line continues.
  private var lastHeader: String?
  /// The protocol of the last status line (`HTTP/2`).
  private var version: String?
  private var body = Data()
  private var tooLarge = false

  init(submission: CurlSubmission, handle: UnsafeMutableRawPointer) {
    id = submission.id
    url = submission.url
    timeout = submission.timeout
    priority = submission.priority
    limit = submission.limit
    continuation = submission.continuation
    self.handle = handle
    var headers = submission.headers
    if ContentDecoding.isAvailable {
      // What an answer may be encoded with is the transport's to say: it inflates those only.
      headers = headers.filter { $0.key.lowercased() != "accept-encoding" }
      headers["Accept-Encoding"] = ContentDecoding.accepted
    }
    var list: UnsafeMutablePointer<curl_slist>?
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      // A header is one line: a line break in a value would start another.
      let line = "\(name): \(value)".filter { $0 != "\r" && $0 != "\n" }
      list = pdx_slist_append(list, line) ?? list
    }
    headerList = list
  }

  deinit {
    pdx_slist_free(headerList)
  }

  /// Whether this transfer starts before `other` when both start together (``startsBefore(_:_:)``).
  func startsBefore(_ other: CurlTransfer) -> Bool {
    Self.startsBefore((priority, id), (other.priority, other.id))
  }

  /// Of two requests that start together, whether `first` starts before `second`: the more
  /// urgent first, then the one asked for first.
  static func startsBefore(
    _ first: (priority: TaskPriority, id: UInt64), _ second: (priority: TaskPriority, id: UInt64)
  ) -> Bool {
    first.priority != second.priority ? first.priority > second.priority : first.id < second.id
  }

  /// Keeps a piece of the body; false (stop the transfer) once it is longer than the limit.
  func receive(body bytes: UnsafeRawBufferPointer) -> Bool {
    if let limit, body.count + bytes.count > limit {
      tooLarge = true
      body = Data()
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// Keeps one header line; false (stop the transfer) when its `Content-Length` is over the
  /// limit. A status line starts a new answer (after a proxy's, say).
  ///
  /// Read as bytes: this runs on libcurl's thread for every line of every answer, which every
  /// other transfer waits for, and Foundation's `trimmingCharacters(in:)` goes through `NSString`
  /// and UTF-16 on Linux: 5 µs a line against 0.12 (13 lines of a real answer, 1,000 times), so
  /// 0.6 ms for the nine answers of the names' wave.
  func receive(headerLine bytes: UnsafeRawBufferPointer) -> Bool {
    let line = Self.trimmed(bytes[...])
    if line.starts(with: "HTTP/".utf8) {
      headers = [:]
      lastHeader = nil
      version = String(decoding: line.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
      return true
    }
    // A line starting with a space or a tab continues the header before it (obsolete folding).
    if let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
      if let lastHeader, !line.isEmpty, let value = headers[lastHeader] {
        let more = String(decoding: line, as: UTF8.self)
        headers[lastHeader] = value.isEmpty ? more : "\(value) \(more)"
      }
      return true
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }
    let name = String(decoding: Self.trimmed(line[..<colon]), as: UTF8.self).lowercased()
    let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
    // The first value of a repeated header is kept (as `HTTPResponse` does), but for the
    // encodings, which all apply, in order (`ContentDecoding` undoes them).
    if name == "content-encoding", let first = headers[name] {
      headers[name] = first.isEmpty ? value : "\(first), \(value)"
      lastHeader = name
      return true
    }
    lastHeader = headers[name] == nil ? name : nil
    if headers[name] == nil { headers[name] = value }
    if name == "content-length", let length = Int(value) {
      if let limit, length > limit {
        tooLarge = true
        return false
      }
      body.reserveCapacity(min(length, 16 << 20))
    }
    return true
  }

  /// `bytes` without the spaces, tabs and line ends around them (HTTP's optional white space
  /// and the line's CRLF).
  static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return bytes[start..<end]
  }

  /// The answer, or the failure, for libcurl's result.
  func outcome(_ code: CURLcode, status: Int) -> Result<HTTPResponse, HTTPError> {
    if tooLarge, let limit { return .failure(.tooLarge(limit: limit)) }
    guard code == CURLE_OK else { return .failure(Self.error(for: code)) }
    guard status >= 100 else { return .failure(.badResponse) }
    return .success(HTTPResponse(status: status, headers: headers, body: body, version: version))
  }

  /// libcurl's result as a transport failure: an answer cut off or unreadable is a bad
  /// response; no answer at all is a failed connection.
  static func error(for code: CURLcode) -> HTTPError {
    switch code {
    case CURLE_OPERATION_TIMEDOUT: .timedOut
    case CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2,
      CURLE_HTTP2_STREAM, CURLE_HTTP3:
      .badResponse
    default: .connectionFailed
    }
  }
}
