import ArgumentParser
import Foundation
import Terminal

// The entry point: parse the command line (usage errors exit 2), then run the session.
let arguments = Array(CommandLine.arguments.dropFirst())
// A first command that will fetch: its connection opens now (see `App.prepareNetwork`).
let prepared = App.prepareNetwork(arguments: arguments, environment: App.launchEnvironment())
let environment = ProcessInfo.processInfo.environment
let console = Console.standard
let options: Options
do {
  options = try Options.parse(arguments)
} catch {
  let code = Options.exitCode(for: error)
  if code == .success {
    console.print(Options.fullMessage(for: error))
    exit(0)
  }
  console.printError(Options.fullMessage(for: error))
  exit(ExitStatus.usage.rawValue)
}

if options.generateManual {
  FileHandle.standardOutput.write(Data(ManualPage.render().utf8))
  exit(0)
}

let status: ExitStatus
do {
  let app = try App(options: options, environment: environment, prepared: prepared)
  status = await app.run()
  // A script's session has nothing left to do at its end (the cache is closed): letting go of the
  // app would only free memory the kernel takes back anyway (about 0.2 ms after the output of a
  // cold command). An editor is let go, which restores the terminal as it found it.
  if app.editor == nil {
    fflush(nil)
    withExtendedLifetime(app) { _exit(status.rawValue) }
  }
} catch {
  console.printError("pokedex: \(error)")
  status = .usage
}
// The session has stored what it fetched and closed the cache, the editor and the log. What
// `exit` would add are the C libraries' clean-ups (OpenSSL's and ICU's), which free memory the
// kernel takes back anyway: a millisecond at the end of every command. Buffered output first.
fflush(nil)
_exit(status.rawValue)
