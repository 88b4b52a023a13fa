#!/usr/bin/env python3
"""Checks the facts of a game: pokedex's pages under `game G` against rules worked out from the
raw data of a PokéAPI mirror.

Usage: check-game-facts.py BINARY BASE_URL

For a game of every generation (Red / Blue to Scarlet / Violet), runs one pokedex session with
--output json (fresh config, data and cache directories) and compares:
- moves: the type, power, accuracy, PP and effect chance of that game (the move's past values),
  its damage class then (by type before Generation IV), today's values beside them when they
  differ, or the generation it came in; and the same numbers in the rows of a few learnsets;
- species: the base stats of that generation (Special in Generation I), their total and the
  abilities then (none before Generation III), or the generation the species came in;
- the stats of Generations I and II by the games' formulas (DVs, stat experience);
- abilities, natures and items that came later;
- breeding: what the egg hatches as in that game and its egg moves there;
- where: the places of a game's areas that have no name of their own.
Prints one line per mismatch and a summary; exits 1 when anything is wrong.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

binary, base = sys.argv[1], sys.argv[2].rstrip("/")
api = base + "/api/v2"
started = time.monotonic()
raw_cache = {}


def get(path):
    key = path if "?" in path else path.strip("/")
    if key not in raw_cache:
        url = api + "/" + key + ("" if "?" in key else "/")
        with urllib.request.urlopen(url) as answer:
            raw_cache[key] = json.load(answer)
    return raw_cache[key]


def served(path):
    try:
        get(path)
        return True
    except urllib.error.HTTPError:
        return False


def prefetch(paths):
    """Fetches ahead, eight at a time; what is not served is found out when it is asked for."""
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(served, [p for p in dict.fromkeys(paths) if p.strip("/") not in raw_cache]))


def index(path):
    return get(f"{path}?offset=0&limit=100000")["results"]


def ident(url):
    return int(url.rstrip("/").split("/")[-1])


def english(entries):
    return [e["name"] for e in entries if e["language"]["name"] == "en" and e["name"]]


problems = []
checked = 0
pages = 0


def expect(what, got, wanted):
    global checked
    checked += 1
    if got != wanted:
        problems.append(f"{what}: pokedex {got!r}, the API {wanted!r}")


def run_script(lines, env=None):
    """One pokedex session with fresh config, data and cache directories."""
    homes = [tempfile.mkdtemp() for _ in range(3)]
    env = {**os.environ, **(env or {}),
           "POKEDEX_API_URL": api,
           "POKEDEX_SPRITES_URL": base + "/PokeAPI/sprites/master/sprites/pokemon",
           "XDG_DATA_HOME": homes[0], "XDG_CONFIG_HOME": homes[1], "XDG_CACHE_HOME": homes[2]}
    try:
        result = subprocess.run(
            [binary, "--output", "json"], input="\n".join(lines) + "\n", capture_output=True,
            text=True, timeout=600, env=env)
    finally:
        for home in homes:
            shutil.rmtree(home, ignore_errors=True)
    answers = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    if len(answers) != len(lines):
        problems.append(f"session of {len(lines)} commands ({lines[0]!r} …) answered "
                        f"{len(answers)} lines; stderr: {result.stderr[:300]!r}")
    return iter(answers)


# The games: one of every generation; their generation and their place in the release order.
GAMES = ["red-blue", "gold-silver", "ruby-sapphire", "diamond-pearl", "black-white", "x-y",
         "sun-moon", "sword-shield", "scarlet-violet"]
groups = index("version-group")
prefetch(f"version-group/{ident(g['url'])}" for g in groups)
orders, generation, version_group = {}, {}, {}
for g in groups:
    raw = get(f"version-group/{ident(g['url'])}")
    orders[raw["name"]] = raw["order"]
    generation[raw["name"]] = ident(raw["generation"]["url"])
    for version in raw["versions"]:
        version_group[version["name"]] = raw["name"]
prefetch(f"pokedex/{ident(d['url'])}" for d in index("pokedex"))
main_series = {g["name"] for g in groups
               if any(get(f"pokedex/{ident(d['url'])}")["is_main_series"]
                      for d in get(f"version-group/{ident(g['url'])}")["pokedexes"])}

# --- The rules ------------------------------------------------------------------------------

SPECIAL_TYPES = {"fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark"}
MOVE_FIELDS = ["type", "damageClass", "power", "accuracy", "pp", "effectChance"]


def move_today(move):
    return {"type": move["type"]["name"], "damageClass": (move["damage_class"] or {}).get("name"),
            "power": move["power"], "accuracy": move["accuracy"], "pp": move["pp"],
            "effectChance": move["effect_chance"]}


def move_then(move, game):
    """A move's values in a game, and the generation it came in when that is later."""
    today = move_today(move)
    introduced = ident(move["generation"]["url"])
    if introduced > generation[game]:
        return today, introduced
    # Each entry holds the values before the game it names; null: unchanged then.
    later = sorted((p for p in move["past_values"] if orders[p["version_group"]["name"]] > orders[game]),
                   key=lambda p: orders[p["version_group"]["name"]])
    then = dict(today)
    for ours, theirs in [("type", "type"), ("power", "power"), ("accuracy", "accuracy"),
                         ("pp", "pp"), ("effectChance", "effect_chance")]:
        for entry in later:
            if entry[theirs] is not None:
                value = entry[theirs]
                then[ours] = value["name"] if isinstance(value, dict) else value
                break
    # Before Generation IV a damaging move's class is its type's.
    if generation[game] < 4 and today["damageClass"] not in (None, "status"):
        then["damageClass"] = "special" if then["type"] in SPECIAL_TYPES else "physical"
    return then, None


