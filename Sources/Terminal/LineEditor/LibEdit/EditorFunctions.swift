import CShims
import Glibc
import Locking

/// What libedit's editor functions reach through the editor's context pointer: the completer,
/// the history, the text waiting to be printed above the prompt, and the state of what is drawn
/// after the cursor. Everything runs on the editor's thread; the locks guard the few fields
/// other threads set (text to print, a new prompt).
final class EditorCallbacks: Sendable {
  /// Text printed from the background while a line is edited, and the prompt.
  struct AsyncOutput {
    /// Whether `el_gets` is running (the prompt is on screen).
    var editing = false
    /// Text waiting for the editor's thread.
    var pending: [String] = []
    /// A new prompt waiting for the editor's thread.
    var pendingPrompt: String?
    /// The prompt shown (as libedit gets it), and its width in terminal columns.
    var prompt = ""
    var promptWidth = 0
    /// The terminal's width when the prompt and the line were last drawn.
    var columns: Int?

    /// Prints and forgets the text that arrived while the line was ending (no line is being
    /// edited now).
    mutating func flush() {
      guard !pending.isEmpty else { return }
      pdx_write_stdout(pending.joined(separator: "\n") + "\n")
      pending = []
    }
  }

  /// What the editor's own keys are in the middle of.
  struct Assisting {
    /// Whether a suggestion or hint may be drawn after the line.
    var drawn = false
    /// The suggestion drawn, and the line it was drawn after (→ takes exactly that).
    var suggestion: (text: String, line: String)?
    /// The Up/Down walk in progress.
    var walk: HistoryWalk?
    /// Whether Ctrl-R's search is on screen (its prompt replaces the usual one).
    var searching = false
    /// The line whose candidates Tab listed last (a second Tab does not list them again).
    var listedLine: String?
    /// Whether Tab said that the names are loading (it says so once).
    var saidLoading = false
    /// Whether Tab's question or `--More--` waits for a key (nothing is drawn after them).
    var asking = false
  }

  let completer: Completer?
  let history: HistoryStore
  /// Whether suggestions and hints are drawn (a colour terminal).
  let decorates: Bool
  let output = Locked(AsyncOutput())
  let assisting = Locked(Assisting())
  /// The demo being played, when one is.
  let demo = Locked<(any DemoSteps)?>(nil)

  init(completer: Completer?, history: HistoryStore, decorates: Bool) {
    self.completer = completer
    self.history = history
    self.decorates = decorates
  }

  // MARK: The line

