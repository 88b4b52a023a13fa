/// Small bodies in PokéAPI's shape (written for these tests), with fields pokedex ignores,
/// `null`s, and a form feed in a flavour text, as the real API has.
enum Fixtures {
  static func speciesRef(_ name: String, _ id: Int) -> String {
    #"{"name": "\#(name)", "url": "{base}/pokemon-species/\#(id)/"}"#
  }

  /// `pokemon-species?offset=0&limit=3`: ids from the urls, next page on this server.
  static let speciesPage = """
    {"count": 1025, "next": "{base}/pokemon-species?offset=3&limit=3", "previous": null,
     "results": [\(speciesRef("bulbasaur", 1)), \(speciesRef("ivysaur", 2)),
                 \(speciesRef("venusaur", 3))]}
    """

  static func eevee(name: String = "eevee") -> String {
    """
    {"base_happiness": 50, "capture_rate": 45, "color": {"name": "brown", "url": "{base}/pokemon-color/3/"},
     "evolution_chain": {"url": "{base}/evolution-chain/67/"},
     "evolves_from_species": null,
     "flavor_text_entries": [
       {"flavor_text": "Its genetic code\\nis irregular.\\fIt may mutate.", "language": {"name": "en", "url": "{base}/language/9/"}, "version": {"name": "red", "url": "{base}/version/1/"}},
       {"flavor_text": "Son code génétique est instable.", "language": {"name": "fr", "url": "{base}/language/5/"}, "version": {"name": "x", "url": "{base}/version/23/"}}
     ],
     "gender_rate": 1,
     "genera": [{"genus": "Evolution Pokémon", "language": {"name": "en", "url": "{base}/language/9/"}}],
     "habitat": null, "id": 133, "is_baby": false, "is_legendary": false, "is_mythical": false,
     "name": "\(name)", "order": 162,
     "varieties": [
       {"is_default": true, "pokemon": {"name": "eevee", "url": "{base}/pokemon/133/"}},
       {"is_default": false, "pokemon": {"name": "eevee-gmax", "url": "{base}/pokemon/10205/"}}
     ]}
    """
  }

  static let eeveePokemon = """
    {"abilities": [{"ability": {"name": "run-away", "url": "{base}/ability/50/"}, "is_hidden": false, "slot": 1},
                   {"ability": {"name": "anticipation", "url": "{base}/ability/107/"}, "is_hidden": true, "slot": 3}],
     "base_experience": 65, "cries": {"latest": "x.ogg"}, "height": 3, "id": 133,
     "moves": [{"move": {"name": "tackle", "url": "{base}/move/33/"}, "version_group_details": []}],
     "name": "eevee", "order": 214, "sprites": {"front_default": null},
     "stats": [{"base_stat": 55, "effort": 0, "stat": {"name": "hp", "url": "{base}/stat/1/"}},
               {"base_stat": 55, "effort": 0, "stat": {"name": "attack", "url": "{base}/stat/2/"}}],
     "types": [{"slot": 1, "type": {"name": "normal", "url": "{base}/type/1/"}}],
     "weight": 65}
    """

  static func itemDetail(_ item: String) -> String {
    """
    {"gender": null, "held_item": null, "item": {"name": "\(item)", "url": "{base}/item/84/"},
     "known_move": null, "min_level": null, "needs_overworld_rain": false,
     "time_of_day": "", "trigger": {"name": "use-item", "url": "{base}/evolution-trigger/3/"},
     "turn_upside_down": false, "version_group": {"name": "red-blue", "url": "{base}/version-group/1/"}}
    """
  }

  static let eeveelutions: [(String, Int)] = [
    ("vaporeon", 134), ("jolteon", 135), ("flareon", 136), ("espeon", 196), ("umbreon", 197),
    ("leafeon", 470), ("glaceon", 471), ("sylveon", 700),
  ]

  /// Eevee's chain: one root, eight branches.
  static let eeveeChain: String = {
    let branches = eeveelutions.map { name, id in
      """
      {"evolution_details": [\(itemDetail("\(name)-stone"))], "evolves_to": [], "is_baby": false,
       "species": \(speciesRef(name, id))}
      """
    }
    return """
      {"baby_trigger_item": null, "id": 67,
       "chain": {"evolution_details": [], "is_baby": false, "species": \(speciesRef("eevee", 133)),
                 "evolves_to": [\(branches.joined(separator: ", "))]}}
      """
  }()

  static func level(_ level: Int) -> String {
    """
    {"min_level": \(level), "trigger": {"name": "level-up", "url": "{base}/evolution-trigger/1/"},
     "item": null, "time_of_day": ""}
    """
  }

  /// Wurmple's chain: two branches of two stages each.
  static let wurmpleChain = """
    {"baby_trigger_item": null, "id": 135,
     "chain": {"evolution_details": [], "is_baby": false, "species": \(speciesRef("wurmple", 265)),
       "evolves_to": [
         {"evolution_details": [\(level(7))], "is_baby": false, "species": \(speciesRef("silcoon", 266)),
          "evolves_to": [{"evolution_details": [\(level(10))], "evolves_to": [], "is_baby": false,
                          "species": \(speciesRef("beautifly", 267))}]},
         {"evolution_details": [\(level(7))], "is_baby": false, "species": \(speciesRef("cascoon", 268)),
          "evolves_to": [{"evolution_details": [\(level(10))], "evolves_to": [], "is_baby": false,
                          "species": \(speciesRef("dustox", 269))}]}
       ]}}
    """

  static let femaleList = """
    {"id": 1, "name": "female", "pokemon_species_details": [
      {"pokemon_species": \(speciesRef("eevee", 133)), "rate": 1},
      {"pokemon_species": \(speciesRef("bulbasaur", 1)), "rate": 1},
      {"pokemon_species": \(speciesRef("chansey", 113)), "rate": 8}],
     "required_for_evolution": []}
    """
}
