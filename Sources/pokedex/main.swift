print("pokedex")