  /// The whole line and the part left of the cursor.
  static func line(_ el: OpaquePointer) -> (whole: String, beforeCursor: String) {
    guard let info = pdx_el_line(el)?.pointee else { return ("", "") }
    let whole = UnsafeRawBufferPointer(start: info.buffer, count: info.lastchar - info.buffer)
    let left = UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer)
    return (String(decoding: whole, as: UTF8.self), String(decoding: left, as: UTF8.self))
  }

  /// Replaces the whole line with `text`, the cursor at its end.
  static func replaceLine(_ el: OpaquePointer, with text: String) {
    let current = line(el).whole
    _ = pdx_el_cursor(el, Int32(current.unicodeScalars.count + 1))
    if !current.isEmpty { pdx_el_deletestr(el, Int32(current.unicodeScalars.count)) }
    if !text.isEmpty { _ = pdx_el_insertstr(el, text) }
  }

  /// Sets the prompt libedit draws (with its escapes marked) and remembers its width.
  func setPrompt(_ el: OpaquePointer, _ prompt: String) {
    let marked = PromptText.forLibEdit(prompt)
    pdx_el_set_prompt(el, marked)
    output.withLock { output in
      output.promptWidth = EditorWidth.of(PromptText.plain(prompt))
    }
  }

  /// Changes the prompt and the line with `change`, then draws them afresh in place: back to the
  /// first row of what was shown, clear below, and have libedit draw them (it then knows where
  /// everything is).
  func redraw(_ el: OpaquePointer, after change: () -> Void) {
    let rows = cursorRow(el)
    change()
    pdx_write_stdout((rows > 0 ? "\u{1B}[\(rows)A" : "") + "\r\u{1B}[J")
    pdx_el_refresh(el)
    assisting.withLock { $0.drawn = false }
  }

  // MARK: Printing above the prompt

  /// Prints the pending text above the prompt: moves to the prompt's first row, clears below,
  /// prints, and has libedit redraw the prompt and the line (`CC_REDISPLAY`). A new prompt
  /// waiting is put in place first.
  func printPending(_ el: OpaquePointer) -> UInt8 {
    let (texts, prompt) = output.withLock { output in
      defer {
        output.pending = []
        output.pendingPrompt = nil
      }
      return (output.pending, output.pendingPrompt)
    }
    // Where the cursor is with the prompt on screen, before a new one changes the count.
    let rows = cursorRow(el)
    let redraw = pdx_take_redraw(el) != 0
    if let prompt {
      output.withLock { $0.prompt = prompt }
      if !assisting.withLock({ $0.searching }) { setPrompt(el, prompt) }
    }
    if texts.isEmpty, redraw {
      // After a resize or `fg`: the prompt and the line drawn again from the prompt's first
      // row, cleared first. A terminal that rewraps its lines to the new width (tmux, kitty,
      // VTE, iTerm2) has put the cursor on the row its place in the line falls on at that
      // width; libedit, which redraws after moving up as many rows as it last drew the cursor
      // below the prompt's first, counts at the old width: it is given that many rows back.
      let columns = max(1, Int(pdx_columns(el)))
      let drawnAt = output.withLock { output in
        defer { output.columns = columns }
        return max(1, output.columns ?? columns)
      }
      let offset = output.withLock { $0.promptWidth } + EditorWidth.of(Self.line(el).beforeCursor)
      let up = offset / columns
      pdx_write_stdout(
        (up > 0 ? "\u{1B}[\(up)A" : "") + "\r\u{1B}[J"
          + String(repeating: "\n", count: offset / drawnAt))
      assisting.withLock { $0.drawn = false }
      return UInt8(CC_REDISPLAY)
    }
    guard !texts.isEmpty else { return UInt8(prompt == nil ? CC_NORM : CC_REDISPLAY) }
    let up = rows > 0 ? "\u{1B}[\(rows)A" : ""
    pdx_write_stdout(up + "\r\u{1B}[J" + texts.joined(separator: "\n") + Self.redisplayGap(rows))
    assisting.withLock { $0.drawn = false }
    return UInt8(CC_REDISPLAY)
  }

  /// The row of the cursor within the prompt and the line, when the line wraps (0: the first).
  func cursorRow(_ el: OpaquePointer) -> Int {
    let typed = EditorWidth.of(Self.line(el).beforeCursor)
    let promptWidth = output.withLock { $0.promptWidth }
    return (promptWidth + typed) / max(1, Int(pdx_columns(el)))
  }

  /// What to print after text written below (or instead of) the prompt before libedit redraws
  /// it (`CC_REDISPLAY`): a line break, and one more per row the cursor was below the prompt's
  /// first one, because libedit moves up that many rows before it redraws.
  static func redisplayGap(_ cursorRow: Int) -> String {
    String(repeating: "\n", count: 1 + cursorRow)
  }

  // MARK: Suggestions and hints

  /// The suggestion for `line`: the rest of the newest history line starting with it, else of
  /// the one completion extending its last word.
  func suggestion(for line: String) -> String? {
    let (entries, mistyped) = history.suggestionSource
    let provider = completer?.provider
    let fromHistory = Assist.historySuggestion(for: line, in: entries) { entry in
      !mistyped.contains(entry) && provider?.isWorthSuggesting(entry) != false
    }
    if let fromHistory {
      return fromHistory
    }
    guard let provider = completer?.provider, line.last?.isWhitespace == false else { return nil }
    return Assist.completionSuggestion(for: line, provider.completions(for: line, isTab: false))
  }

  /// Called by the reader: before it waits for a key, draws the suggestion (or the argument
  /// hint) dimmed after the cursor when it is at the end of the line, or erases what was drawn;
  /// before Enter, erases it.
  func hook(_ el: OpaquePointer, _ event: PDXHookEvent) {
    guard decorates else { return }
    let state = assisting.withLock { $0 }
    guard !state.searching, !state.asking else { return }
    let (whole, left) = Self.line(el)
    let columns = Int(pdx_columns(el))
    let promptWidth = output.withLock { $0.promptWidth }
    let used = promptWidth + EditorWidth.of(whole)
    let atEnd = whole.utf8.count == left.utf8.count
    guard event == PDX_HOOK_IDLE, atEnd else {
      if state.drawn { erase(whole: whole, left: left, fits: used < columns) }
      return
    }
    // Right after a command and a space its arguments are hinted; then the suggestion.
    let hint = completer?.provider.hint(for: whole)
    let suggestion = hint == nil ? suggestion(for: whole) : nil
    // Only what fits on the cursor's row, never wrapping.
    let room = used < columns ? columns - used - 1 : 0
    let text = Assist.truncated(PromptText.plain(hint ?? suggestion ?? ""), toColumns: room)
    let width = EditorWidth.of(text)
    guard width > 0 else {
      if state.drawn { pdx_write_stdout("\u{1B}[K") }
      assisting.withLock { state in
        state.drawn = false
        state.suggestion = nil
      }
      return
    }
    pdx_write_stdout("\u{1B}[K\u{1B}[2m\(text)\u{1B}[0m\u{1B}[\(width)D")
    assisting.withLock { state in
      state.drawn = true
      state.suggestion = suggestion.map { _ in (text, whole) }
    }
  }

  /// Erases what is drawn after the line: at the cursor when it is at the end, else past the
  /// rest of the line (only when the whole fits on the cursor's row, as what is drawn does).
  private func erase(whole: String, left: String, fits: Bool) {
    if whole.utf8.count == left.utf8.count {
      pdx_write_stdout("\u{1B}[K")
    } else if fits {
      let right = EditorWidth.of(String(whole.dropFirst(left.count)))
      pdx_write_stdout("\u{1B}7" + (right > 0 ? "\u{1B}[\(right)C" : "") + "\u{1B}[K\u{1B}8")
    }
    assisting.withLock { state in
      state.drawn = false
      state.suggestion = nil
    }
  }

  // MARK: A demo

  /// On an empty line while a demo plays: the next step's command typed in at a human pace
  /// (the whole within a second), then Enter; `nil` otherwise (the key does what it always
  /// does).
  func playNextStep(_ el: OpaquePointer) -> UInt8? {
    guard let demo = demo.withLock({ $0 }), demo.isPlaying, Self.line(el).whole.isEmpty,
      let command = demo.advance()
    else { return nil }
    if assisting.withLock({ $0.drawn }) { pdx_write_stdout("\u{1B}[K") }
    assisting.withLock { state in
      state.drawn = false
      state.suggestion = nil
    }
    let characters = Array(command)
    let pause = UInt32(min(45_000, 900_000 / max(1, characters.count)))
    // Each character goes in the line and on the screen after the cursor, at the line's end;
    // libedit redraws the whole once the function returns.
    for character in characters {
      _ = pdx_el_insertstr(el, String(character))
      pdx_write_stdout(String(character))
      usleep(pause)
    }
    // Enter as if pressed: libedit's own newline then ends the line.
    pdx_el_push(el, "\r")
    return UInt8(CC_REFRESH)
  }

  /// Esc alone on an empty line leaves the demo for the ordinary prompt.
  func leaveDemo(_ el: OpaquePointer) -> UInt8 {
    guard let demo = demo.withLock({ $0 }), demo.isPlaying, Self.line(el).whole.isEmpty else {
      return UInt8(CC_NORM)
    }
    demo.leave()
    return UInt8(CC_REFRESH)
  }

  /// → and Ctrl-F at the end of the line take the whole suggestion, Alt-→ its first word;
  /// elsewhere they move the cursor a character, or to the end of the next word.
  func acceptSuggestion(_ el: OpaquePointer, wholly: Bool) -> UInt8 {
    if wholly, let played = playNextStep(el) { return played }
    let (whole, left) = Self.line(el)
    let shown = assisting.withLock { $0.suggestion }
    if let shown, shown.line == whole, whole.utf8.count == left.utf8.count {
      let accepted = wholly ? shown.text : Assist.firstWord(of: shown.text)
      if !accepted.isEmpty, pdx_el_insertstr(el, accepted) == 0 { return UInt8(CC_REFRESH) }
    }
    let rest = Array(whole.unicodeScalars.dropFirst(left.unicodeScalars.count))
    guard !rest.isEmpty else { return UInt8(CC_NORM) }
    var step = 1
    if !wholly {
      step = 0
      while step < rest.count, rest[step] == " " { step += 1 }
      while step < rest.count, rest[step] != " " { step += 1 }
    }
    _ = pdx_el_cursor(el, Int32(step))
    return UInt8(CC_CURSOR)
  }

  // MARK: History

  /// Up (`older`) and Down: the history lines starting with what was typed.
  func walkHistory(_ el: OpaquePointer, older: Bool) -> UInt8 {
    let entries = history.entries
    let line = Self.line(el).whole
    var walk = assisting.withLock { $0.walk }
    if walk?.shown != line { walk = HistoryWalk(from: line, count: entries.count) }
    guard var current = walk else { return UInt8(CC_ERROR) }
    let moved = older ? current.older(in: entries) : current.newer(in: entries)
    assisting.withLock { $0.walk = current }
    guard moved else { return UInt8(CC_REFRESH_BEEP) }
    Self.replaceLine(el, with: current.shown)
    return UInt8(CC_REFRESH)
  }

  /// Ctrl-R: searches the history as you type. Ctrl-R again finds older matches; Enter runs the
  /// match; → , Tab and the other editing keys put it in the line to edit; Ctrl-G and Esc
  /// restore the line as it was.
  func searchHistory(_ el: OpaquePointer) -> UInt8 {
    let original = Self.line(el).whole
    let entries = history.entries
    var search = HistorySearch()
    var found = false
    assisting.withLock { state in
      state.searching = true
      state.walk = nil
    }
    if assisting.withLock({ $0.drawn }) { pdx_write_stdout("\u{1B}[K") }

    func show() {
      redraw(el) {
        setPrompt(el, search.prompt(found: found, decorated: decorates))
        Self.replaceLine(el, with: search.match.map { entries[$0] } ?? original)
      }
    }
    /// Back to the usual prompt (a new one may have come meanwhile) with `line`.
    func finish(_ line: String, push: String? = nil) -> UInt8 {
      assisting.withLock { $0.searching = false }
      redraw(el) {
        setPrompt(el, output.withLock { $0.prompt })
        Self.replaceLine(el, with: line)
      }
      if let push { pdx_el_push(el, push) }
      return UInt8(CC_REFRESH)
    }

    show()
    while true {
      var key: wchar_t = 0
      guard pdx_el_wgetc(el, &key) > 0 else {
        assisting.withLock { $0.searching = false }
        setPrompt(el, output.withLock { $0.prompt })
        return UInt8(CC_EOF)
      }
      let matched = search.match.map { entries[$0] } ?? original
      switch key {
      case 0x07:  // Ctrl-G: abort
        return finish(original)
      case 0x1B:  // Esc alone aborts; an arrow or other sequence edits the match
        guard pdx_input_pending(30) != 0 else { return finish(original) }
        return finish(matched, push: "\u{1B}")
      case 0x0D, 0x0A:  // Enter: run the match
        return finish(matched, push: "\n")
      case 0x12:  // Ctrl-R: an older match
        if let current = search.match, !search.find(in: entries, before: current) {
          pdx_write_stdout("\u{7}")
        }
      case 0x7F, 0x08:  // Backspace
        if !search.query.isEmpty { search.query.removeLast() }
        found = search.find(in: entries)
      case wchar_t(PDX_ASYNC_PRINT_KEY):
        // Printed above; the gap it leaves is where the search is drawn again.
        _ = printPending(el)
      default:
        guard key >= 0x20, let scalar = Unicode.Scalar(UInt32(key)) else {
          // Another control key: edit the match with it.
          let typed = String(Character(Unicode.Scalar(UInt32(key)) ?? " "))
          return finish(matched, push: typed)
        }
        search.query.unicodeScalars.append(scalar)
        found = search.find(in: entries)
      }
      show()
    }
  }
}

