import Models

// Fixtures written for these tests in the shape PokéAPI sends (extra keys such as
// `version_group` or `base_form` are there because the real bodies carry them).

func species(_ id: Int, _ name: String) -> String {
  "{\"name\": \"\(name)\", \"url\": \"https://pokeapi.co/api/v2/pokemon-species/\(id)/\"}"
}

/// `/evolution-chain/67`: Eevee and its eight evolutions.
let eeveeChainJSON = """
  {"id": 67, "baby_trigger_item": null, "chain": {
    "is_baby": false, "species": \(species(133, "eevee")), "evolution_details": [],
    "evolves_to": [
      {"is_baby": false, "species": \(species(134, "vaporeon")), "evolves_to": [],
       "evolution_details": [{"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
         "item": {"name": "water-stone", "url": "https://pokeapi.co/api/v2/item/84/"}, "is_default": true,
         "time_of_day": "", "min_level": null, "version_group": {"name": "red-blue", "url": "https://pokeapi.co/api/v2/version-group/1/"}}]},
      {"is_baby": false, "species": \(species(135, "jolteon")), "evolves_to": [],
       "evolution_details": [{"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
         "item": {"name": "thunder-stone", "url": "https://pokeapi.co/api/v2/item/83/"}, "is_default": true}]},
      {"is_baby": false, "species": \(species(136, "flareon")), "evolves_to": [],
       "evolution_details": [{"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
         "item": {"name": "fire-stone", "url": "https://pokeapi.co/api/v2/item/82/"}, "is_default": true}]},
      {"is_baby": false, "species": \(species(196, "espeon")), "evolves_to": [],
       "evolution_details": [{"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
         "min_happiness": 160, "time_of_day": "day", "is_default": true}]},
      {"is_baby": false, "species": \(species(197, "umbreon")), "evolves_to": [],
       "evolution_details": [{"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
         "min_happiness": 160, "time_of_day": "night", "is_default": true}]},
      {"is_baby": false, "species": \(species(470, "leafeon")), "evolves_to": [],
       "evolution_details": [
         {"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
          "location": {"name": "eterna-forest", "url": "https://pokeapi.co/api/v2/location/8/"}, "near_special_rock": true},
         {"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
          "location": {"name": "pinwheel-forest", "url": "https://pokeapi.co/api/v2/location/375/"}, "near_special_rock": true},
         {"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
          "item": {"name": "leaf-stone", "url": "https://pokeapi.co/api/v2/item/85/"}, "is_default": true}]},
      {"is_baby": false, "species": \(species(471, "glaceon")), "evolves_to": [],
       "evolution_details": [
         {"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
          "location": {"name": "sinnoh-route-217", "url": "https://pokeapi.co/api/v2/location/48/"}},
         {"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
          "item": {"name": "ice-stone", "url": "https://pokeapi.co/api/v2/item/885/"}, "is_default": true}]},
      {"is_baby": false, "species": \(species(700, "sylveon")), "evolves_to": [],
       "evolution_details": [
         {"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
          "known_move_type": {"name": "fairy", "url": "https://pokeapi.co/api/v2/type/18/"}, "min_affection": 2},
         {"trigger": {"name": "level-up", "url": "https://pokeapi.co/api/v2/evolution-trigger/1/"},
          "known_move_type": {"name": "fairy", "url": "https://pokeapi.co/api/v2/type/18/"}, "min_happiness": 160,
          "is_default": true}]}
    ]}}
  """

let levelUp =
  "{\"name\": \"level-up\", \"url\": \"https://pokeapi.co/api/v2/evolution-trigger/1/\"}"

/// `/evolution-chain/1`: a three-stage line.
let bulbasaurChainJSON = """
  {"id": 1, "chain": {"is_baby": false, "species": \(species(1, "bulbasaur")), "evolution_details": [],
    "evolves_to": [{"is_baby": false, "species": \(species(2, "ivysaur")),
      "evolution_details": [{"trigger": \(levelUp), "min_level": 16, "is_default": true}],
      "evolves_to": [{"is_baby": false, "species": \(species(3, "venusaur")),
        "evolution_details": [{"trigger": \(levelUp), "min_level": 32, "is_default": true}],
        "evolves_to": []}]}]}}
  """

/// `/evolution-chain/135`: two two-stage branches.
let wurmpleChainJSON = """
  {"id": 135, "chain": {"is_baby": false, "species": \(species(265, "wurmple")), "evolution_details": [],
    "evolves_to": [
      {"is_baby": false, "species": \(species(266, "silcoon")),
       "evolution_details": [{"trigger": \(levelUp), "min_level": 7}],
       "evolves_to": [{"is_baby": false, "species": \(species(267, "beautifly")),
         "evolution_details": [{"trigger": \(levelUp), "min_level": 10}], "evolves_to": []}]},
      {"is_baby": false, "species": \(species(268, "cascoon")),
       "evolution_details": [{"trigger": \(levelUp), "min_level": 7}],
       "evolves_to": [{"is_baby": false, "species": \(species(269, "dustox")),
         "evolution_details": [{"trigger": \(levelUp), "min_level": 10}], "evolves_to": []}]}
    ]}}
  """

