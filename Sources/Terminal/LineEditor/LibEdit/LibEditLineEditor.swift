import CShims
import Foundation
import Locking

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
/// Sendable because every stored property is: the libedit session sits in a lock (`Locked`) and is only
/// used on the editor's own thread, the history is a lock-guarded store, and the rest is
/// immutable.
public final class LibEditLineEditor: LineEditor, PromptSurface {
  private struct Session {
    var editor: OpaquePointer?
    var syncedGeneration = -1
    var plainBuffer: [UInt8] = []
    var plainInputEnded = false
  }

  private let history: HistoryStore
  private let session: Locked<Session>
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
  ///   - completion: answers Tab and gives the hints; `nil` switches completion off.
  ///   - decorates: whether suggestions and hints are drawn dimmed as you type (a colour
  ///     terminal).
  ///   - editrc: the editrc file to read before pokedex binds its own keys (`nil`: none).
  ///   - onWarning: hears, once, that a damaged history file was set aside, that the history
  ///     cannot be written and stays in memory, or that libedit cannot be loaded.
  public init(
    programName: String, historyFile: URL?, historyLimit: Int = 1000,
    completion: (any CompletionProvider)?, decorates: Bool = false, editrc: URL? = nil,
    onWarning: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    history = HistoryStore(fileURL: historyFile, limit: historyLimit, onWarning: onWarning)
    let callbacks = EditorCallbacks(
      completer: completion.map(Completer.init), history: history, decorates: decorates)
    self.callbacks = callbacks
    let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    echoesPlainPrompt = !terminal && isatty(STDIN_FILENO) == 1

    var editor: OpaquePointer?
    if isatty(STDIN_FILENO) == 1, let failure = pdx_editline_load() {
      let history = historyFile == nil ? "" : ", and the history is not saved"
      onWarning(
        "\(String(cString: failure)): lines are read without editing\(history)"
          + " (Debian: apt-get install libedit2).")
    } else if terminal {
      _ = pdx_setup_locale()
      let context = Unmanaged.passUnretained(callbacks).toOpaque()
      editor = pdx_editor_create(programName, wakePipe.readEnd, context)
    }
    if let editor {
      Self.addFunctions(editor, completes: callbacks.completer != nil)
      if let editrc, FileManager.default.isReadableFile(atPath: editrc.path) {
        _ = pdx_editor_source(editor, editrc.path)
      }
      Self.bindKeys(editor, completes: callbacks.completer != nil)
      pdx_editor_set_hook(editor, EditorFunctions.hook)
      let wakePipe = wakePipe
      signalHandlerIDs = [
        interrupts.hub.addResizeHandler { wakePipe.wake(UInt8(ascii: "w")) },
        interrupts.hub.addCleanupHandler { pdx_restore_terminal() },
        interrupts.hub.addSuspendHandler(
          suspend: { pdx_restore_terminal() }, resume: { wakePipe.wake(UInt8(ascii: "c")) }),
      ]
    } else {
      signalHandlerIDs = []
    }
    session = Locked(Session(editor: editor))
  }

  /// The editrc file libedit programs read: `$EDITRC`, else `~/.editrc`.
  public static func editrcFile(environment: [String: String]) -> URL? {
    if let path = environment["EDITRC"], !path.isEmpty { return URL(fileURLWithPath: path) }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".editrc")
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