/// The width of text in terminal columns as libedit counts it (`wcwidth` per character, in the
/// UTF-8 locale the editor sets; controls count 0): for the cursor arithmetic that must match
/// libedit's own. Layouts measure with `Models.DisplayWidth`, which needs no locale.
enum EditorWidth {
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      total + Int(pdx_wcwidth(scalar.value))
    }
  }
}

/// The editor's own functions, bound to keys: each finds the `EditorCallbacks` through the
/// editor's context pointer.
enum EditorFunctions {
  static func callbacks(_ el: OpaquePointer) -> EditorCallbacks? {
    guard let context = pdx_editor_context(el) else { return nil }
    return Unmanaged<EditorCallbacks>.fromOpaque(context).takeUnretainedValue()
  }

  /// Tab.
  static let complete: PDXEditorFunction = { el, _ in
    guard let callbacks = callbacks(el), let completer = callbacks.completer else {
      return UInt8(CC_ERROR)
    }
    return completer.complete(el, in: callbacks)
  }

  /// The key the reader returns when text waits to go above the prompt.
  static let printAsync: PDXEditorFunction = { el, _ in
    callbacks(el)?.printPending(el) ?? UInt8(CC_NORM)
  }

  static let olderHistory: PDXEditorFunction = { el, _ in
    callbacks(el)?.walkHistory(el, older: true) ?? UInt8(CC_ERROR)
  }

