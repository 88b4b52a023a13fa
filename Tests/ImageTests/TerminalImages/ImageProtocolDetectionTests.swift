import Images
import Testing

@Suite("Choosing how to show images")
struct ImageProtocolDetectionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var isTTY = true
    var override: ImageModeOverride = .auto
    var sixels = false
    var expected: ImageOutputMode
    var testDescription: String { "\(environment) tty=\(isTTY) --images \(override.rawValue)" }
  }

  static let cases: [Case] = [
    // Graphics protocols.
    Case(environment: ["TERM": "xterm-kitty"], expected: .kitty),
    Case(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], expected: .kitty),
    Case(environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], expected: .kitty),
    Case(environment: ["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"], expected: .iterm2),
    Case(environment: ["TERM_PROGRAM": "WezTerm"], expected: .iterm2),
    Case(environment: ["TERM": "xterm", "LC_TERMINAL": "iTerm2"], expected: .iterm2),
    Case(environment: ["TERM": "screen", "LC_TERMINAL": "iTerm.app"], expected: .iterm2),
    Case(environment: ["TERM": "xterm", "TERM_PROGRAM": "mintty"], expected: .iterm2),
    // Sixels where the terminal draws them, unless a graphics protocol comes first or tmux.
    Case(environment: ["TERM": "foot"], sixels: true, expected: .sixel),
    Case(environment: ["TERM_PROGRAM": "WezTerm"], sixels: true, expected: .iterm2),
    Case(
      environment: ["TERM": "foot", "TMUX": "/tmp/t,1,0"], sixels: true,
      expected: .blocks(trueColor: false)),
    Case(environment: ["TERM": "foot"], isTTY: false, sixels: true, expected: .pathOnly),
    // Half blocks, with and without 24-bit colour.
    Case(environment: ["TERM": "xterm-256color"], expected: .blocks(trueColor: false)),
    Case(
      environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
      expected: .blocks(trueColor: true)),
    Case(
      environment: ["TERM": "xterm-256color", "COLORTERM": "24bit"],
      expected: .blocks(trueColor: true)),
    Case(
      environment: ["TERM": "xterm-256color", "COLORTERM": "yes"],
      expected: .blocks(trueColor: false)),
    Case(environment: [:], expected: .blocks(trueColor: false)),
    Case(
      environment: [
        "TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1/default,1,0", "COLORTERM": "truecolor",
      ],
      expected: .blocks(trueColor: true)),
    // No escapes at all.
    Case(
      environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"], isTTY: false,
      expected: .pathOnly),
    Case(environment: ["TERM": "dumb", "COLORTERM": "truecolor"], expected: .pathOnly),
    Case(environment: ["TERM": "xterm-kitty", "NO_COLOR": "1"], expected: .pathOnly),
    Case(
      environment: ["TERM": "xterm-256color", "NO_COLOR": ""], expected: .blocks(trueColor: false)),
    Case(
      environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""],
      expected: .blocks(trueColor: false)),
    // --images overrides detection.
    Case(environment: ["TERM": "xterm-kitty"], override: .off, expected: .pathOnly),
    Case(
      environment: ["TERM": "xterm-kitty"], override: .blocks, expected: .blocks(trueColor: false)),
    Case(
      environment: ["COLORTERM": "truecolor"], isTTY: false, override: .blocks,
      expected: .blocks(trueColor: true)),
    Case(environment: ["TERM": "dumb"], override: .kitty, expected: .kitty),
    Case(environment: ["NO_COLOR": "1"], override: .iterm2, expected: .iterm2),
    Case(environment: ["TERM": "xterm"], override: .sixel, expected: .sixel),
    Case(
      environment: ["COLORTERM": "truecolor"], override: .symbols,
      expected: .symbols(trueColor: true)),
    Case(environment: ["TERM": "xterm-kitty"], isTTY: false, override: .auto, expected: .pathOnly),
  ]

  @Test("detection matrix", arguments: cases)
  func detection(_ testCase: Case) {
    #expect(
      ImageProtocolDetection.mode(
        environment: testCase.environment, isTTY: testCase.isTTY, override: testCase.override,
        sixels: testCase.sixels)
        == testCase.expected)
  }

  @Test("--images values parse as their names")
  func overrideNames() {
    #expect(ImageModeOverride(rawValue: "iterm2") == .iterm2)
    #expect(ImageModeOverride(rawValue: "sixel") == .sixel)
    #expect(ImageModeOverride(rawValue: "sextant") == nil)
    #expect(
      ImageModeOverride.allCases.map(\.rawValue) == [
        "auto", "kitty", "iterm2", "sixel", "symbols", "blocks", "off",
      ])
  }
}
