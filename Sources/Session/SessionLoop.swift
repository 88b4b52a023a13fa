import CommandLanguage
import Models
import Presentation
import Terminal

/// Runs a session: reads lines (from the line editor, a `-c` script or piped input), has the
/// ``Shell`` run each one, and shows the outcome, the notices and, while a command waits, the
/// status line, all through the one ``Console``.
///
/// It owns the session's time: every background job belongs to its ``BackgroundWork``; a script
/// ends as soon as its commands and the work they started are done (waiting at most
/// `settleLimit`), an interactive session cancels what still runs when it ends.
public struct SessionLoop: Sendable {
  /// Draws an outcome as text or JSON; `nil` when there is nothing to show. `rowsAround`: the
  /// rows the session shows on the screen with the output besides the next prompt (the line
  /// typed, a demo's next note), which output made to fit the screen leaves free.
  public typealias Render = @Sendable (_ outcome: CommandOutcome, _ rowsAround: Int) -> String?

  private let shell: Shell
  private let work: BackgroundWork
  private let names: SpeciesNames
  private let pageNames: PageNames?
  private let notices: NoticeBoard
  private let console: Console
  private let render: Render
  private let failuresToStandardError: Bool
  private let settleLimit: Duration
  private let decoratePrompt: @Sendable (String) -> String
  /// Dims a line (a demo's speaker note) where colour is on.
  private let dim: @Sendable (String) -> String
  private let pager: Pager?
  private let firstContact: FirstContact?

  /// A loop over `shell`, showing outcomes with `render` on `console`. Failures go to standard
  /// error when `failuresToStandardError` (text output), to standard output otherwise (JSON).
  public init(
    shell: Shell, work: BackgroundWork, names: SpeciesNames, notices: NoticeBoard,
    console: Console, render: @escaping Render, failuresToStandardError: Bool,
    settleLimit: Duration = .seconds(3),
    decoratePrompt: @escaping @Sendable (String) -> String = { $0 }, pager: Pager? = nil,
    firstContact: FirstContact? = nil, pageNames: PageNames? = nil,
    dim: @escaping @Sendable (String) -> String = { $0 }
  ) {
    self.pageNames = pageNames
    self.dim = dim
    self.decoratePrompt = decoratePrompt
    self.pager = pager
    self.firstContact = firstContact
    self.shell = shell
    self.work = work
    self.names = names
    self.notices = notices
    self.console = console
    self.render = render
    self.failuresToStandardError = failuresToStandardError
    self.settleLimit = settleLimit
  }

  /// Runs every line of a script or of piped input; `true` when every command succeeded.
  /// Before returning, waits (at most `settleLimit`) for the work the commands started.
  public func runScript<Lines: AsyncSequence>(_ lines: Lines) async -> Bool
  where Lines.Element == String {
    var succeeded = true
    var shownBefore = false
    do {
      for try await line in lines {
        let outcome = await runCommand(line, interrupts: nil, afterOutput: shownBefore)
        if case .output = outcome { shownBefore = true }
        if !outcome.succeeded { succeeded = false }
        if case .quit = outcome { break }
      }
    } catch {
      succeeded = false
    }
    await work.waitUntilIdle(within: settleLimit)
    return succeeded
  }

  /// Runs an interactive session on `editor` until `quit` or Ctrl-D. At launch the first page,
  /// the gender lists and the species names load in the background; keys typed while a command
  /// runs wait for the next prompt (`typeAhead`); Ctrl-C cancels the command in flight through
  /// `interrupts` (tests, which cannot share the process's Ctrl-C, pass `nil`).
  ///
  /// A line may hold several commands separated by `;`, as a `-c` script; `!!`, `!N`, `!-N` and
  /// `!TEXT` recall an earlier line (``HistoryExpansion``). Output taller than the terminal goes
  /// through the `pager` while paging is on.
  ///
  /// With a `demo` (`present FILE`), the editor plays its steps (``DemoSteps``): the prompt
  /// shows `step k/N`, and the next step's speaker note is printed dimmed above it.
  public func runInteractive(
    editor: any LineEditor, typeAhead: TypeAhead, interrupts: InterruptController?,
    demo: DemoPlayer? = nil
  ) async {
    // Text from the background goes above the prompt when both share the terminal.
    let surface = EditorSurface(editor)
    if console.statusAllowed { console.attach(surface) }
    defer { console.detach(surface) }
    let decoratePrompt = decoratePrompt
    await shell.observePrompt(columns: { TerminalInfo.size().columns }) {
      editor.updatePrompt(decoratePrompt($0))
    }
    if let demo {
      editor.present(demo)
      // Esc leaves the demo: the prompt drops its step at once.
      let shell = shell
      demo.onLeave = { [work] in
        work.start("demo left") {
          await shell.setStep(nil)
          editor.updatePrompt(
            decoratePrompt(await shell.prompt(columns: TerminalInfo.size().columns)))
        }
      }
    }
    defer { editor.present(nil) }
    var notedStep: Int?
    await shell.prefetch()
    names.loadIfNeeded()
    // A first launch (nothing in the history yet) says where to start.
    if editor.historyEntries().isEmpty { console.print(Self.firstLaunchLine) }
    // The other kinds' names wait for the first command that works (or Tab): at launch they
    // would queue before that command's own requests.
    if let firstContact { work.start("first contact") { await firstContact.check() } }
    loop: while true {
      if let demo {
        await shell.setStep(demo.promptPart)
        if demo.isPlaying, notedStep != demo.stepsRun, let note = demo.nextNote {
          console.print(dim("✎ " + note))
        }
        notedStep = demo.stepsRun
      }
      let stepsBefore = demo?.stepsRun
      switch await editor.readLine(
        prompt: decoratePrompt(await shell.prompt(columns: size.columns)))
      {
      case .endOfInput:
        break loop
      case .interrupted:
        continue
      case .line(let typed):
        var line = typed
        switch HistoryExpansion.expand(typed, history: editor.historyEntries()) {
        case .unchanged: break
        case .expanded(let recalled):
          console.print(recalled)
          line = recalled
        case .failure(let failure):
          let outcome = CommandOutcome.failure(.usage(failure))
          if let text = render(outcome, 0) { show(outcome, as: text) }
          continue
        }
        // A refused line (a huge paste, control characters) is not worth recalling, nor is a
        // demo's step (the presenter's history is theirs): only what they typed themselves.
        let refusal = CommandParser.refusal(of: line)
        let isStep = demo.map { $0.stepsRun != stepsBefore } ?? false
        if refusal == nil, !isStep { editor.addHistory(line) }
        // After a command of their own, the next step's note is shown again.
        if !isStep { notedStep = nil }
        typeAhead.hold()
        var quits = false
        var shownBefore = false
        // On screen with the output: the line typed, and a demo's next note (shown after a step,
        // and again after a command of the presenter's own).
        let noteRows =
          demo.flatMap { $0.isPlaying ? $0.nextNote : nil }.map {
            DisplayWidth.rows(dim("✎ " + $0), columns: size.columns)
          } ?? 0
        for command in refusal == nil ? Self.commands(in: line) : [line] {
          let outcome = await runCommand(
            command, interrupts: interrupts, pages: true, afterOutput: shownBefore,
            rowsAround: 1 + noteRows)
          if case .output = outcome { shownBefore = true }
          if outcome.succeeded, outcome != .nothing {
            names.loadIfNeeded()
            pageNames?.loadIfNeeded()
          }
          if case .failure(let failure) = outcome, failure.isMistyped {
            editor.markMistyped(line)
          }
          if case .quit = outcome { quits = true }
          if quits || outcome.failure?.isCancellation == true { break }
        }
        typeAhead.release()
        if quits { break loop }
      }
    }
    await work.cancelAll()
  }

