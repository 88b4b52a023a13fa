#!/usr/bin/env python3
"""Checks `find`: hundreds of generated queries answered by pokedex against the same queries
worked out here from the raw data of a PokéAPI mirror.

Usage: check-find.py BINARY BASE_URL

Runs pokedex sessions with --output json (fresh config, data and cache directories: the first
`find` builds the index from the mirror) asking `find … --all` for every term the issue names
(types, generations, Pokédexes, abilities, hidden abilities, learnsets by method and game, base
stats with each comparison, size, weaknesses, resistances, immunities, egg groups, colours,
shapes, legendary, mythical, baby, final, evolves by trigger, forms, either-or, negation,
sorting) today, in Red / Blue and in Diamond / Pearl, and `find moves` (type, class, power,
accuracy, PP, priority, generation, learnedby) today and in Red / Blue; in French, names typed
in French. Each answer's rows are compared with the species (or moves) the raw data says, in
order. Prints one line per mismatch and a summary; exits 1 when anything is wrong.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
from raw_api import RawAPI, ident  # noqa: E402 (after the line above: no __pycache__ left)

binary, base = sys.argv[1], sys.argv[2].rstrip("/")
api = base + "/api/v2"
started = time.monotonic()
source = RawAPI(api)
get, prefetch, index = source.get, source.prefetch, source.index


# --- The raw data -----------------------------------------------------------------------------

groups = {}
for g in index("version-group"):
    raw = get(f"version-group/{ident(g['url'])}")
    groups[raw["name"]] = {"id": raw["id"], "generation": ident(raw["generation"]["url"]),
                           "order": raw["order"]}
group_generation = {g["id"]: g["generation"] for g in groups.values()}
species_ids = [ident(s["url"]) for s in index("pokemon-species") if ident(s["url"]) < 10000]
prefetch(f"pokemon-species/{i}" for i in species_ids)
species = {i: get(f"pokemon-species/{i}") for i in species_ids if source.has(f"pokemon-species/{i}")}
varieties = [ident(v["pokemon"]["url"]) for s in species.values() for v in s["varieties"]]
prefetch(f"pokemon/{i}" for i in varieties)
pokemon = {i: get(f"pokemon/{i}") for i in varieties if source.has(f"pokemon/{i}")}
chains = {ident(s["evolution_chain"]["url"]) for s in species.values() if s["evolution_chain"]}
prefetch(f"evolution-chain/{i}" for i in chains)
types = {t["name"]: get(f"type/{ident(t['url'])}") for t in index("type")}
moves_index = index("move")
prefetch(f"move/{ident(m['url'])}" for m in moves_index)
moves = {ident(m["url"]): get(f"move/{ident(m['url'])}") for m in moves_index}
colours = {c["name"]: {ident(s["url"]) for s in get(f"pokemon-color/{c['name']}")["pokemon_species"]}
           for c in index("pokemon-color")}
shapes = {c["name"]: {ident(s["url"]) for s in get(f"pokemon-shape/{c['name']}")["pokemon_species"]}
          for c in index("pokemon-shape")}
eggs = {c["name"]: {ident(s["url"]) for s in get(f"egg-group/{c['name']}")["pokemon_species"]}
        for c in index("egg-group")}
dexes = {d: {ident(e["pokemon_species"]["url"]) for e in get(f"pokedex/{d}")["pokemon_entries"]}
         for d in ["kanto", "original-johto", "national"]}
evolutions = []  # (from, to, trigger)


def walk(link):
    for nxt in link["evolves_to"]:
        triggers = {d["trigger"]["name"] for d in nxt["evolution_details"] if d.get("trigger")}
        for trigger in triggers or {"other"}:
            evolutions.append((ident(link["species"]["url"]), ident(nxt["species"]["url"]), trigger))
        walk(nxt)


for c in chains:
    walk(get(f"evolution-chain/{c}")["chain"])

# --- The rules, from the API's documentation (docs/GAMES.md) -------------------------------------


def holding(generation, past):
    """The value of the first past entry whose generation is `generation` or later."""
    if generation is None:
        return None
    later = sorted((g, v) for g, v in past if g >= generation)
    return later[0][1] if later else None


def types_of(p, gen):
    past = holding(gen, [(ident(e["generation"]["url"]), e["types"]) for e in p.get("past_types") or []])
    return [t["type"]["name"] for t in sorted(past or p["types"], key=lambda t: t["slot"])]


def stats_of(p, gen):
    today = {s["stat"]["name"]: s["base_stat"] for s in p["stats"]}

    def value(name, fallback):
        past = holding(gen, [(ident(e["generation"]["url"]), {s["stat"]["name"]: s["base_stat"]
                                                             for s in e["stats"]})
                             for e in p.get("past_stats") or []
                             if any(s["stat"]["name"] == name for s in e["stats"])])
        return past[name] if past else fallback
    out = {k: value(k, v) for k, v in today.items()}
    if gen == 1:
        special = value("special", out["special-attack"])
        out["special-attack"] = out["special-defense"] = special
        out["bst"] = sum(out[k] for k in ["hp", "attack", "defense", "special-attack", "speed"])
    else:
        out["bst"] = sum(out[k] for k in ["hp", "attack", "defense", "special-attack",
                                          "special-defense", "speed"])
    return out


def abilities_of(p, gen):
    if gen is not None and gen < 3:
        return []
    slots = {a["slot"]: (a["ability"]["name"], a["is_hidden"]) for a in p["abilities"]}
    if gen is None:
        return list(slots.values())
    for slot in {a["slot"] for e in p.get("past_abilities") or [] for a in e["abilities"]}:
        past = holding(gen, [(ident(e["generation"]["url"]), a) for e in p["past_abilities"]
                             for a in e["abilities"] if a["slot"] == slot])
        if past is not None:
            if past["ability"]:
                slots[slot] = (past["ability"]["name"], past["is_hidden"])
            else:
                slots.pop(slot, None)
    return list(slots.values())


def factor(attacker, defender, gen):
    t = types[defender]
    relations = t["damage_relations"]
    if gen is not None:
        past = holding(gen, [(ident(e["generation"]["url"]), e["damage_relations"])
                             for e in t.get("past_damage_relations") or []])
        relations = past or relations
    for key, value in [("double_damage_from", 2), ("half_damage_from", 0.5), ("no_damage_from", 0)]:
        if attacker in {r["name"] for r in relations[key]}:
            return value
    return 1


def exists(type_name, gen):
    return gen is None or ident(types[type_name]["generation"]["url"]) <= gen


def matchup(p, attacker, gen):
    if not exists(attacker, gen):
        return 1
    product = 1
    for t in types_of(p, gen):
        if exists(t, gen):
            product *= factor(attacker, t, gen)
    return product


def form_generation(pid, default, gen_of_species):
    if default:
        return gen_of_species
    games = [group_generation[ident(d["version_group"]["url"])]
             for m in pokemon[pid]["moves"] for d in m["version_group_details"]]
    return max(gen_of_species, min(games)) if games else gen_of_species


rows = []  # every pokemon a query may list: (species, pokemon id, is_default, generation)
for s in species.values():
    sgen = ident(s["generation"]["url"])
    for v in s["varieties"]:
        pid = ident(v["pokemon"]["url"])
        if pid in pokemon:
            rows.append((s, pid, v["is_default"], form_generation(pid, v["is_default"], sgen)))


def learns(pid, move, group=None, method=None):
    for m in pokemon[pid]["moves"]:
        if m["move"]["name"] != move:
            continue
        for d in m["version_group_details"]:
            if (group is None or d["version_group"]["name"] == group) and \
                    (method is None or d["move_learn_method"]["name"] == method):
                return True
    return False


def evolves(sid, gen, triggers=None):
    return any(f == sid and (triggers is None or t in triggers)
               and (gen is None or (to in species and ident(species[to]["generation"]["url"]) <= gen))
               and to in species for f, to, t in evolutions)


STAT = {"hp": "hp", "atk": "attack", "def": "defense", "spa": "special-attack",
        "spd": "special-defense", "spe": "speed", "bst": "bst"}
COMPARE = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
           "<=": lambda a, b: a <= b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b}

# --- The queries: (query, game or None, a test of a row) -----------------------------------------


def species_queries():
    queries = []
    for t in types:
        if types[t]["id"] < 10000:
            queries.append((f"type:{t}", lambda s, p, g, t=t: t in types_of(p, g)))
    for t in ["electric", "ground", "ice", "fighting", "ghost", "fairy", "dragon", "steel"]:
        queries.append((f"weak:{t}", lambda s, p, g, t=t: matchup(p, t, g) >= 2))
        queries.append((f"resists:{t}", lambda s, p, g, t=t: 0 < matchup(p, t, g) <= 0.5))
        queries.append((f"immune:{t}", lambda s, p, g, t=t: matchup(p, t, g) == 0))
    for n in [1, 2, 4]:
        queries.append((f"gen:{n}", lambda s, p, g, n=n: ident(s["generation"]["url"]) == n))
    queries.append(("gen:1-2 -type:water",
                    lambda s, p, g: ident(s["generation"]["url"]) <= 2 and "water" not in types_of(p, g)))
    for stat, op, number in [("spe", ">", 100), ("bst", ">=", 500), ("hp", "<", 40),
                             ("atk", "=", 100), ("spa", ">", 100), ("spd", "<=", 50),
                             ("def", "!=", 50)]:
        queries.append((f"{stat}{op}{number}",
                        lambda s, p, g, stat=stat, op=op, n=number:
                        COMPARE[op](stats_of(p, g)[STAT[stat]], n)))
    queries.append(("height>200", lambda s, p, g: p["height"] * 10 > 200))
    queries.append(("weight<10", lambda s, p, g: p["weight"] / 10 < 10))
    for a, hidden in [("levitate", False), ("intimidate", False), ("static", False),
                      ("chlorophyll", True), ("swift-swim", False)]:
        field = "hidden" if hidden else "ability"
        queries.append((f"{field}:{a}", lambda s, p, g, a=a, h=hidden:
                        any(n == a and (hid or not h) for n, hid in abilities_of(p, g))))
    for move in ["ice-beam", "thunderbolt", "surf", "psychic", "earthquake", "fly", "hypnosis"]:
        queries.append((f"learns:{move}", None))
        queries.append((f"learns:{move}/machine", None))
    queries.append(("learns:ice-beam/egg", None))
    for c in colours:
        queries.append((f"color:{c}", lambda s, p, g, c=c: s["id"] in colours[c]))
    for c in list(shapes)[:6]:
        queries.append((f"shape:{c}", lambda s, p, g, c=c: s["id"] in shapes[c]))
    for e in ["monster", "water1", "dragon", "fairy", "no-eggs"]:
        queries.append((f"egg:{e}", lambda s, p, g, e=e: s["id"] in eggs[e]))
    for d in dexes:
        queries.append((f"dex:{d}", lambda s, p, g, d=d: s["id"] in dexes[d]))
    queries.append(("legendary", lambda s, p, g: s["is_legendary"]))
    queries.append(("mythical", lambda s, p, g: s["is_mythical"]))
    queries.append(("baby", lambda s, p, g: s["is_baby"]))
    queries.append(("final", lambda s, p, g: not evolves(s["id"], g)))
    queries.append(("evolves", lambda s, p, g: evolves(s["id"], g)))
    queries.append(("evolves:trade", lambda s, p, g: evolves(s["id"], g, {"trade"})))
    queries.append(("evolves:item", lambda s, p, g: evolves(s["id"], g, {"use-item"})))
    queries.append(("-evolves gen:1", lambda s, p, g: not evolves(s["id"], g)
                    and ident(s["generation"]["url"]) == 1))
    queries.append(("type:fire|water spe>80", lambda s, p, g:
                    bool({"fire", "water"} & set(types_of(p, g))) and stats_of(p, g)["speed"] > 80))
    queries.append(("-type:normal|flying bst<300", lambda s, p, g:
                    not ({"normal", "flying"} & set(types_of(p, g))) and stats_of(p, g)["bst"] < 300))
    return queries


def expected_species(query, test, gen, group, forms=False, sort=None):
    found = []
    for s, pid, default, fgen in rows:
        if not default and not forms:
            continue
        if gen is not None and fgen > gen:
            continue
        p = pokemon[pid]
        if test is None:  # learns:MOVE[/METHOD], in the game's learnsets
            move, _, method = query.split(":", 1)[1].partition("/")
            ok = learns(pid, move, group, method or None)
        else:
            ok = test(s, p, gen)
        if ok:
            found.append((s["id"], pid, p))
    if sort:
        key, descending = sort
        found.sort(key=lambda f: (-stats_of(f[2], gen)[key] if descending else stats_of(f[2], gen)[key],
                                  f[0], f[1]))
    return [pid for _, pid, _ in found]


def move_numbers(m, group):
    values = {"type": m["type"]["name"], "class": m["damage_class"]["name"], "power": m["power"],
              "accuracy": m["accuracy"], "pp": m["pp"]}
    if group is None:
        return values
    rank = groups[group]["order"]
    later = sorted((groups[pv["version_group"]["name"]]["order"], pv) for pv in m["past_values"]
                   if groups[pv["version_group"]["name"]]["order"] > rank)
    for field in ["power", "accuracy", "pp"]:
        for _, pv in later:
            if pv.get(field) is not None:
                values[field] = pv[field]
                break
    for _, pv in later:
        if pv.get("type"):
            values["type"] = pv["type"]["name"]
            break
    if groups[group]["generation"] < 4 and values["class"] != "status":
        values["class"] = "special" if values["type"] in {
            "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark"} else "physical"
    return values


def move_queries():
    queries = []
    for t in ["fire", "water", "ice", "normal", "dark", "fairy"]:
        queries.append((f"type:{t}", lambda m, v, t=t: v["type"] == t))
    for c in ["physical", "special", "status"]:
        queries.append((f"class:{c}", lambda m, v, c=c: v["class"] == c))
    for field, op, number in [("power", ">=", 120), ("accuracy", "<", 70), ("pp", "<=", 5),
                              ("priority", ">", 0)]:
        queries.append((f"{field}{op}{number}", lambda m, v, f=field, op=op, n=number:
                        (m["priority"] if f == "priority" else v[f]) is not None
                        and COMPARE[op](m["priority"] if f == "priority" else v[f], n)))
    queries.append(("gen:1 type:fire", lambda m, v: ident(m["generation"]["url"]) == 1
                    and v["type"] == "fire"))
    queries.append(("type:fire class:physical power>=90", lambda m, v: v["type"] == "fire"
                    and v["class"] == "physical" and (v["power"] or 0) >= 90))
    for learner in ["pikachu", "charizard", "mew"]:
        queries.append((f"learnedby:{learner}", learner))
    return queries


def expected_moves(test, gen, group):
    found = []
    for mid, m in sorted(moves.items()):
        if gen is not None and ident(m["generation"]["url"]) > gen:
            continue
        v = move_numbers(m, group)
        if isinstance(test, str):
            sid = next(s["id"] for s in species.values() if s["name"] == test)
            ok = any(m["name"] == lm["move"]["name"] and any(
                group is None or d["version_group"]["name"] == group for d in lm["version_group_details"])
                for lm in pokemon[sid]["moves"])
        else:
            ok = test(m, v)
        if ok:
            found.append(mid)
    return found


# --- The sessions ------------------------------------------------------------------------------

problems = []
checked = 0


def run_script(lines, env=None):
    homes = [tempfile.mkdtemp() for _ in range(3)]
    env = {**os.environ, **(env or {}), "POKEDEX_API_URL": api,
           "POKEDEX_SPRITES_URL": base + "/PokeAPI/sprites/master/sprites/pokemon",
           "XDG_DATA_HOME": homes[0], "XDG_CONFIG_HOME": homes[1], "XDG_CACHE_HOME": homes[2]}
    try:
        result = subprocess.run([binary, "--output", "json"], input="\n".join(lines) + "\n",
                                capture_output=True, text=True, timeout=900, env=env)
    finally:
        for home in homes:
            shutil.rmtree(home, ignore_errors=True)
    answers = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    if len(answers) != len(lines):
        problems.append(f"session of {len(lines)} commands answered {len(answers)} lines; "
                        f"stderr: {result.stderr[:300]!r}")
    return answers


def compare(line, answer, wanted):
    global checked
    checked += 1
    if answer.get("type") != "find":
        problems.append(f"{line}: answered {json.dumps(answer)[:200]}")
        return
    got = [row["id"] for row in answer["data"]["rows"]]
    if got != wanted or answer["data"]["total"] != len(wanted):
        missing = [i for i in wanted if i not in got][:8]
        extra = [i for i in got if i not in wanted][:8]
        problems.append(f"{line}: {len(got)} rows, {len(wanted)} wanted; missing {missing}, "
                        f"extra {extra}" + ("; order differs" if not missing and not extra else ""))


for game, gen in [(None, None), ("red-blue", 1), ("diamond-pearl", 4)]:
    lines = [f"game {game}"] if game else []
    expected = []
    for query, test in species_queries():
        lines.append(f"find {query} --all")
        expected.append(expected_species(query, test, gen, game))
    for query, key, descending in [("spe>90 sort:-spe", "speed", True), ("gen:1 sort:bst", "bst", False)]:
        lines.append(f"find {query} --all")
        stat, op, number = ("speed", ">", 90) if query.startswith("spe") else (None, None, None)
        test = (lambda s, p, g: stats_of(p, g)["speed"] > 90) if stat else \
            (lambda s, p, g: ident(s["generation"]["url"]) == 1)
        expected.append(expected_species(query, test, gen, game, sort=(key, descending)))
    lines.append("find forms type:fire --all")
    expected.append(expected_species("forms type:fire", lambda s, p, g: "fire" in types_of(p, g),
                                     gen, game, forms=True))
    for query, test in move_queries():
        lines.append(f"find moves {query} --all")
        expected.append(expected_moves(test, gen, game))
    answers = run_script(lines)
    offset = 1 if game else 0
    for line, answer, wanted in zip(lines[offset:], answers[offset:], expected):
        compare(f"{game or 'today'}: {line}", answer, wanted)

# In French, names typed in French resolve to the same answers.
french = [("find type:feu --all", "find type:fire --all"),
          ("find learns:laser-glace/machine --all", "find learns:ice-beam/machine --all"),
          ("find ability:lévitation --all", "find ability:levitate --all"),
          ("find moves type:glace --all", "find moves type:ice --all")]
answers = run_script(["lang fr"] + [f for f, _ in french] + [e for _, e in french])
if len(answers) == 1 + 2 * len(french):
    for index_, (fr, en) in enumerate(french):
        a, b = answers[1 + index_], answers[1 + len(french) + index_]
        checked += 1
        if a.get("type") != "find" or [r["id"] for r in a["data"]["rows"]] != \
                [r["id"] for r in b["data"]["rows"]] or a["data"]["query"] != b["data"]["query"]:
            problems.append(f"lang fr: {fr} differs from {en}")

for problem in problems:
    print("MISMATCH", problem)
print(f"{checked} answers checked ({len(species)} species, {len(pokemon)} pokemon, {len(moves)} moves), "
      f"{len(problems)} mismatches, {time.monotonic() - started:.0f} s")
sys.exit(1 if problems else 0)
