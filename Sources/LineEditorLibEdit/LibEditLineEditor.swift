import CEditLineShim
import CLibEdit
import Foundation
import LineEditor
import Synchronization
import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `LineEditor` built on libedit: emacs keys, UTF-8 input, a persistent history and tab
/// completion.
///
/// When standard input and output are both terminals it edits with libedit; otherwise it reads
/// plain lines and writes no escape codes (and no prompt unless the keyboard is the input).
///
/// Ctrl-C while typing drops the line (`readLine` returns `.interrupted`), Ctrl-D on an empty
/// line ends input (`.endOfInput`). Ctrl-C reaches it through `InterruptController.shared`, so
/// while a command runs under `InterruptController.shared.run`, Ctrl-C cancels the command
/// instead. The terminal is restored after each line, when the editor is released, and before
/// the process ends on SIGTERM or SIGHUP.
///
/// Text from the background goes through ``printAbovePrompt(_:)``: while a line is being edited
/// it is queued and the editor's thread is woken to print it above the prompt and redraw the line.
///
/// Sendable because every stored property is: the libedit session sits in a `Mutex` and is only
/// used on the editor's own thread, the history is a `Mutex`-guarded store, and the rest is
/// immutable.
public final class LibEditLineEditor: LineEditor, PromptSurface {
  private struct Session {
    var editor: OpaquePointer?
    var syncedGeneration = -1
    var plainBuffer: [UInt8] = []
    var plainInputEnded = false
  }

  private let history: HistoryStore
  private let session: Mutex<Session>
  private let thread = EditorThread(name: "pokedex.line-editor")
  private let wakePipe = WakePipe()
  private let callbacks: EditorCallbacks
  private let interrupts = InterruptController.shared
  private let echoesPlainPrompt: Bool
  private let signalHandlerIDs: [Int]

  /// Creates the editor and loads the history.
  /// - Parameters:
  ///   - programName: the name libedit uses for the program (e.g. in `~/.editrc` selectors).
  ///   - historyFile: where the history is loaded from and saved to (its directory is created
  ///     when needed); `nil` keeps it in memory only.
  ///   - historyLimit: the most entries kept.
  ///   - completion: answers Tab; `nil` switches completion off.
  ///   - onWarning: hears, once, that a damaged history file was set aside, or that the history
  ///     cannot be written and stays in memory.
  public init(
    programName: String, historyFile: URL?, historyLimit: Int = 1000,
    completion: (any CompletionProvider)?,
    onWarning: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    history = HistoryStore(fileURL: historyFile, limit: historyLimit, onWarning: onWarning)
    let callbacks = EditorCallbacks(completer: completion.map(Completer.init))
    self.callbacks = callbacks
    let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    echoesPlainPrompt = !terminal && isatty(STDIN_FILENO) == 1

    var editor: OpaquePointer?
    if terminal {
      _ = pdx_setup_locale()
      let context = Unmanaged.passUnretained(callbacks).toOpaque()
      editor = pdx_editor_create(programName, wakePipe.readEnd, context)
    }
    if let editor {
      Self.bindKeys(editor, completes: callbacks.completer != nil)
      let wakePipe = wakePipe
      signalHandlerIDs = [
        interrupts.hub.addResizeHandler { wakePipe.wake(UInt8(ascii: "w")) },
        interrupts.hub.addCleanupHandler { pdx_restore_terminal() },
      ]
    } else {
      signalHandlerIDs = []
    }
    session = Mutex(Session(editor: editor))
  }

  deinit {
    for id in signalHandlerIDs { interrupts.hub.remove(id) }
    thread.stop()
    session.withLock { session in
      if let editor = session.editor { pdx_editor_destroy(editor) }
      session.editor = nil
    }
  }