  static let newerHistory: PDXEditorFunction = { el, _ in
    callbacks(el)?.walkHistory(el, older: false) ?? UInt8(CC_ERROR)
  }

  static let searchHistory: PDXEditorFunction = { el, _ in
    callbacks(el)?.searchHistory(el) ?? UInt8(CC_ERROR)
  }

  static let acceptSuggestion: PDXEditorFunction = { el, _ in
    callbacks(el)?.acceptSuggestion(el, wholly: true) ?? UInt8(CC_ERROR)
  }

  static let acceptWord: PDXEditorFunction = { el, _ in
    callbacks(el)?.acceptSuggestion(el, wholly: false) ?? UInt8(CC_ERROR)
  }

  /// Enter on an empty line while a demo plays: its next step, else Enter as always.
  static let enter: PDXEditorFunction = { el, _ in
    if let played = callbacks(el)?.playNextStep(el) { return played }
    pdx_el_push(el, "\r")
    return UInt8(CC_NORM)
  }

  /// Space on an empty line while a demo plays: its next step, else a space.
  static let space: PDXEditorFunction = { el, _ in
    if let played = callbacks(el)?.playNextStep(el) { return played }
    return pdx_el_insertstr(el, " ") == 0 ? UInt8(CC_REFRESH) : UInt8(CC_ERROR)
  }