  /// Keeps `line` in the history but never suggests it again this session.
  public func markMistyped(_ line: String) {
    history.markMistyped(line)
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

  /// Replaces the prompt while a line is edited (the editor's thread redraws it); otherwise
  /// does nothing: the next `readLine` brings its own.
  public func present(_ demo: (any DemoSteps)?) {
    // The editor's thread turns the demo's keys on or off before the next line it reads.
    callbacks.demo.withLock { $0 = demo }
  }

  public func updatePrompt(_ prompt: String) {
    let queued = callbacks.output.withLock { output in
      guard output.editing, output.prompt != prompt else { return false }
      output.pendingPrompt = prompt
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
    pdx_editor_set_demo_keys(editor, callbacks.demo.withLock { $0 == nil } ? 0 : 1)
    callbacks.output.withLock { output in
      output.flush()
      output.editing = true
      output.prompt = prompt
      output.pendingPrompt = nil
      output.promptWidth = EditorWidth.of(PromptText.plain(prompt))
      output.columns = TerminalInfo.size().columns
    }
    callbacks.assisting.withLock { state in
      state = EditorCallbacks.Assisting(saidLoading: state.saidLoading)
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

  /// Registers pokedex's own editor functions (before `~/.editrc` is read, so that it may
  /// bind keys to them).
  private static func addFunctions(_ editor: OpaquePointer, completes: Bool) {
    var functions: [(String, String, PDXEditorFunction)] = [
      (
        "pokedex-print-async", "Print background output above the prompt",
        EditorFunctions.printAsync
      ),
      (
        "pokedex-history-older", "Older history line starting with the text typed",
        EditorFunctions.olderHistory
      ),
      (
        "pokedex-history-newer", "Newer history line starting with the text typed",
        EditorFunctions.newerHistory
      ),
      ("pokedex-search-history", "Search the history as you type", EditorFunctions.searchHistory),
      (
        "pokedex-accept-suggestion", "Take the suggestion, or move right",
        EditorFunctions.acceptSuggestion
      ),
      (
        "pokedex-accept-word", "Take a word of the suggestion, or move a word right",
        EditorFunctions.acceptWord
      ),
      ("pokedex-enter", "A demo's next step on an empty line, else accept", EditorFunctions.enter),
      ("pokedex-space", "A demo's next step on an empty line, else a space", EditorFunctions.space),
      ("pokedex-page-down", "A demo's next step on an empty line", EditorFunctions.pageDown),
      ("pokedex-escape", "Esc alone: leave the demo", EditorFunctions.escape),
    ]
    if completes {
      functions.append(
        ("pokedex-complete", "Complete the word left of the cursor", EditorFunctions.complete))
    }
    for (name, help, function) in functions {
      _ = pdx_editor_add_function(editor, name, help, function, nil)
    }
  }

  /// Binds the keys pokedex owns; the others keep libedit's emacs bindings or the editrc's.
  private static func bindKeys(_ editor: OpaquePointer, completes: Bool) {
    var bindings = [
      ("^W", "ed-delete-prev-word"),
      ("\\e[3~", "ed-delete-next-char"),
      ("\\e[H", "ed-move-to-beg"), ("\\e[F", "ed-move-to-end"),
      ("\\eOH", "ed-move-to-beg"), ("\\eOF", "ed-move-to-end"),
      ("\\e[1;5C", "em-next-word"), ("\\e[1;5D", "ed-prev-word"),
      ("\u{1C}", "pokedex-print-async"),
      ("\\e[A", "pokedex-history-older"), ("\\eOA", "pokedex-history-older"),
      ("^P", "pokedex-history-older"),
      ("\\e[B", "pokedex-history-newer"), ("\\eOB", "pokedex-history-newer"),
      ("^N", "pokedex-history-newer"),
      ("^R", "pokedex-search-history"),
      ("\\e[C", "pokedex-accept-suggestion"), ("\\eOC", "pokedex-accept-suggestion"),
      ("^F", "pokedex-accept-suggestion"),
      ("\\e[1;3C", "pokedex-accept-word"), ("\\e\\e[C", "pokedex-accept-word"),
      ("\\ef", "pokedex-accept-word"),
      ("\u{1E}", "pokedex-enter"), ("\u{1F}", "pokedex-space"),
      ("\\e[6~", "pokedex-page-down"), ("\u{1D}", "pokedex-escape"),
    ]
    if completes { bindings.append(("^I", "pokedex-complete")) }
    for (key, command) in bindings { _ = pdx_editor_bind(editor, key, command) }
  }
}