  /// Shows `prompt` and reads one line on the editor's own thread.
  ///
  /// The line is not added to the history: call `addHistory(_:)` for lines worth keeping.
  /// Cancelling the calling task ends the read with `.interrupted`.
  public func readLine(prompt: String) async -> LineEvent {
    let cancelled = Flag()
    let wakePipe = wakePipe
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        thread.submit { [self] in
          continuation.resume(returning: readLineNow(prompt: prompt, cancelled: cancelled))
        }
      }
    } onCancel: {
      cancelled.set()
      wakePipe.wake(UInt8(ascii: "i"))
    }
  }

  /// Adds `line` to the history (unless blank or equal to the newest entry), drops the oldest
  /// entries beyond the limit and saves the history file right away.
  public func addHistory(_ line: String) {
    history.add(line)
  }

  /// The history, oldest first.
  public func historyEntries() -> [String] {
    history.entries
  }

  /// Prints `text` above the prompt while a line is being edited (on the editor's thread, which
  /// then redraws the prompt and the line); otherwise calls `otherwise`, and no prompt is drawn
  /// until it returns.
  public func printAbovePrompt(_ text: String, otherwise: () -> Void) {
    let queued = callbacks.output.withLock { output in
      guard output.editing else {
        otherwise()
        return false
      }
      output.pending.append(text)
      return true
    }
    if queued { wakePipe.wake(UInt8(ascii: "p")) }
  }

  // MARK: - On the editor thread

  private func readLineNow(prompt: String, cancelled: Flag) -> LineEvent {
    let wakePipe = wakePipe
    return interrupts.whileObservingInterrupts({ wakePipe.wake(UInt8(ascii: "i")) }) {
      _ = wakePipe.drain()
      if cancelled.isSet { return .interrupted }
      return session.withLock { session in
        if let editor = session.editor {
          return readEdited(editor, prompt: prompt, session: &session)
        }
        return readPlain(prompt: prompt, session: &session, cancelled: cancelled)
      }
    }
  }

  private func readEdited(_ editor: OpaquePointer, prompt: String, session: inout Session)
    -> LineEvent
  {
    let (entries, generation) = history.snapshot
    if generation != session.syncedGeneration {
      let list = pdx_editor_history(editor)
      pdx_history_clear(list)
      for entry in entries { _ = pdx_history_enter(list, entry) }
      session.syncedGeneration = generation
    }
    pdx_editor_set_prompt(editor, PromptText.forLibEdit(prompt))
    callbacks.output.withLock { output in
      output.flush()
      output.editing = true
      output.promptWidth = DisplayWidth.of(PromptText.plain(prompt))
    }
    var count: Int32 = 0
    var interrupted: Int32 = 0
    let line = pdx_editor_gets(editor, &count, &interrupted).map { String(cString: $0) }
    callbacks.output.withLock { output in
      output.editing = false
      output.flush()
    }
    if interrupted != 0 { return .interrupted }
    guard let line, count > 0 else {
      pdx_write_stdout("\n")
      return .endOfInput
    }
    return .line(Self.withoutLineEnd(line))
  }

  private func readPlain(prompt: String, session: inout Session, cancelled: Flag) -> LineEvent {
    if echoesPlainPrompt { pdx_write_stdout(PromptText.plain(prompt)) }
    while true {
      if cancelled.isSet { return .interrupted }
      if let newline = session.plainBuffer.firstIndex(of: UInt8(ascii: "\n")) {
        let bytes = session.plainBuffer[..<newline]
        session.plainBuffer.removeSubrange(...newline)
        return .line(Self.withoutLineEnd(String(decoding: bytes, as: UTF8.self)))
      }
      if session.plainInputEnded {
        guard !session.plainBuffer.isEmpty else { return .endOfInput }
        defer { session.plainBuffer.removeAll() }
        return .line(Self.withoutLineEnd(String(decoding: session.plainBuffer, as: UTF8.self)))
      }
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&fds, 2, -1) < 0 {
        if errno == EINTR { continue }
        session.plainInputEnded = true
        continue
      }
      if fds[1].revents & Int16(POLLIN) != 0, wakePipe.drain().contains(UInt8(ascii: "i")) {
        if echoesPlainPrompt { pdx_write_stdout("\n") }
        return .interrupted
      }
      if fds[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 {
          session.plainBuffer += buffer[0..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          session.plainInputEnded = true
        }
      }
    }
  }

  private static func withoutLineEnd(_ line: String) -> String {
    var scalars = line.unicodeScalars
    while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
    return String(scalars)
  }

  private static func bindKeys(_ editor: OpaquePointer, completes: Bool) {
    let bindings = [
      ("^W", "ed-delete-prev-word"),
      ("\\e[3~", "ed-delete-next-char"),
      ("\\e[H", "ed-move-to-beg"), ("\\e[F", "ed-move-to-end"),
      ("\\eOH", "ed-move-to-beg"), ("\\eOF", "ed-move-to-end"),
      ("\\e[1;5C", "em-next-word"), ("\\e[1;5D", "ed-prev-word"),
    ]
    for (key, command) in bindings { _ = pdx_editor_bind(editor, key, command) }
    _ = pdx_editor_add_function(
      editor, "pokedex-print-async", "Print background output above the prompt",
      printAsyncFunction, "\u{1C}")
    if completes {
      _ = pdx_editor_add_function(
        editor, "pokedex-complete", "Complete the word left of the cursor", completeFunction, "^I")
    }
  }
}

