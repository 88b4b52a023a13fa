import ArgumentParser
import CommandLanguage
import Foundation

// The entry point: parse the command line (usage errors exit 2), then run the session.
let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
  options = try Options.parse(arguments)
} catch {
  let code = Options.exitCode(for: error)
  if code == .success {
    Terminal.print(Options.fullMessage(for: error))
    exit(0)
  }
  Terminal.printError(Options.fullMessage(for: error))
  exit(ExitStatus.usage.rawValue)
}

let environment = ProcessInfo.processInfo.environment
let status: ExitStatus
do {
  let app = try App(options: options, environment: environment)
  status = await app.run()
} catch {
  Terminal.printError("pokedex: \(error)")
  status = .usage
}
exit(status.rawValue)