def compact(values):
    return {k: v for k, v in values.items() if v is not None}


def species_generation(number):
    return ident(get(f"pokemon-species/{number}")["generation"]["url"])


def base_stats_then(pokemon, gen):
    """[(slug, base)] of a pokemon in a generation's games: Generation I's five with Special."""
    today = {s["stat"]["name"]: s["base_stat"] for s in pokemon["stats"]}
    slugs = (["hp", "attack", "defense", "special", "speed"] if gen == 1
             else [s["stat"]["name"] for s in pokemon["stats"]])
    shown = []
    for slug in slugs:
        # An entry holds the values up to and including the generation it names.
        entries = sorted((p for p in pokemon["past_stats"] if ident(p["generation"]["url"]) >= gen
                          and any(s["stat"]["name"] == slug for s in p["stats"])),
                         key=lambda p: ident(p["generation"]["url"]))
        if entries:
            shown.append((slug, next(s["base_stat"] for s in entries[0]["stats"] if s["stat"]["name"] == slug)))
        else:
            shown.append((slug, today.get(slug)))
    return shown


def abilities_then(pokemon, gen):
    """[(slug, hidden)] in slot order in a generation's games: none before Generation III."""
    if gen <= 2:
        return []
    today = {a["slot"]: (a["ability"]["name"], a["is_hidden"]) for a in pokemon["abilities"]}
    slots = set(today) | {a["slot"] for p in pokemon["past_abilities"] for a in p["abilities"]}
    shown = []
    for slot in sorted(slots):
        entries = sorted((p for p in pokemon["past_abilities"] if ident(p["generation"]["url"]) >= gen
                          and any(a["slot"] == slot for a in p["abilities"])),
                         key=lambda p: ident(p["generation"]["url"]))
        if entries:
            then = next(a for a in entries[0]["abilities"] if a["slot"] == slot)
            if then["ability"] is not None:
                shown.append((then["ability"]["name"], then["is_hidden"]))
        elif slot in today:
            shown.append(today[slot])
    return shown


def stat_points(exp):
    return 0 if exp == 0 else min(255, math.isqrt(exp - 1) + 1)