/// What libedit's editor functions reach through the editor's context pointer: the completer
/// and the text waiting to be printed above the prompt.
final class EditorCallbacks: Sendable {
  /// Text printed from the background while a line is edited.
  struct AsyncOutput {
    /// Whether `el_gets` is running (the prompt is on screen).
    var editing = false
    /// Text waiting for the editor's thread.
    var pending: [String] = []
    /// The prompt's width in terminal columns.
    var promptWidth = 0

    /// Prints and forgets the text that arrived while the line was ending (no line is being
    /// edited now).
    mutating func flush() {
      guard !pending.isEmpty else { return }
      pdx_write_stdout(pending.joined(separator: "\n") + "\n")
      pending = []
    }
  }

  let completer: Completer?
  let output = Mutex(AsyncOutput())

  init(completer: Completer?) {
    self.completer = completer
  }

  /// Prints the pending text above the prompt: moves to the prompt's first row, clears below,
  /// prints, and has libedit redraw the prompt and the line (`CC_REDISPLAY`).
  func printPending(_ el: OpaquePointer) -> UInt8 {
    let texts = output.withLock { output in
      defer { output.pending = [] }
      return output.pending
    }
    guard !texts.isEmpty else { return UInt8(CC_NORM) }
    let rows = cursorRow(el)
    let up = rows > 0 ? "\u{1B}[\(rows)A" : ""
    pdx_write_stdout(up + "\r\u{1B}[J" + texts.joined(separator: "\n") + Self.redisplayGap(rows))
    return UInt8(CC_REDISPLAY)
  }

  /// The row of the cursor within the prompt and the line, when the line wraps (0: the first).
  func cursorRow(_ el: OpaquePointer) -> Int {
    guard let info = el_line(el)?.pointee else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer)
    let typed = DisplayWidth.of(String(decoding: bytes, as: UTF8.self))
    let promptWidth = output.withLock { $0.promptWidth }
    return (promptWidth + typed) / max(1, Int(pdx_columns(el)))
  }

  /// What to print after text written below (or instead of) the prompt before libedit redraws
  /// it (`CC_REDISPLAY`): a line break, and one more per row the cursor was below the prompt's
  /// first one, because libedit moves up that many rows before it redraws.
  static func redisplayGap(_ cursorRow: Int) -> String {
    String(repeating: "\n", count: 1 + cursorRow)
  }
}

/// The width of text in terminal columns (`wcwidth` per character; controls count 0).
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      total + Int(pdx_wcwidth(scalar.value))
    }
  }
}

/// libedit's Tab function: finds the `Completer` through the editor's context pointer.
private let completeFunction: PDXEditorFunction = { el, _ in
  guard let context = pdx_editor_context(el) else { return UInt8(CC_ERROR) }
  let callbacks = Unmanaged<EditorCallbacks>.fromOpaque(context).takeUnretainedValue()
  guard let completer = callbacks.completer else { return UInt8(CC_ERROR) }
  return completer.complete(el, in: callbacks)
}

/// The function bound to the key the reader returns when text waits to go above the prompt.
private let printAsyncFunction: PDXEditorFunction = { el, _ in
  guard let context = pdx_editor_context(el) else { return UInt8(CC_NORM) }
  return Unmanaged<EditorCallbacks>.fromOpaque(context).takeUnretainedValue().printPending(el)
}

/// Applies a `CompletionProvider`'s answers to the line being edited.
final class Completer: Sendable {
  let provider: any CompletionProvider

  init(_ provider: any CompletionProvider) {
    self.provider = provider
  }

  /// Completes the word left of the cursor; returns libedit's `CC_*` code.
  func complete(_ el: OpaquePointer, in callbacks: EditorCallbacks) -> UInt8 {
    guard let info = el_line(el)?.pointee else { return UInt8(CC_ERROR) }
    let bytes = UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer)
    let line = String(decoding: bytes, as: UTF8.self)
    guard let edit = Completion.edit(line: line, candidates: provider.completions(for: line))
    else { return UInt8(CC_ERROR) }
    if edit.deleteCount > 0 { el_deletestr(el, Int32(edit.deleteCount)) }
    if !edit.insertion.isEmpty, el_insertstr(el, edit.insertion) != 0 { return UInt8(CC_ERROR) }
    guard !edit.listing.isEmpty else { return UInt8(CC_REFRESH) }
    let lines = Completion.columns(edit.listing, width: Int(pdx_columns(el)))
    let row = callbacks.cursorRow(el)
    pdx_write_stdout(
      "\n\u{1B}[J" + lines.joined(separator: "\n") + EditorCallbacks.redisplayGap(row))
    return UInt8(CC_REDISPLAY)
  }
}