  /// Page Down: the next step of a demo on an empty line, else nothing.
  static let pageDown: PDXEditorFunction = { el, _ in
    callbacks(el)?.playNextStep(el) ?? UInt8(CC_NORM)
  }

  /// Esc alone (while a demo plays): leaves it.
  static let escape: PDXEditorFunction = { el, _ in
    callbacks(el)?.leaveDemo(el) ?? UInt8(CC_NORM)
  }

  /// The reader's hook (see `PDXHookEvent`).
  static let hook: PDXEditorHook = { el, event in
    callbacks(el)?.hook(el, event)
  }
}

/// Applies a `CompletionProvider`'s answers to the line being edited.
final class Completer: Sendable {
  let provider: any CompletionProvider

  init(_ provider: any CompletionProvider) {
    self.provider = provider
  }

  /// Completes the word left of the cursor; returns libedit's `CC_*` code. Candidates are listed
  /// once for a line; a message (the names are loading) is shown once a session.
  func complete(_ el: OpaquePointer, in callbacks: EditorCallbacks) -> UInt8 {
    let line = EditorCallbacks.line(el).beforeCursor
    let lines: [String]
    switch provider.completions(for: line, isTab: true) {
    case .message(let message):
      let first = callbacks.assisting.withLock { state in
        defer { state.saidLoading = true }
        return !state.saidLoading
      }
      guard first else { return UInt8(CC_REFRESH_BEEP) }
      lines = [message]
    case .items(let items):
      guard let edit = Completion.edit(line: line, candidates: items) else {
        return UInt8(CC_REFRESH_BEEP)
      }
      if edit.deleteCount > 0 { pdx_el_deletestr(el, Int32(edit.deleteCount)) }
      if !edit.insertion.isEmpty, pdx_el_insertstr(el, edit.insertion) != 0 {
        return UInt8(CC_ERROR)
      }
      guard !edit.listing.isEmpty else { return UInt8(CC_REFRESH) }
      let listedAlready = callbacks.assisting.withLock { state in
        defer { state.listedLine = line }
        return state.listedLine == line
      }
      guard !listedAlready else { return UInt8(CC_REFRESH_BEEP) }
      lines = Completion.columns(edit.listing, width: Int(pdx_columns(el)))
      if edit.listing.count > Completion.queryThreshold {
        return listAfterAsking(el, lines, count: edit.listing.count, in: callbacks)
      }
    }
    let row = callbacks.cursorRow(el)
    let erase = callbacks.assisting.withLock { $0.drawn } ? "\u{1B}[K" : ""
    pdx_write_stdout(
      erase + "\n\u{1B}[J" + lines.joined(separator: "\n") + EditorCallbacks.redisplayGap(row))
    callbacks.assisting.withLock { $0.drawn = false }
    return UInt8(CC_REDISPLAY)
  }

