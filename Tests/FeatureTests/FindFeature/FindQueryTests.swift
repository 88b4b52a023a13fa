import CommandLanguage
import FindFeature
import Testing

/// The words after `find`, split at spaces as the session splits them.
private func query(_ line: String) throws(FindProblem) -> FindQuery {
  try FindQuery(words: line.split(separator: " ").map(String.init))
}

/// The one line a query that cannot be read gets.
private func problem(_ line: String) -> String? {
  do {
    _ = try query(line)
    return nil
  } catch {
    return error.message
  }
}

@Suite("find's terms")
struct FindQueryTests {
  @Test func namesEitherOrNegationAndComparisons() throws {
    let found = try query("type:Water|ice -type:steel spe>100 bst>=600 weight<10 gen:1-3")
    #expect(found.subject == .species && !found.all && found.sort.isEmpty)
    #expect(
      found.terms == [
        FindTerm(.type, .anyOf(["Water", "ice"])),
        FindTerm(.type, .anyOf(["steel"]), negated: true),
        FindTerm(.spe, .compare(.greater, 100)),
        FindTerm(.bst, .compare(.greaterOrEqual, 600)),
        FindTerm(.weight, .compare(.less, 10)),
        FindTerm(.gen, .within([1...3])),
      ])
  }

  @Test func aliasesFlagsAndTheLearnMethodKeptWithItsMove() throws {
    let found = try query(
      "speed>=90 generation:1|4 colour:blue legendary -baby evolves:trade|use-item final forms "
        + "learns:ice-beam/machine hidden:intimidate egg-group:dragon")
    #expect(
      found.terms == [
        FindTerm(.spe, .compare(.greaterOrEqual, 90)),
        FindTerm(.gen, .within([1...1, 4...4])),
        FindTerm(.color, .anyOf(["blue"])),
        FindTerm(.legendary, .present),
        FindTerm(.baby, .present, negated: true),
        FindTerm(.evolves, .anyOf(["trade", "use-item"])),
        FindTerm(.final, .present),
        FindTerm(.forms, .present),
        FindTerm(.learns, .anyOf(["ice-beam/machine"])),
        FindTerm(.hidden, .anyOf(["intimidate"])),
        FindTerm(.egg, .anyOf(["dragon"])),
      ])
    #expect(found.listsForms)
  }

  @Test func movesTheirFieldsSortAndAll() throws {
    let found = try query("moves type:fire class:physical power>=90 priority!=0 sort:-power --all")
    #expect(found.subject == .moves && found.all)
    #expect(
      found.terms == [
        FindTerm(.type, .anyOf(["fire"])), FindTerm(.moveClass, .anyOf(["physical"])),
        FindTerm(.power, .compare(.greaterOrEqual, 90)),
        FindTerm(.priority, .compare(.notEqual, 0)),
      ])
    #expect(found.sort == [FindSort(.power, descending: true)])
    #expect(try query("sort:spe").sort == [FindSort(.spe)])
    #expect(try query("moves priority<-1").terms == [FindTerm(.priority, .compare(.less, -1))])
    #expect(try query("height>=1.5").terms == [FindTerm(.height, .compare(.greaterOrEqual, 1.5))])
    #expect(try query("type:fire -sort:bst").sort == [FindSort(.bst, descending: true)])
  }

  @Test(
    "Each word that cannot be read is one line naming it",
    arguments: [
      ("", "\"find\" needs terms, e.g. \"find type:water spe>100\"."),
      ("moves", "\"find moves\" needs terms, e.g. \"find moves type:fire power>=90\"."),
      (
        "speeed>100", "\"speeed\" is not something find knows (speeed>100). Did you mean \"speed\"?"
      ),
      (
        "fire",
        "\"fire\" is not something find knows. A name is written with its field: type:fire."
      ),
      ("type>3", "\"type\" takes a name: type:fire (not \"type>3\")."),
      ("type:", "\"type:\" needs a name after \":\" and each \"|\": type:fire."),
      ("type:fire|", "\"type:fire|\" needs a name after \":\" and each \"|\": type:fire."),
      ("spe>", "\"spe>\" compares spe with a number: spe>100 (<, <=, =, >=, >, !=)."),
      ("spe>fast", "\"spe>fast\" compares spe with a number: spe>100 (<, <=, =, >=, >, !=)."),
      ("spe>1e9", "\"spe>1e9\" compares spe with a number: spe>100 (<, <=, =, >=, >, !=)."),
      ("gen:3-1", "\"gen:3-1\": a generation is a number from 1, a range two (gen:1 or gen:1-3)."),
      ("gen:0", "\"gen:0\": a generation is a number from 1, a range two (gen:1 or gen:1-3)."),
      ("legendary:yes", "\"legendary\" is written alone (not \"legendary:yes\")."),
      ("power>90", "\"power\" is a move's: \"find moves power>90\"."),
      ("moves hp>90", "\"hp\" is a species': \"find hp>90\"."),
      (
        "--limit",
        "\"find\" takes one option, --all (not \"--limit\"); a term is negated with one \"-\": -type:water."
      ),
      (
        "sort:speed2",
        "\"sort:speed2\" sorts by a number: hp, atk, def, spa, spd, spe, bst, height, weight or gen. Did you mean \"speed\"?"
      ),
      (":fire", "\":fire\" names no field, e.g. \"type:fire\" or \"spe>100\"."),
      ("-forms", "\"forms\" lists the forms as rows of their own; it cannot be negated."),
      ("spe>0x10", "\"spe>0x10\" compares spe with a number: spe>100 (<, <=, =, >=, >, !=)."),
      ("spe>inf", "\"spe>inf\" compares spe with a number: spe>100 (<, <=, =, >=, >, !=)."),
    ])
  func problems(line: String, message: String) {
    #expect(problem(line) == message)
  }

  @Test func theFieldsOfEachSubjectForCompletion() {
    let species = FindField.names(for: .species)
    let moves = FindField.names(for: .moves)
    #expect(species.contains("spe") && species.contains("learns") && !species.contains("power"))
    #expect(moves == ["type", "gen", "class", "power", "accuracy", "pp", "priority", "learnedby"])
  }
}