  /// What a first launch says before the first prompt.
  public static let firstLaunchLine =
    "Type \"help\" for the commands, \"help keys\" for the keys, or press Tab."

  /// The commands of a line typed at the prompt: split at `;` as a script is, or the line as
  /// it is when it is a comment or holds nothing else.
  static func commands(in line: String) -> [String] {
    let trimmed = line.drop { $0.isWhitespace }
    if trimmed.hasPrefix("#") { return [line] }
    let commands = CommandParser.splitScript(line)
    return commands.isEmpty ? [line] : commands
  }

  /// Runs one line: status line while it waits, then its output, then its notices. Text output
  /// that follows another command's output of the same script or line (`afterOutput`) is set
  /// apart by a blank line; JSON, one object a line, never is.
  private func runCommand(
    _ line: String, interrupts: InterruptController?, pages: Bool = false,
    afterOutput: Bool = false, rowsAround: Int = 0
  ) async -> CommandOutcome {
    notices.beginCommand()
    let status = StatusLine(waitingFor: "Working")
    let ticker = console.statusAllowed ? startTicker(status) : nil
    let shell = shell
    let outcome: CommandOutcome
    if let interrupts {
      let (value, interrupted) = await interrupts.runReporting {
        await shell.execute(line, status: status)
      }
      // Interrupted, a command says it was cancelled, and how far it came where it can.
      outcome = !interrupted || value.failure?.isCancellation == true ? value : .failure(.cancelled)
    } else {
      outcome = await shell.execute(line, status: status)
    }
    ticker?.cancel()
    await ticker?.value
    console.clearStatus()
    if case .output(.clear) = outcome {
      console.clearScreen()
    } else if let text = render(outcome, rowsAround) {
      // Failures go to standard error exactly when the output is text.
      if afterOutput, failuresToStandardError, case .output = outcome { console.print("") }
      let size = size
      if pages, let pager, await shell.state.paging, console.isTerminal,
        Pager.isTaller(text, columns: size.columns, rows: size.rows)
      {
        // What a pager can show is paged; a picture placed in pixels under it, which a pager
        // would cut, is drawn after it (the renderer sized it to fit the screen).
        let (pageable, rest) = Pager.split(text)
        if pageable.isEmpty {
          show(outcome, as: text)
        } else {
          await pager.show(pageable, rows: size.rows, columns: size.columns)
          if !rest.isEmpty { show(outcome, as: rest) }
        }
      } else {
        show(outcome, as: text)
      }
    }
    for notice in notices.endCommand() { console.printError(notice) }
    return outcome
  }

  /// Redraws the status line until cancelled (the command's owner cancels it when it ends).
  private func startTicker(_ status: StatusLine) -> Task<Void, Never> {
    let console = console
    return Task {
      var pause = StatusLine.delay
      while !Task.isCancelled {
        try? await Task.sleep(for: pause)
        guard !Task.isCancelled else { return }
        if let text = status.text() {
          console.showStatus(text, columns: TerminalInfo.size().columns)
        }
        pause = StatusLine.interval
      }
    }
  }

  private var size: (columns: Int, rows: Int) { TerminalInfo.size() }

  private func show(_ outcome: CommandOutcome, as text: String) {
    if case .failure = outcome, failuresToStandardError {
      console.printError(text)
    } else {
      console.print(text)
    }
  }
}

/// The line editor as the console's ``PromptSurface``.
private final class EditorSurface: PromptSurface {
  let editor: any LineEditor

  init(_ editor: any LineEditor) {
    self.editor = editor
  }

  func printAbovePrompt(_ text: String, otherwise: () -> Void) {
    editor.printAbovePrompt(text, otherwise: otherwise)
  }
}