  /// Many candidates, as readline lists them: `Display all N possibilities? (y or n)` first,
  /// then a screen at a time with `--More--` between. Ctrl-C drops the line as it does while
  /// typing.
  private func listAfterAsking(
    _ el: OpaquePointer, _ lines: [String], count: Int, in callbacks: EditorCallbacks
  ) -> UInt8 {
    let row = callbacks.cursorRow(el)
    let erase = callbacks.assisting.withLock { $0.drawn } ? "\u{1B}[K" : ""
    callbacks.assisting.withLock { state in
      state.drawn = false
      state.asking = true
    }
    // The hint is not drawn after the question or `--More--` while they wait for a key.
    defer { callbacks.assisting.withLock { $0.asking = false } }
    pdx_write_stdout(erase + "\n\u{1B}[J" + Completion.question(count: count))
    guard let answer = Self.key(el) else { return UInt8(CC_EOF) }
    guard Completion.answersYes(answer) else {
      // Not listed: Tab may ask again.
      callbacks.assisting.withLock { $0.listedLine = nil }
      pdx_write_stdout(EditorCallbacks.redisplayGap(row))
      return UInt8(CC_REDISPLAY)
    }
    pdx_write_stdout("\r\u{1B}[K")
    let screen = max(1, TerminalInfo.size().rows - 1)
    var shown = 0
    var next = min(lines.count, screen)
    while true {
      pdx_write_stdout(lines[shown..<next].joined(separator: "\n"))
      shown = next
      guard shown < lines.count else { break }
      pdx_write_stdout("\n\u{1B}[7m--More--\u{1B}[0m")
      guard let key = Self.key(el) else { return UInt8(CC_EOF) }
      pdx_write_stdout("\r\u{1B}[K")
      switch Completion.moreAnswer(key) {
      case .screen: next = min(lines.count, shown + screen)
      case .line: next = shown + 1
      case .stop:
        // On the emptied `--More--` row already: the rest of the gap.
        pdx_write_stdout(String(EditorCallbacks.redisplayGap(row).dropFirst()))
        return UInt8(CC_REDISPLAY)
      }
    }
    pdx_write_stdout(EditorCallbacks.redisplayGap(row))
    return UInt8(CC_REDISPLAY)
  }

  /// The next key typed, skipping the wake-up for text waiting to go above the prompt; `nil`
  /// at the end of input or on Ctrl-C.
  private static func key(_ el: OpaquePointer) -> Unicode.Scalar? {
    while true {
      var key: wchar_t = 0
      guard pdx_el_wgetc(el, &key) > 0 else { return nil }
      if key == PDX_ASYNC_PRINT_KEY { continue }
      return Unicode.Scalar(UInt32(bitPattern: key))
    }
  }
}