def old_stat(stat, base, dv, exp, level):
    scaled = ((base + dv) * 2 + stat_points(exp) // 4) * level // 100
    return scaled + level + 10 if stat == "hp" else scaled + 5


def old_stats(pokemon, gen, level, dvs, exps):
    """Rows (stat, base, dv, statExp, value) of Generations I and II. dvs: attack, defense,
    speed, special; exps: hp, attack, defense, speed, special."""
    atk, dfn, spe, spc = dvs
    dv = {"hp": (atk & 1) << 3 | (dfn & 1) << 2 | (spe & 1) << 1 | (spc & 1), "attack": atk,
          "defense": dfn, "speed": spe, "special": spc, "special-attack": spc, "special-defense": spc}
    exp = dict(zip(["hp", "attack", "defense", "speed", "special"], exps))
    exp["special-attack"] = exp["special-defense"] = exp["special"]
    return [(stat, b, dv[stat], exp[stat], old_stat(stat, b, dv[stat], exp[stat], level))
            for stat, b in base_stats_then(pokemon, gen)]


def first_stage(chain):
    return ident(chain["chain"]["species"]["url"])


def hatches_as(species, game):
    """What an egg of the species hatches as in a game (None: no game)."""
    chain = get(f"evolution-chain/{ident(species['evolution_chain']['url'])}")
    first = first_stage(chain)
    if game and first != species["id"] and species_generation(first) > generation[game]:
        # The next stage; where the first branches (Tyrogue), the species bred.
        if len(chain["chain"]["evolves_to"]) == 1:
            return ident(chain["chain"]["evolves_to"][0]["species"]["url"])
        return species["id"]
    return first


def egg_moves(number):
    """{version group: {egg moves}} of a pokemon."""
    found = {}
    for move in get(f"pokemon/{number}")["moves"]:
        for detail in move["version_group_details"]:
            if detail["move_learn_method"]["name"] == "egg":
                found.setdefault(detail["version_group"]["name"], set()).add(move["move"]["name"])
    return found


def place(area):
    """An area's place when it has no name of its own: its location's, with its part."""
    location = get(f"location/{area['location']['name']}")
    # A location without an English name is its slug in words (as check-pages names a Pokédex).
    name = (english(location["names"]) or [" ".join(w.capitalize() for w in location["name"].split("-"))])[0]
    part = area["name"]
    if part.startswith(location["name"] + "-"):
        part = part[len(location["name"]) + 1:]
    elif part == location["name"]:
        part = ""
    if part.endswith("-area"):
        part = part[:-len("-area")]
    elif part == "area":
        part = ""
    part = part.replace("-", " ").strip()
    return f"{name} ({part})" if part else name


# --- What to look at ---------------------------------------------------------------------------

moves = [m["name"] for m in index("move")][::7] + [
    "tackle", "bite", "gust", "karate-chop", "sand-attack", "wing-attack", "fly", "vine-whip",
    "jump-kick", "razor-wind", "whirlwind", "swords-dance", "thief", "hypnosis", "curse"]
moves = list(dict.fromkeys(moves))
abilities = list(dict.fromkeys([a["name"] for a in index("ability")][::8]
                               + ["static", "levitate", "intimidate", "pixilate", "protean"]))
natures = [n["name"] for n in index("nature")]
items = list(dict.fromkeys([i["name"] for i in index("item")][::40]
                           + ["potion", "leftovers", "lucky-egg", "choice-scarf", "life-orb",
                              "ability-capsule", "rusted-sword", "tm01"]))
later_species = [n for n in [172, 208, 169, 186, 233, 462, 474, 700, 196, 242, 440]
                 if served(f"pokemon-species/{n}")]
species = list(range(1, 152, 5)) + [25, 94, 12, 137] + later_species
species = list(dict.fromkeys(species))
learnsets = [1, 25, 63, 94, 130, 143]
bred = list(dict.fromkeys(list(range(1, 152, 6)) + [25, 26, 35, 39, 106, 113, 122, 124, 125,
                                                     126, 143, 183, 700]))
old_species = list(range(1, 152, 7)) + [25, 172, 169, 208]

prefetch([f"move/{m}" for m in moves] + [f"ability/{a}" for a in abilities]
         + [f"nature/{n}" for n in natures] + [f"item/{i}" for i in items]
         + [f"pokemon/{n}" for n in set(species) | set(learnsets) | set(old_species)]
         + [f"pokemon-species/{n}" for n in set(species) | set(bred) | set(old_species)])
bred = [n for n in bred if served(f"pokemon-species/{n}")]


def chain_of(number):
    return f"evolution-chain/{ident(get(f'pokemon-species/{number}')['evolution_chain']['url'])}"


prefetch(chain_of(n) for n in bred)
prefetch(f"pokemon-species/{first_stage(get(chain_of(n)))}" for n in bred)
# An egg of Undiscovered (no-eggs) hatches as nothing: left to check-pages.
bred = [n for n in bred if "no-eggs" not in [g["name"] for g in get(f"pokemon-species/{n}")["egg_groups"]]]

# Where: a few species in each of those games they live in, and Scarlet / Violet (no places).
wanted_places = [10, 16, 19, 21, 25, 41, 54, 72, 74, 129, 133]
prefetch(f"pokemon/{n}/encounters" for n in wanted_places)
where_plan = {}
for number in wanted_places:
    for e in get(f"pokemon/{number}/encounters"):
        for v in e["version_details"]:
            game = version_group.get(v["version"]["name"])
            if game in GAMES:
                where_plan.setdefault(game, set()).add(number)
prefetch(f"location-area/{e['location_area']['name']}" for n in wanted_places
         for e in get(f"pokemon/{n}/encounters"))
prefetch(f"location/{get('location-area/' + e['location_area']['name'])['location']['name']}"
         for n in wanted_places for e in get(f"pokemon/{n}/encounters"))
where_plan.setdefault("scarlet-violet", set()).update({25, 133})

# Stats of Generations I and II: a spread of levels, DVs and stat experience.
stat_plan = []
for i, number in enumerate(old_species):
    level = [5, 37, 50, 100, 1, 72][i % 6]
    dvs = [(i * 3) % 16, (i * 5 + 1) % 16, (i * 7 + 2) % 16, (i * 11 + 3) % 16]
    exps = [[0, 1, 2, 65535, 4096][(i + k) % 5] * (k + 1) % 65536 for k in range(5)]
    stat_plan.append((number, level, None, None))
    stat_plan.append((number, level, dvs, exps))


# --- The sessions ------------------------------------------------------------------------------

def session_of(game):
    """The commands of a game's session, each with how to check what it printed."""
    plan = [(f"game {game}", None)]
    plan += [(f"move {m}", ("move", m)) for m in moves]
    plan += [(f"ability {a}", ("ability", a)) for a in abilities]
    plan += [(f"nature {n}", ("nature", n)) for n in natures]
    plan += [(f"item {i}", ("item", i)) for i in items]
    plan += [(f"open {n}", ("open", n)) for n in species]
    for n in learnsets:
        plan += [(f"open {n}", None), ("moves", ("moves", n))]
    plan += [(f"breed {n}", ("breed", n)) for n in bred]
    for n in sorted(where_plan.get(game, ())):
        plan += [(f"open {n}", None), (f"where --game {game}", ("where", n))]
    if generation[game] <= 2:
        for number, level, dvs, exps in stat_plan:
            if species_generation(number) > generation[game]:
                continue
            command = f"stats {number} --level {level}"
            if dvs:
                command += f" --dvs {'/'.join(map(str, dvs))} --statexp {'/'.join(map(str, exps))}"
            plan.append((command, ("stats", (number, level, dvs, exps))))
    if generation[game] < 3:
        plan.append(("stats 25 --nature jolly", ("refused", "a nature")))
    if generation[game] > 2:
        plan.append(("stats 25 --dvs 15", ("refused", "DVs")))
    return plan


def check(game, what, page):
    global pages
    kind, subject = what
    gen = generation[game]
    label = f"{game}: {kind} {subject}"
    pages += 1
    if kind == "refused":
        expect(f"{game}: stats with {subject}", page["type"], "error")
        return
    if page["type"] == "error":
        if kind == "moves" and game not in {d["version_group"]["name"] for m in get(f"pokemon/{subject}")["moves"]
                                            for d in m["version_group_details"]}:
            return  # it learns nothing there
        problems.append(f"{label}: {page['data'].get('message')}")
        return
    data = page["data"]
    if kind == "move":
        raw = get(f"move/{subject}")
        then, later = move_then(raw, game)
        expect(f"{label}: came later", data.get("cameLater"), later)
        expect(f"{label}: values", {k: data.get(k) for k in MOVE_FIELDS}, then)
        today = move_today(raw)
        expect(f"{label}: today", data.get("today"), compact(today) if then != today else None)
    elif kind == "moves":
        shown = data["game"]
        for row in data["rows"]:
            then, _ = move_then(get(f"move/{row['move']}"), shown)
            expect(f"{label} in {shown}: {row['move']}",
                   {k: row.get(k) for k in MOVE_FIELDS[:5]}, {k: then[k] for k in MOVE_FIELDS[:5]})
    elif kind == "open":
        pokemon = get(f"pokemon/{subject}")
        introduced = species_generation(subject)
        if introduced > gen:
            expect(f"{label}: came later", data.get("cameLater"), introduced)
            stats = [(s["stat"]["name"], s["base_stat"]) for s in pokemon["stats"]]
            kept = sorted(pokemon["abilities"], key=lambda a: a["slot"])
            shown_abilities = [(a["ability"]["name"], a["is_hidden"]) for a in kept]
        else:
            expect(f"{label}: came later", data.get("cameLater"), None)
            expect(f"{label}: the game's generation", data.get("gameGeneration"), gen)
            stats = base_stats_then(pokemon, gen)
            shown_abilities = abilities_then(pokemon, gen)
        expect(f"{label}: stats", [(s["slug"], s["value"]) for s in data["stats"]], stats)
        expect(f"{label}: total", data.get("baseStatTotal"), sum(v for _, v in stats))
        expect(f"{label}: abilities",
               [(a["slug"], a["isHidden"]) for a in sorted(data["abilities"], key=lambda a: a["slot"])],
               shown_abilities)
    elif kind == "stats":
        number, level, dvs, exps = subject
        wanted = old_stats(get(f"pokemon/{number}"), gen, level, dvs or [15] * 4, exps or [0] * 5)
        expect(f"{label}: generation", data.get("generation"), gen)
        expect(f"{label}: rows",
               [(r["stat"], r["base"], r.get("dv"), r.get("statExp"), r["value"]) for r in data["rows"]],
               wanted)
    elif kind == "ability":
        introduced = ident(get(f"ability/{subject}")["generation"]["url"])
        expect(f"{label}: came later", data.get("cameLater"), introduced if introduced > gen else None)
    elif kind == "nature":
        expect(f"{label}: came later", data.get("cameLater"), 3 if gen < 3 else None)
    elif kind == "item":
        indexed = [ident(i["generation"]["url"]) for i in get(f"item/{subject}")["game_indices"]]
        first = min(indexed) if indexed else None
        expect(f"{label}: came later", data.get("cameLater"), first if first and first > gen else None)
    elif kind == "breed":
        check_breed(label, subject, data, game)
    elif kind == "where":
        check_where(label, subject, data, game)


def check_breed(label, number, data, game):
    raw = get(f"pokemon-species/{number}")
    # A species of a later generation breeds as today, and says when it came; else breeding
    # itself came in Generation II.
    later = game and ident(raw["generation"]["url"]) > generation[game]
    hatched = hatches_as(raw, None if later else game)
    expect(f"{label}: hatches as", (data.get("hatchesAs") or {}).get("id"), hatched)
    expect(f"{label}: came later", data.get("cameLater"),
           ident(raw["generation"]["url"]) if later
           else 2 if game and generation[game] == 1 else None)
    found = egg_moves(hatched)
    if game:
        shown = game
    else:
        having = [g for g in found if g in main_series]
        shown = max(having, key=lambda g: orders[g]) if having else None
    expect(f"{label}: the game of its egg moves", data.get("game"), shown)
    moves_then = sorted(found.get(shown, ()))
    expect(f"{label}: egg moves in {shown}", sorted(m["name"] for m in data.get("eggMoves", [])), moves_then)
    if shown:  # with no game that has any, there is no game to say so of
        expect(f"{label}: says there are none in {shown}", isinstance(data.get("noEggMovesIn"), str),
               not moves_then)


def check_where(label, number, data, game):
    areas = {e["location_area"]["name"] for e in get(f"pokemon/{number}/encounters")
             if any(version_group.get(v["version"]["name"]) == game for v in e["version_details"])}
    if game == "scarlet-violet":
        expect(f"{label}: no data", (data.get("noData"), data["rows"]), (True, []))
        return
    expect(f"{label}: no data", data.get("noData", False), False)
    expect(f"{label}: areas", {r["area"] for r in data["rows"]}, areas)
    for row in data["rows"]:
        area = get(f"location-area/{row['area']}")
        if not any((n["name"] or "").strip() for n in area["names"]):
            expect(f"{label}: the place of {row['area']}", row["place"], place(area))


sessions = {game: session_of(game) for game in GAMES}
prefetch(f"move/{m['move']['name']}" for n in learnsets for m in get(f"pokemon/{n}")["moves"])
prefetch(f"pokemon/{hatches_as(get(f'pokemon-species/{n}'), g)}" for n in bred for g in GAMES + [None])
with ThreadPoolExecutor(len(GAMES) + 1) as pool:
    outputs = dict(zip(GAMES, pool.map(lambda g: list(run_script([c for c, _ in sessions[g]])), GAMES)))
    no_game = pool.submit(lambda: list(run_script([f"breed {n}" for n in bred]))).result()

for game in GAMES:
    answers = iter(outputs[game])
    for command, what in sessions[game]:
        page = next(answers, None)
        if page is None:
            problems.append(f"{game}: {command}: no answer")
            continue
        if what is None:
            continue
        try:
            check(game, what, page)
        except (KeyError, TypeError) as error:
            problems.append(f"{game}: {command}: unexpected page {error!r}: {json.dumps(page)[:200]}")

# Breeding without a game: the newest main-series game with egg moves for what hatches.
for number, page in zip(bred, no_game):
    pages += 1
    if page["type"] == "error":
        problems.append(f"breed {number}: {page['data'].get('message')}")
        continue
    check_breed(f"no game: breed {number}", number, page["data"], None)

for problem in problems:
    print(problem)
print(f"{pages} pages in {len(GAMES)} games and none, {checked} checks, {len(problems)} wrong "
      f"({time.monotonic() - started:.0f} s)")
sys.exit(1 if problems else 0)
