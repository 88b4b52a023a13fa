/// Resources written by hand in the API's shape: a few fields of each, other languages beside
/// the English texts, references as the API writes them.
enum Fixtures {
  static func reference(_ path: String, _ name: String, _ id: Int) -> String {
    #"{"name":"\#(name)","url":"https://x.test/api/v2/\#(path)/\#(id)/"}"#
  }

  static func english(_ key: String, _ text: String, extra: String = "") -> String {
    #"{"\#(key)":"\#(text)",\#(extra)"language":\#(reference("language", "en", 9))}"#
  }

  static func french(_ key: String, _ text: String, extra: String = "") -> String {
    #"{"\#(key)":"\#(text)",\#(extra)"language":\#(reference("language", "fr", 5))}"#
  }

  /// Static: normal holders (a species, its form, one listed twice) and a hidden one.
  static let staticAbility = #"""
    {"id":9,"name":"static","is_main_series":true,
     "names":[\#(french("name", "Statik")),\#(english("name", "Static"))],
     "effect_entries":[
       \#(french("effect", "Paralyse.", extra: #""short_effect":"Paralyse au contact.","#)),
       \#(english("effect", "Whenever a move makes contact…", extra: #""short_effect":"Has a 30% chance of paralyzing attacking Pokémon on contact.","#))],
     "flavor_text_entries":[
       \#(english("flavor_text", "Paralyzes on\\ncontact.", extra: #""version_group":\#(reference("version-group", "ruby-sapphire", 5)),"#)),
       \#(english("flavor_text", "The Pokémon is charged with\\u000cstatic electricity.", extra: #""version_group":\#(reference("version-group", "scarlet-violet", 25)),"#))],
     "generation":\#(reference("generation", "generation-iii", 3)),
     "pokemon":[
       {"is_hidden":false,"slot":1,"pokemon":\#(reference("pokemon", "raichu", 26))},
       {"is_hidden":false,"slot":1,"pokemon":\#(reference("pokemon", "pikachu", 25))},
       {"is_hidden":false,"slot":1,"pokemon":\#(reference("pokemon", "pikachu-gmax", 10190))},
       {"is_hidden":false,"slot":1,"pokemon":\#(reference("pokemon", "pikachu", 25))},
       {"is_hidden":true,"slot":3,"pokemon":\#(reference("pokemon", "zapdos", 145))}]}
    """#

  /// An ability with no English texts at all.
  static let silentAbility = #"""
    {"id":300,"name":"mute-thing","names":[\#(french("name", "Muet"))],"effect_entries":[],
     "flavor_text_entries":[],"generation":null,"pokemon":[]}
    """#

  /// Fire Punch: `$effect_chance` in its short effect, machines in two games (the newer listed
  /// first), learnt by two species and a form.
  static let firePunch = #"""
    {"id":7,"name":"fire-punch","accuracy":100,"power":75,"pp":15,"priority":0,
     "effect_chance":10,
     "names":[\#(english("name", "Fire Punch"))],
     "damage_class":\#(reference("move-damage-class", "physical", 2)),
     "type":\#(reference("type", "fire", 10)),
     "generation":\#(reference("generation", "generation-i", 1)),
     "effect_entries":[\#(english("effect", "Inflicts regular damage. Has a $effect_chance% chance to burn the target.", extra: #""short_effect":"Has a $effect_chance% chance to burn the target.","#))],
     "flavor_text_entries":[
       \#(english("flavor_text", "An old text.", extra: #""version_group":\#(reference("version-group", "gold-silver", 3)),"#)),
       \#(english("flavor_text", "The target is punched with a fiery fist.", extra: #""version_group":\#(reference("version-group", "scarlet-violet", 25)),"#))],
     "machines":[
       {"machine":{"url":"https://x.test/api/v2/machine/1900/"},"version_group":\#(reference("version-group", "scarlet-violet", 25))},
       {"machine":{"url":"https://x.test/api/v2/machine/1300/"},"version_group":\#(reference("version-group", "sword-shield", 20))}],
     "learned_by_pokemon":[\#(reference("pokemon", "charmander", 4)),\#(reference("pokemon", "mew", 151)),\#(reference("pokemon", "charizard-mega-x", 10034))]}
    """#

  static let machine1900 = #"""
    {"id":1900,"item":\#(reference("item", "tm67", 1300)),"move":\#(reference("move", "fire-punch", 7)),
     "version_group":\#(reference("version-group", "scarlet-violet", 25))}
    """#

  /// A status move: no power, no accuracy, priority +1, no machine.
  static let quickGuard = #"""
    {"id":501,"name":"quick-guard","accuracy":null,"power":null,"pp":15,"priority":3,
     "effect_chance":null,"names":[],"damage_class":\#(reference("move-damage-class", "status", 1)),
     "type":\#(reference("type", "fighting", 2)),"generation":\#(reference("generation", "generation-v", 5)),
     "effect_entries":[],"flavor_text_entries":[],"machines":[],"learned_by_pokemon":[]}
    """#

  /// Fire's whole row and column, its species and a form of another species.
  static let fire = #"""
    {"id":10,"name":"fire","names":[\#(english("name", "Fire"))],
     "generation":\#(reference("generation", "generation-i", 1)),
     "damage_relations":{
       "double_damage_to":[\#(reference("type", "grass", 12)),\#(reference("type", "ice", 15))],
       "half_damage_to":[\#(reference("type", "water", 11)),\#(reference("type", "fire", 10))],
       "no_damage_to":[],
       "double_damage_from":[\#(reference("type", "water", 11))],
       "half_damage_from":[\#(reference("type", "fire", 10)),\#(reference("type", "grass", 12))],
       "no_damage_from":[]},
     "pokemon":[
       {"slot":1,"pokemon":\#(reference("pokemon", "charmander", 4))},
       {"slot":2,"pokemon":\#(reference("pokemon", "marowak-alola", 10115))},
       {"slot":1,"pokemon":\#(reference("pokemon", "vulpix", 37))}]}
    """#

  static let water = #"""
    {"id":11,"name":"water","damage_relations":{
       "double_damage_to":[\#(reference("type", "fire", 10))],"half_damage_to":[],"no_damage_to":[],
       "double_damage_from":[\#(reference("type", "grass", 12))],
       "half_damage_from":[\#(reference("type", "fire", 10)),\#(reference("type", "water", 11))],
       "no_damage_from":[]},"pokemon":[]}
    """#

  static let ghost = #"""
    {"id":8,"name":"ghost","damage_relations":{
       "double_damage_to":[],"half_damage_to":[],"no_damage_to":[],
       "double_damage_from":[\#(reference("type", "ghost", 8))],"half_damage_from":[],
       "no_damage_from":[\#(reference("type", "normal", 1))]},"pokemon":[]}
    """#

  /// A type with no place in the chart (no relations).
  static let stellar = #"""
    {"id":19,"name":"stellar","damage_relations":{
       "double_damage_to":[],"half_damage_to":[],"no_damage_to":[],
       "double_damage_from":[],"half_damage_from":[],"no_damage_from":[]},"pokemon":[]}
    """#

  /// Leftovers: held by two pokemon with rarities in several games; prices in the newer shape.
  static let leftovers = #"""
    {"id":234,"name":"leftovers","names":[\#(english("name", "Leftovers"))],
     "category":\#(reference("item-category", "held-items", 12)),
     "prices":[
       {"purchase_price":4000,"sell_price":2000,"version_group":\#(reference("version-group", "sword-shield", 20))},
       {"purchase_price":null,"sell_price":0,"version_group":\#(reference("version-group", "scarlet-violet", 25))},
       {"purchase_price":200,"sell_price":100,"version_group":\#(reference("version-group", "red-blue", 1))}],
     "effect_entries":[\#(english("effect", "Held: heals 1/16 each turn.", extra: #""short_effect":"Held: Restores 1/16 max HP each turn.","#))],
     "flavor_text_entries":[\#(english("text", "HP is slowly\\nrestored.", extra: #""version_group":\#(reference("version-group", "sword-shield", 20)),"#))],
     "held_by_pokemon":[
       {"pokemon":\#(reference("pokemon", "snorlax", 143)),"version_details":[
         {"rarity":100,"version":\#(reference("version", "ruby", 7))},
         {"rarity":5,"version":\#(reference("version", "sun", 27))}]},
       {"pokemon":\#(reference("pokemon", "munchlax", 446)),"version_details":[
         {"rarity":50,"version":\#(reference("version", "x", 23))}]}]}
    """#

  /// Potion in the older shape: `cost`, held by nobody.
  static let potion = #"""
    {"id":17,"name":"potion","cost":300,"names":[],"category":\#(reference("item-category", "healing", 27)),
     "effect_entries":[],"flavor_text_entries":[],"held_by_pokemon":[]}
    """#

  static let timid = #"""
    {"id":5,"name":"timid","names":[\#(english("name", "Timid"))],
     "increased_stat":\#(reference("stat", "speed", 6)),"decreased_stat":\#(reference("stat", "attack", 2)),
     "likes_flavor":\#(reference("berry-flavor", "sweet", 3)),"hates_flavor":\#(reference("berry-flavor", "spicy", 1))}
    """#

  static let hardy = #"""
    {"id":1,"name":"hardy","names":[\#(english("name", "Hardy"))],
     "increased_stat":\#(reference("stat", "attack", 2)),"decreased_stat":\#(reference("stat", "attack", 2)),
     "likes_flavor":\#(reference("berry-flavor", "spicy", 1)),"hates_flavor":\#(reference("berry-flavor", "spicy", 1))}
    """#
}