/// `/evolution-chain/10`: a baby at the root.
let pichuChainJSON = """
  {"id": 10, "chain": {"is_baby": true, "species": \(species(172, "pichu")), "evolution_details": [],
    "evolves_to": [{"is_baby": false, "species": \(species(25, "pikachu")),
      "evolution_details": [{"trigger": \(levelUp), "min_happiness": 220, "is_default": true}],
      "evolves_to": [{"is_baby": false, "species": \(species(26, "raichu")),
        "evolution_details": [
          {"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
           "item": {"name": "thunder-stone", "url": "https://pokeapi.co/api/v2/item/83/"}, "is_default": true},
          {"trigger": {"name": "use-item", "url": "https://pokeapi.co/api/v2/evolution-trigger/3/"},
           "item": {"name": "thunder-stone", "url": "https://pokeapi.co/api/v2/item/83/"}, "is_default": true,
           "region": {"name": "alola", "url": "https://pokeapi.co/api/v2/region/7/"},
           "evolved_form": {"name": "raichu-alola", "url": "https://pokeapi.co/api/v2/pokemon/10100/"}}],
        "evolves_to": []}]}]}}
  """

/// `/evolution-chain/63`: a species that does not evolve.
let taurosChainJSON = """
  {"id": 63, "chain": {"is_baby": false, "species": \(species(128, "tauros")),
    "evolution_details": [], "evolves_to": []}}
  """

/// `/pokemon-species/133`, trimmed to the fields pokedex reads plus a few it ignores.
let eeveeSpeciesJSON = """
  {"id": 133, "name": "eevee", "order": 196, "gender_rate": 1, "capture_rate": 45,
   "is_baby": false, "is_legendary": false, "is_mythical": false,
   "genera": [{"genus": "しんかポケモン", "language": {"name": "ja", "url": "https://pokeapi.co/api/v2/language/1/"}},
              {"genus": "Evolution Pokémon", "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"}}],
   "flavor_text_entries": [
     {"flavor_text": "An old text.", "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"},
      "version": {"name": "red", "url": "https://pokeapi.co/api/v2/version/1/"}},
     {"flavor_text": "Its genetic code is\\nirregular. It may mutate if\\fit is exposed to \\u001b[31mradiation.",
      "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"},
      "version": {"name": "blue", "url": "https://pokeapi.co/api/v2/version/2/"}},
     {"flavor_text": "Son code génétique est instable.", "language": {"name": "fr", "url": "https://pokeapi.co/api/v2/language/5/"},
      "version": {"name": "x", "url": "https://pokeapi.co/api/v2/version/23/"}}],
   "evolution_chain": {"url": "https://pokeapi.co/api/v2/evolution-chain/67/"},
   "varieties": [
     {"is_default": true, "pokemon": {"name": "eevee", "url": "https://pokeapi.co/api/v2/pokemon/133/"}},
     {"is_default": false, "pokemon": {"name": "eevee-gmax", "url": "https://pokeapi.co/api/v2/pokemon/10205/"}}]}
  """

/// `/pokemon/133`, moves left out.
let eeveePokemonJSON = """
  {"id": 133, "name": "eevee", "height": 3, "weight": 65, "base_experience": 65,
   "types": [{"slot": 1, "type": {"name": "normal", "url": "https://pokeapi.co/api/v2/type/1/"}}],
   "abilities": [
     {"ability": {"name": "anticipation", "url": "https://pokeapi.co/api/v2/ability/107/"}, "is_hidden": true, "slot": 3},
     {"ability": {"name": "run-away", "url": "https://pokeapi.co/api/v2/ability/50/"}, "is_hidden": false, "slot": 1},
     {"ability": {"name": "adaptability", "url": "https://pokeapi.co/api/v2/ability/91/"}, "is_hidden": false, "slot": 2}],
   "stats": [
     {"base_stat": 55, "effort": 0, "stat": {"name": "hp", "url": "https://pokeapi.co/api/v2/stat/1/"}},
     {"base_stat": 55, "effort": 0, "stat": {"name": "attack", "url": "https://pokeapi.co/api/v2/stat/2/"}},
     {"base_stat": 50, "effort": 0, "stat": {"name": "defense", "url": "https://pokeapi.co/api/v2/stat/3/"}},
     {"base_stat": 45, "effort": 0, "stat": {"name": "special-attack", "url": "https://pokeapi.co/api/v2/stat/4/"}},
     {"base_stat": 65, "effort": 1, "stat": {"name": "special-defense", "url": "https://pokeapi.co/api/v2/stat/5/"}},
     {"base_stat": 55, "effort": 0, "stat": {"name": "speed", "url": "https://pokeapi.co/api/v2/stat/6/"}}]}
  """

/// `/pokemon/1`: two types, listed out of slot order on purpose.
let bulbasaurPokemonJSON = """
  {"id": 1, "name": "bulbasaur", "height": 7, "weight": 69,
   "types": [{"slot": 2, "type": {"name": "poison", "url": "https://pokeapi.co/api/v2/type/4/"}},
             {"slot": 1, "type": {"name": "grass", "url": "https://pokeapi.co/api/v2/type/12/"}}],
   "abilities": [], "stats": []}
  """

/// A small species index for resolving names.
let indexFixture: [SpeciesSummary] = [
  (1, "bulbasaur"), (16, "pidgey"), (17, "pidgeotto"), (18, "pidgeot"), (25, "pikachu"),
  (29, "nidoran-f"), (122, "mr-mime"), (127, "pinsir"), (133, "eevee"), (137, "porygon"),
  (172, "pichu"), (204, "pineco"), (221, "piloswine"), (233, "porygon2"), (393, "piplup"),
  (474, "porygon-z"), (499, "pignite"),
].map { SpeciesSummary(id: $0.0, name: $0.1) }
