#!/usr/bin/env python3
"""Checks pokedex's pages against the raw data of a PokéAPI mirror (issue 20).

Usage: check-pages.py BINARY BASE_URL

For a spread of abilities, moves, items and every type and nature the mirror serves, runs the
pages in one pokedex session with --output json and compares each with the resource itself:
names, effects, numbers, holders, matchups, machines, prices. Prints one line per mismatch and a
summary; exits 1 when anything is wrong.
"""
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

binary, base = sys.argv[1], sys.argv[2].rstrip("/")
api = base + "/api/v2"


def get(path):
    with urllib.request.urlopen(api + "/" + path) as answer:
        return json.load(answer)


def index(path):
    return get(f"{path}?offset=0&limit=100000")["results"]


def ident(url):
    return int(url.rstrip("/").split("/")[-1])


def english(entries, key):
    found = [e for e in entries if e["language"]["name"] == "en"]
    return found


def words(text):
    return " ".join((text or "").split())


def species_ids(references):
    return sorted({ident(r["url"]) for r in references})


orders = {g["name"]: get(f"version-group/{ident(g['url'])}/")["order"] for g in index("version-group")}
problems = []
checked = 0

# The spin-offs have no main-series Pokédex; these methods are not meeting it in the wild.
main_series = {g["name"] for g in index("version-group")
               if any(get(f"pokedex/{ident(d['url'])}/")["is_main_series"]
                      for d in get(f"version-group/{ident(g['url'])}/")["pokedexes"])}
not_wild = {"gift", "gift-egg", "npc-trade", "static", "only-one", "snag", "snag-rematch",
            "max-raid", "dynamax-adventure", "pokeflute", "colosseum-bonus-disc-jpn", "pokespot",
            "island-scan"}


def expect(what, got, wanted):
    global checked
    checked += 1
    if got != wanted:
        problems.append(f"{what}: pokedex {got!r}, the API {wanted!r}")


names = {
    "ability": [a["name"] for a in index("ability")][::10],
    "move": [m["name"] for m in index("move")][::25],
    "type": [t["name"] for t in index("type")],
    "item": [i["name"] for i in index("item")][::60] + ["tm01", "tm10", "tm55"],
    "nature": [n["name"] for n in index("nature")],
    "berry": [b["name"] for b in index("berry")],
}
script = "\n".join(f"{kind} {name}" for kind, list_ in names.items() for name in list_)
result = subprocess.run(
    [binary, "--output", "json"], input=script, capture_output=True, text=True, timeout=600)
pages = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
expected = sum(len(v) for v in names.values())
if len(pages) != expected:
    print(f"expected {expected} results, got {len(pages)}; stderr: {result.stderr[:500]}")
    sys.exit(1)

shown = iter(pages)
for kind, list_ in names.items():
    for name in list_:
        page = next(shown)
        raw = get(f"{kind}/{name}/")
        label = f"{kind} {name}"
        if page["type"] == "error":
            problems.append(f"{label}: {page['data']['message']}")
            continue
        data = page["data"]
        en_names = english(raw.get("names", []), "name")
        expect(f"{label} name", data["displayName"], en_names[0]["name"] if en_names else data["displayName"])
        if kind == "ability":
            holders = [p for p in raw["pokemon"] if not p["is_hidden"]]
            hidden = [p for p in raw["pokemon"] if p["is_hidden"]]
            expect(f"{label} holders", [h["id"] for h in data["holders"]], species_ids(p["pokemon"] for p in holders))
            expect(f"{label} hidden", [h["id"] for h in data["hiddenHolders"]], species_ids(p["pokemon"] for p in hidden))
            effects = english(raw["effect_entries"], "effect")
            if effects:
                expect(f"{label} effect", words(data.get("effect")), words(effects[0]["short_effect"]))
        elif kind == "move":
            for key, field in [("power", "power"), ("accuracy", "accuracy"), ("pp", "pp")]:
                expect(f"{label} {key}", data.get(field), raw[key])
            expect(f"{label} priority", data["priority"], raw["priority"])
            expect(f"{label} type", data.get("type"), raw["type"]["name"])
            expect(f"{label} class", data.get("damageClass"), (raw["damage_class"] or {}).get("name"))
            effects = english(raw["effect_entries"], "effect")
            if effects:
                chance = raw["effect_chance"]
                wanted = effects[0]["short_effect"].replace(
                    "$effect_chance", str(chance) if chance is not None else "some")
                expect(f"{label} effect", words(data.get("effect")), words(wanted))
            expect(f"{label} species", data["speciesCount"],
                   len({ident(p["url"]) for p in raw["learned_by_pokemon"] if ident(p["url"]) < 10000}))
            if raw["machines"]:
                newest = max(raw["machines"], key=lambda m: (orders.get(m["version_group"]["name"], -1), ident(m["version_group"]["url"])))
                machine = get(f"machine/{ident(newest['machine']['url'])}/")
                group = get(f"version-group/{newest['version_group']['name']}/")
                game = " / ".join(
                    english(get(f"version/{v['name']}/")["names"], "name")[0]["name"]
                    for v in group["versions"])
                expect(f"{label} machine", data.get("machine"),
                       {"item": machine["item"]["name"].upper(), "versionGroup": newest["version_group"]["name"],
                        "gameName": game})
            else:
                expect(f"{label} machine", data.get("machine"), None)
        elif kind == "type":
            relations = raw["damage_relations"]
            for side, keys in [("attacking", ["double_damage_to", "half_damage_to", "no_damage_to"]),
                               ("defending", ["double_damage_from", "half_damage_from", "no_damage_from"])]:
                got = [data[side]["double"], data[side]["half"], data[side]["none"]]
                wanted = [list(dict.fromkeys(t["name"] for t in relations[k])) for k in keys]
                expect(f"{label} {side}", got, wanted)
            members = species_ids(p["pokemon"] for p in raw["pokemon"])
            expect(f"{label} species", [s["id"] for s in data["species"]], [i for i in members if i < 10000])
            expect(f"{label} forms", [s["id"] for s in data["forms"]], [i for i in members if i >= 10000])
        elif kind == "item":
            # A chance per version (issue 38): one when every version agrees, else each with its
            # versions.
            held = {}
            for h in raw["held_by_pokemon"]:
                by_rarity = {}
                for d in h["version_details"]:
                    by_rarity.setdefault(d["rarity"], set()).add(d["version"]["name"])
                if len(by_rarity) <= 1:
                    held[ident(h["pokemon"]["url"])] = (next(iter(by_rarity), None), [])
                else:
                    held[ident(h["pokemon"]["url"])] = (None, sorted((r, sorted(v)) for r, v in by_rarity.items()))
            expect(f"{label} held by",
                   [(h["species"]["id"], (h.get("rarity"), sorted((c["rarity"], sorted(c["versions"])) for c in h["chances"])))
                    for h in data["heldBy"]],
                   sorted(held.items()))
            prices = [p for p in raw.get("prices", []) if (p.get("purchase_price") or 0) > 0]
            # The newest game that sells it, by the games' order (issue 38: not by id).
            cost = (max(prices, key=lambda p: orders.get(p["version_group"]["name"], -1))["purchase_price"]
                    if prices else raw.get("cost") or None)
            expect(f"{label} cost", data.get("cost"), cost)
            texts = english(raw["flavor_text_entries"], "text")
            if texts:
                newest = max(enumerate(texts), key=lambda t: (orders.get(t[1]["version_group"]["name"], -1), t[0]))[1]
                expect(f"{label} flavour text of the newest game", words(data.get("flavorText")),
                       words(newest["text"]))
        elif kind == "berry":
            item = get(f"item/{raw['item']['name']}/")
            named = english(item["names"], "name")
            expect(f"{label} name (its item's, else its slug in words)", data["displayName"],
                   named[0]["name"] if named else item["name"].replace("-", " ").title())
            expect(f"{label} item", data.get("item"), raw["item"]["name"])
            expect(f"{label} firmness", data.get("firmness"), (raw["firmness"] or {}).get("name"))
            expect(f"{label} flavours", {f["flavor"]: f["potency"] for f in data["flavors"]},
                   {f["flavor"]["name"]: f["potency"] for f in raw["flavors"]})
            potencies = [f["potency"] for f in data["flavors"]]
            expect(f"{label} flavours, strongest first", potencies, sorted(potencies, reverse=True))
            for ours, theirs in [("growthTime", "growth_time"), ("maxHarvest", "max_harvest"),
                                 ("size", "size"), ("smoothness", "smoothness"),
                                 ("soilDryness", "soil_dryness"),
                                 ("naturalGiftPower", "natural_gift_power")]:
                expect(f"{label} {ours}", data.get(ours), raw[theirs])
            expect(f"{label} natural gift type", data.get("naturalGiftType"),
                   (raw["natural_gift_type"] or {}).get("name"))
        elif kind == "nature":
            neutral = raw["increased_stat"] == raw["decreased_stat"]
            expect(f"{label} raises", data.get("raises"), None if neutral else raw["increased_stat"]["name"])
            expect(f"{label} lowers", data.get("lowers"), None if neutral else raw["decreased_stat"]["name"])
            bland = raw["likes_flavor"] == raw["hates_flavor"]
            expect(f"{label} likes", data.get("likes"), None if bland else raw["likes_flavor"]["name"])

# Learnsets: a spread of species, in their newest game and in two others.
learnsets = 0
species = list(range(1, 152, 10))
games = ["", " --game red-blue", " --game sword-shield"]
script = "\n".join(f"open {n}\n" + "\n".join(f"moves{g}" for g in games) for n in species)
result = subprocess.run(
    [binary, "--output", "json"], input=script, capture_output=True, text=True, timeout=600)
answers = iter(json.loads(line) for line in result.stdout.splitlines() if line.strip())
for number in species:
    next(answers)  # the details
    raw = get(f"pokemon/{number}/")
    by_game = {}
    for move in raw["moves"]:
        for detail in move["version_group_details"]:
            by_game.setdefault(detail["version_group"]["name"], set()).add(
                (move["move"]["name"], detail["move_learn_method"]["name"],
                 detail["level_learned_at"] if detail["move_learn_method"]["name"] == "level-up" else None))
    # Without --game: the newest main-series game where it learns moves by level (issue 38).
    by_level = [g for g in by_game if g in main_series
                and any(method == "level-up" for _, method, _ in by_game[g])]
    tiers = by_level or [g for g in by_game if g in main_series] or list(by_game)
    newest = max(tiers, key=lambda g: orders.get(g, -1)) if by_game else ""
    for suffix in games:
        page = next(answers)
        game = suffix.replace(" --game ", "") or newest
        label = f"moves of #{number} in {game}"
        learnsets += 1
        if game not in by_game:
            expect(f"{label}: refused", page["type"], "error")
            continue
        if page["type"] == "error":
            problems.append(f"{label}: {page['data']['message']}")
            continue
        data = page["data"]
        expect(f"{label}: the game", data["game"], game)
        rows = {(r["move"], r["method"], r.get("level")) for r in data["rows"]}
        expect(f"{label}: the moves", sorted(rows, key=str), sorted(by_game[game], key=str))
        # A machine row is numbered exactly when the move names a machine in that game.
        for row in (r for r in data["rows"] if r["method"] == "machine"):
            move = get(f"move/{row['move']}/")
            named = [m for m in move["machines"] if m["version_group"]["name"] == game]
            wanted = get(f"machine/{ident(named[0]['machine']['url'])}/")["item"]["name"].upper() if named else None
            expect(f"{label}: the machine of {row['move']}", row.get("machine"), wanted)

# Filters (issue 21): totals for combinations of type, generation and gender.
filters = 0
gender_ids = {"female": 1, "male": 2, "genderless": 3}
admits = {"female": lambda r: 1 <= r <= 8, "male": lambda r: 0 <= r <= 7, "genderless": lambda r: r == -1}
combos = [(t, g, s) for t in ["water", "fire", "dragon", None] for g in [1, 3, None]
          for s in ["female", "genderless", None] if (t, g, s) != (None, None, None)]
script = "\n".join(
    "filter all\n" + "\n".join(
        ([f"filter type {t}"] if t else []) + ([f"filter gen {g}"] if g else []) + ([f"filter {s}"] if s else []))
    for t, g, s in combos)
result = subprocess.run(
    [binary, "--output", "json", "--page-size", "200"], input=script, capture_output=True, text=True, timeout=600)
lists = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
answers = iter(lists)
for t, g, s in combos:
    page = None
    for _ in range(1 + sum(x is not None for x in (t, g, s))):
        page = next(answers)
    wanted = None
    if t:
        wanted = {ident(p["pokemon"]["url"]) for p in get(f"type/{t}/")["pokemon"]} - set(range(10000, 100000))
    if g:
        ids = {ident(p["url"]) for p in get(f"generation/{g}/")["pokemon_species"]}
        wanted = ids if wanted is None else wanted & ids
    if s:
        ids = {ident(e["pokemon_species"]["url"]) for e in get(f"gender/{gender_ids[s]}/")["pokemon_species_details"] if admits[s](e["rate"])}
        wanted = ids if wanted is None else wanted & ids
    filters += 1
    label = f"filter {t or '-'} gen {g or '-'} {s or '-'}"
    if page["type"] == "error":
        problems.append(f"{label}: {page['data']['message']}")
        continue
    expect(f"{label}: total", page["data"]["totalCount"], len(wanted))
    expect(f"{label}: rows", [r["id"] for r in page["data"]["rows"]], sorted(wanted)[:200])

# Compare (issue 21): the base stats of pairs, side by side.
pairs = [(a, b) for a in range(1, 152, 25) for b in range(5, 152, 37)]
script = "\n".join(f"compare {a} {b}" for a, b in pairs)
result = subprocess.run(
    [binary, "--output", "json"], input=script, capture_output=True, text=True, timeout=600)
for (a, b), line in zip(pairs, [l for l in result.stdout.splitlines() if l.strip()]):
    page = json.loads(line)
    label = f"compare {a} {b}"
    if page["type"] == "error":
        problems.append(f"{label}: {page['data']['message']}")
        continue
    for entry, number in zip(page["data"]["species"], (a, b)):
        raw = get(f"pokemon/{number}/")
        expect(f"{label}: #{number} stats", [s["value"] for s in entry["stats"]], [s["base_stat"] for s in raw["stats"]])
        expect(f"{label}: #{number} types", [t.lower() for t in entry["types"]], [t["type"]["name"] for t in sorted(raw["types"], key=lambda t: t["slot"])])

def run_script(lines, env=None):
    result = subprocess.run(
        [binary, "--output", "json"], input="\n".join(lines), capture_output=True, text=True,
        timeout=600, env=env)
    return iter(json.loads(line) for line in result.stdout.splitlines() if line.strip())


# Regional Pokédexes (issue 41): every Pokédex filtered alone and with a type, in its order and
# numbered as in it; its page; a species' numbers in a game's Pokédexes.
dexes = {d["name"]: get(f"pokedex/{ident(d['url'])}/") for d in index("pokedex")}
dex_plan = [(name, None) for name in dexes] + [(name, "water") for name in list(dexes)[::4]]
answers = run_script([line for name, t in dex_plan for line in
                      ["filter all", f"filter dex {name}"] + ([f"filter type {t}"] if t else [])]
                     + [f"dex {name}" for name in dexes])
for name, t in dex_plan:
    for _ in range(2 if t else 1):
        next(answers)
    page = next(answers)
    label = f"filter dex {name}" + (f" type {t}" if t else "")
    filters += 1
    if page["type"] == "error":
        problems.append(f"{label}: {page['data']['message']}")
        continue
    entries = {}
    for e in dexes[name]["pokemon_entries"]:
        entries.setdefault(ident(e["pokemon_species"]["url"]), e["entry_number"])
    wanted = set(entries)
    if t:
        wanted &= {ident(p["pokemon"]["url"]) for p in get(f"type/{t}/")["pokemon"]}
    ordered = sorted(wanted, key=lambda i: (entries[i], i))
    expect(f"{label}: total", page["data"]["totalCount"], len(ordered))
    expect(f"{label}: rows", [(r["id"], r.get("regionalNumber")) for r in page["data"]["rows"]],
           [(i, entries[i]) for i in ordered[:20]])
for name in dexes:
    page = next(answers)
    if page["type"] == "error":
        problems.append(f"dex {name}: {page['data']['message']}")
        continue
    raw = dexes[name]
    expect(f"dex {name}: entries", [(e["number"], e["species"]["id"]) for e in page["data"]["entries"]],
           [(e["entry_number"], ident(e["pokemon_species"]["url"])) for e in raw["pokemon_entries"]])
    english = [n["name"] for n in raw["names"] if n["language"]["name"] == "en"]
    expect(f"dex {name}: name", page["data"]["displayName"],
           english[0] if english else " ".join(w.capitalize() for w in name.split("-")))
numbered = [("red", 25), ("sword", 25), ("x", 6), ("ultra-sun", 150), ("scarlet", 133)]
answers = run_script([line for game, n in numbered for line in (f"game {game}", f"open {n}")]
                     + ["game off"])
for game, number in numbered:
    next(answers)
    page = next(answers)
    label = f"game {game}; open {number}"
    if page["type"] == "error":
        problems.append(f"{label}: {page['data']['message']}")
        continue
    group = get(f"version/{game}/")["version_group"]["name"]
    wanted = []
    for reference in get(f"version-group/{group}/")["pokedexes"]:
        raw = dexes[reference["name"]]
        found = [e["entry_number"] for e in raw["pokemon_entries"]
                 if ident(e["pokemon_species"]["url"]) == number]
        if found:
            wanted.append((raw["name"], found[0]))
    expect(f"{label}: Pokédex numbers",
           [(n["pokedex"], n["number"]) for n in page["data"].get("regionalNumbers", [])], wanted)

# Stats (issue 41): the actual stats of a spread of species by the games' formulas, from the
# API's base stats and natures, at a spread of levels, natures, IVs and EVs; and without options,
# each stat's range at levels 50 and 100.
STATS = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
SHORT = dict(zip(STATS, ["hp", "atk", "def", "spa", "spd", "spe"]))
natures = {n["name"]: get(f"nature/{ident(n['url'])}/") for n in index("nature")}


def tenths(nature, stat):
    up, down = (nature[k] and nature[k]["name"] for k in ("increased_stat", "decreased_stat"))
    return 10 if up == down else 11 if stat == up else 9 if stat == down else 10


def stat_value(stat, base, iv, ev, level, factor, shedinja=False):
    scaled = (2 * base + iv + ev // 4) * level // 100
    if stat == "hp":
        return 1 if shedinja else scaled + level + 10
    return (scaled + 5) * factor // 10


stat_plan = []
for i, number in enumerate(range(1, 152, 3)):
    evs = {STATS[i % 6]: 252, STATS[(i + 2) % 6]: 252, STATS[(i + 4) % 6]: 6}
    ivs = {STATS[(i + 1) % 6]: i % 32}
    stat_plan.append((number, [1, 5, 37, 50, 100][i % 5], sorted(natures)[i % 25], ivs, evs))
ranged = list(range(2, 152, 10))
answers = run_script(
    [f"stats {n} --level {level} --nature {nature} "
     f"--ivs {','.join(f'{v}{SHORT[k]}' for k, v in ivs.items())} "
     f"--evs {','.join(f'{v}{SHORT[k]}' for k, v in evs.items())}"
     for n, level, nature, ivs, evs in stat_plan] + [f"stats {n}" for n in ranged])
for number, level, nature, ivs, evs in stat_plan + [(n, None, None, {}, {}) for n in ranged]:
    page = next(answers, None)
    label = f"stats {number} level {level} {nature}"
    if page is None or page["type"] == "error":
        problems.append(f"{label}: {page and page['data']['message']}")
        continue
    raw = get(f"pokemon/{number}/")
    base = {s["stat"]["name"]: s["base_stat"] for s in raw["stats"]}
    rows = page["data"]["rows"]
    expect(f"{label}: stats", [r["stat"] for r in rows], STATS)
    shedinja = raw["name"] == "shedinja"
    for row in rows:
        stat = row["stat"]
        factor = tenths(natures[nature], stat) if nature else 10
        wanted = stat_value(stat, base[stat], ivs.get(stat, 31), evs.get(stat, 0), level or 50,
                            factor, shedinja)
        expect(f"{label}: {stat}", (row["base"], row["value"]), (base[stat], wanted))
        if level is None:
            low, high = (10, 10) if stat == "hp" else (9, 11)
            for at in (50, 100):
                expect(f"{label}: {stat} range at {at}", row[f"range{at}"], {
                    "min": stat_value(stat, base[stat], 0, 0, at, low, shedinja),
                    "max": stat_value(stat, base[stat], 31, 252, at, high, shedinja)})
stats_pages = len(stat_plan) + len(ranged)

# Breeding (issue 41): egg groups, hatch steps, what the egg hatches as and who it breeds with,
# from the species, its chain and its egg groups.
bred = list(range(1, 152, 5)) + [25, 122, 132, 144]
answers = run_script([f"breed {n}" for n in bred])
for number in bred:
    page = next(answers, None)
    label = f"breed {number}"
    if page is None or page["type"] == "error":
        problems.append(f"{label}: {page and page['data']['message']}")
        continue
    data = page["data"]
    raw = get(f"pokemon-species/{number}/")
    groups = [g["name"] for g in raw["egg_groups"]]
    expect(f"{label}: egg groups", data["eggGroups"], groups)
    expect(f"{label}: hatch steps", data.get("hatchSteps"), 255 * (raw["hatch_counter"] + 1))
    names = {g: [n["name"] for n in get(f"egg-group/{g}/")["names"] if n["language"]["name"] == "en"]
             for g in groups}
    expect(f"{label}: egg group names", [data["eggGroupNames"].get(g) for g in groups],
           [names[g][0] if names[g] else None for g in groups])
    chain = get(f"evolution-chain/{ident(raw['evolution_chain']['url'])}/")
    if "no-eggs" in groups:
        partners, members, first = "cannotBreed", [], None
    else:
        first = ident(chain["chain"]["species"]["url"])
        if groups == ["ditto"]:
            partners, members = "anyButDitto", []
        elif raw["gender_rate"] < 0:
            partners, members = "onlyDitto", []
        else:
            partners = "eggGroups"
            members = sorted({ident(m["url"]) for g in groups
                              for m in get(f"egg-group/{g}/")["pokemon_species"]} | {132})
    expect(f"{label}: partners", data["partners"], partners)
    expect(f"{label}: breeds with", [m["id"] for m in data["breedsWith"]], members)
    expect(f"{label}: hatches as", (data.get("hatchesAs") or {}).get("id"), first)
    item = chain.get("baby_trigger_item")
    expect(f"{label}: incense", data.get("incense"),
           item["name"] if item and first is not None and chain["chain"]["is_baby"]
           and len(chain["chain"]["evolves_to"]) == 1 else None)


# Teams (issue 41): the coverage of a spread of teams (a form among them) worked out from the
# members' types and the types' relations, and the suggestions from the types' species.
import tempfile
chart_types = sorted((get(f"type/{ident(t['url'])}/") for t in index("type") if ident(t["url"]) < 10000),
                     key=lambda t: t["id"])
chart_types = [t for t in chart_types if any(t["damage_relations"][k] for k in
                                             ("double_damage_from", "half_damage_from", "no_damage_from"))]
by_type = {t["name"]: t for t in chart_types}
order = [t["name"] for t in chart_types]


def relations_in(t, generation):
    """A type's defending relations in a generation's games (None: today's)."""
    if generation is None:
        return t["damage_relations"]
    past = sorted((p for p in t.get("past_damage_relations", [])
                   if ident(p["generation"]["url"]) >= generation),
                  key=lambda p: ident(p["generation"]["url"]))
    return past[0]["damage_relations"] if past else t["damage_relations"]


def member_factor(attacker, defenders, generation=None):
    value = 1.0
    for defender in dict.fromkeys(defenders):
        relations = relations_in(by_type[defender], generation)
        single = 1.0
        for key, f in (("double_damage_from", 2.0), ("half_damage_from", 0.5), ("no_damage_from", 0.0)):
            if attacker in [r["name"] for r in relations[key]]:
                single = f
        value *= single
    return value


def types_in(raw, generation):
    """A pokemon's types in slot order in a generation's games (None: today's)."""
    past = sorted((p for p in raw.get("past_types", [])
                   if generation is not None and ident(p["generation"]["url"]) >= generation),
                  key=lambda p: ident(p["generation"]["url"]))
    slots = past[0]["types"] if past else raw["types"]
    return [t["type"]["name"] for t in sorted(slots, key=lambda t: t["slot"])]


def types_of(generation):
    """The types of a generation's chart (None: today's), in the API's order."""
    return [t for t in order
            if generation is None or ident(by_type[t]["generation"]["url"]) <= generation]


def check_team(label, team, data, generation=None):
    """A team page against the members' types and the chart of the generation's games; the
    suggested species too when there is no game (else they come from its Pokédexes)."""
    order_then = types_of(generation)
    expect(f"{label}: generation", data.get("generation"), generation)
    raws = [get(f"pokemon/{member}/") for member in team]
    types = [types_in(raw, generation) for raw in raws]
    expect(f"{label}: members", [(m["id"], m["types"]) for m in data["members"]],
           [(raw["id"], t) for raw, t in zip(raws, types)])
    defense = {a: [member_factor(a, t, generation) for t in types] for a in order_then}
    expect(f"{label}: defense", [(d["type"], d["factors"]) for d in data["defense"]],
           list(defense.items()))
    hits = {a: sum(1 for f in defense[a] if f >= 2) for a in order_then}
    expect(f"{label}: shared weaknesses", data["sharedWeaknesses"],
           sorted([a for a in order_then if hits[a] >= 3], key=lambda a: -hits[a]))
    unresisted = [a for a in order_then if all(f >= 1 for f in defense[a])]
    expect(f"{label}: unresisted", data["unresisted"], unresisted)
    own = list(dict.fromkeys(t for ts in types for t in ts))
    super_effective = [d for d in order_then
                       if any(member_factor(t, [d], generation) >= 2 for t in own)]
    expect(f"{label}: offense", data["offense"], {
        "superEffective": super_effective,
        "notSuperEffective": [d for d in order_then if d not in super_effective]})
    weak = sorted([a for a in order_then if hits[a] >= 2], key=lambda a: -hits[a])
    helps = []
    for candidate in order_then:
        resists = [w for w in weak if member_factor(w, [candidate], generation) < 1]
        hit = [u for u in unresisted if member_factor(candidate, [u], generation) >= 2]
        if resists or hit:
            helps.append((candidate, resists, hit))
    helps.sort(key=lambda h: -(len(h[1]) + len(h[2])))
    if generation is not None:  # the helps in order; each shown one's species are the game's
        shown = [(s["type"], s["resists"], s["hits"]) for s in data["suggestions"]]
        expect(f"{label}: suggestions", shown, [h for h in helps if h in shown])
        return
    on_team = {ident(raw["species"]["url"]) for raw in raws}
    wanted = []
    for candidate, resists, hit in helps:
        species = sorted({ident(p["pokemon"]["url"]) for p in by_type[candidate]["pokemon"]
                          if ident(p["pokemon"]["url"]) < 10000} - on_team)
        if species and len(wanted) < 3:
            wanted.append({"type": candidate, "resists": resists, "hits": hit,
                           "species": ranked(species[:10])[:5]})
    expect(f"{label}: suggestions",
           [{**s, "species": [p["id"] for p in s["species"]]} for s in data["suggestions"]], wanted)


def strength(species_id):
    """(fully evolved, base stat total) of a species, None when the server has not its facts."""
    try:
        species = get(f"pokemon-species/{species_id}/")
        default = next((v["pokemon"]["url"] for v in species["varieties"] if v["is_default"]),
                       f"pokemon/{species_id}/")
        pokemon = get(f"pokemon/{ident(default)}/")
    except urllib.error.HTTPError:
        return None
    total = sum(s["base_stat"] for s in pokemon["stats"])
    evolves = False
    if species.get("evolution_chain"):
        try:
            chain = get(f"evolution-chain/{ident(species['evolution_chain']['url'])}/")["chain"]
        except urllib.error.HTTPError:
            chain = None

        def further(link):
            if ident(link["species"]["url"]) == species_id:
                return bool(link["evolves_to"])
            return any(further(next_link) for next_link in link["evolves_to"])
        evolves = bool(chain) and further(chain)
    return (not evolves, total)


def ranked(species):
    """As a trainer would pick: fully evolved first, then the highest total; unknown last."""
    known = {s: strength(s) for s in species}
    return sorted(species, key=lambda s: (known[s] is None, not (known[s] or (0, 0))[0],
                                          -(known[s] or (0, 0))[1], species.index(s)))


teams = [list(range(start, 152, step))[:size] for start, step, size in
         [(1, 3, 3), (4, 7, 6), (25, 11, 5), (7, 13, 4), (60, 5, 6), (100, 9, 2), (130, 3, 1)]]
teams.append([6, 3, 9])
teams.append([26, "raichu-alola", 143])
data_home = tempfile.mkdtemp()
answers = run_script([line for team in teams for line in
                      ("team add " + " ".join(map(str, team)), "team clear")],
                     env={**os.environ, "XDG_DATA_HOME": data_home})
for team in teams:
    page, _ = next(answers, None), next(answers, None)
    label = f"team {team}"
    if page is None or page["type"] == "error":
        problems.append(f"{label}: {page and page['data']['message']}")
        continue
    check_team(label, team, page["data"])

# The same under games of past generations (issue 41): their types (Clefairy Normal through
# Generation V, Magnemite Electric through I) and their chart (Ghost nothing to Psychic in I,
# no Steel or Dark before II, no Fairy before VI).
era_teams = [[35, 81, 94, 65], [39, 122, 36, 82, 93], [6, 3, 9], [40, 12, 64, 120, 124, 142]]
era_games = {"red-blue": 1, "gold-silver": 2, "black-white": 5, "x-y": 6}
answers = run_script([line for game in era_games for team in era_teams for line in
                      (f"game {game}", "team add " + " ".join(map(str, team)), "team clear")]
                     + ["game off"], env={**os.environ, "XDG_DATA_HOME": tempfile.mkdtemp()})
for game, generation in era_games.items():
    for team in era_teams:
        _, page, _ = next(answers, None), next(answers, None), next(answers, None)
        label = f"team {team} in {game}"
        if page is None or page["type"] == "error":
            problems.append(f"{label}: {page and page['data']['message']}")
            continue
        check_team(label, team, page["data"], generation)
        teams.append(team)

# A species opened under those games: its types then and the damage they took in that chart.
era_species = [35, 81, 94, 65, 6, 122, 208]
opened_then = 0
era_compared = [35, 94, 65]
answers = run_script([line for game in era_games for line in
                      [f"game {game}"] + [f"open {n}" for n in era_species]
                      + ["compare " + " ".join(map(str, era_compared))]] + ["game off"],
                     env={**os.environ, "XDG_DATA_HOME": tempfile.mkdtemp()})
for game, generation in era_games.items():
    next(answers, None)
    order_then = types_of(generation)
    for number in era_species:
        page = next(answers, None)
        label = f"open {number} in {game}"
        if page is None or page["type"] != "detail":
            problems.append(f"{label}: {page and page['data']}")
            continue
        data = page["data"]
        # A later species (Steelix in Red) is shown as today.
        raw = get(f"pokemon/{number}/")
        shown = generation if set(types_in(raw, generation)) <= set(order_then) else None
        types = types_in(raw, shown)
        expect(f"{label}: generation", data.get("typesGeneration"), shown)
        expect(f"{label}: types", data["typeSlugs"], types)
        factors = [(a, member_factor(a, types, shown)) for a in types_of(shown)]
        matchups = data.get("matchups") or {}
        expect(f"{label}: weaknesses",
               sorted((m["type"].lower(), m["multiplier"]) for m in matchups.get("weaknesses", [])),
               sorted((a, f) for a, f in factors if f > 1))
        expect(f"{label}: resistances",
               sorted((m["type"].lower(), m["multiplier"]) for m in matchups.get("resistances", [])),
               sorted((a, f) for a, f in factors if 0 < f < 1))
        expect(f"{label}: immunities", sorted(t.lower() for t in matchups.get("immunities", [])),
               sorted(a for a, f in factors if f == 0))
        opened_then += 1
    page = next(answers, None)
    label = f"compare {era_compared} in {game}"
    if page is None or page["type"] == "error":
        problems.append(f"{label}: {page and page['data']}")
        continue
    types = [types_in(get(f"pokemon/{n}/"), generation) for n in era_compared]
    expect(f"{label}: generation", page["data"].get("generation"), generation)
    expect(f"{label}: types", [[t.lower() for t in e["types"]] for e in page["data"]["species"]],
           types)
    differing = {a: [member_factor(a, t, generation) for t in types] for a in order_then}
    expect(f"{label}: matchups",
           sorted((m["type"].lower(), m["factors"]) for m in page["data"]["matchups"]),
           sorted((a, f) for a, f in differing.items() if len(set(f)) > 1))

# Every type's page and the whole chart under those games: the matchups of their charts, or
# today's with the generation it came in for a type that came later.
types_then = 0
answers = run_script([line for game in era_games for line in
                      [f"game {game}", "types"] + [f"type {t}" for t in order]] + ["game off"],
                     env={**os.environ, "XDG_DATA_HOME": tempfile.mkdtemp()})
for game, generation in era_games.items():
    next(answers, None)
    order_then = types_of(generation)
    chart = next(answers, None)
    if chart is None or chart["type"] == "error":
        problems.append(f"types in {game}: {chart and chart['data']}")
    else:
        expect(f"types in {game}: generation", chart["data"].get("generation"), generation)
        expect(f"types in {game}: types", chart["data"]["types"], order_then)
        expect(f"types in {game}: factors", chart["data"]["factors"],
               [[member_factor(a, [d], generation) for d in order_then] for a in order_then])
    for name in order:
        page = next(answers, None)
        label = f"type {name} in {game}"
        if page is None or page["type"] == "error":
            problems.append(f"{label}: {page and page['data']}")
            continue
        data = page["data"]
        types_then += 1
        if name not in order_then:
            expect(f"{label}: came later", (data.get("chartGeneration"), data.get("cameLater")),
                   (None, ident(by_type[name]["generation"]["url"])))
            continue
        expect(f"{label}: chart", data.get("chartGeneration"), generation)
        for side, factor in (("attacking", lambda other: member_factor(name, [other], generation)),
                             ("defending", lambda other: member_factor(other, [name], generation))):
            expect(f"{label}: {side}", data[side], {
                "double": [o for o in order_then if factor(o) == 2],
                "half": [o for o in order_then if factor(o) == 0.5],
                "none": [o for o in order_then if factor(o) == 0]})


def kind(condition):
    """A condition's kind, as pokedex groups values: a known prefix, else up to the first dash."""
    for prefix in ("weather-", "story-progress-", "max-den-rarity-", "max-den-rating-",
                   "season-", "time-"):
        if condition.startswith(prefix):
            return prefix
    return condition.split("-")[0] + "-" if "-" in condition else condition


# Where (issues 21 and 38): the places of a spread of species in their newest game, and every
# way of every version there.
wheres = 0
version_group = {}
for group in index("version-group"):
    for version in get(f"version-group/{ident(group['url'])}/")["versions"]:
        version_group[version["name"]] = group["name"]


def check_where(number, page, game):
    """`where` of species `number` in `game` (None: the default, the newest) against the data."""
    global wheres
    wheres += 1
    raw = get(f"pokemon/{number}/encounters")
    games = {version_group.get(v["version"]["name"]) for e in raw for v in e["version_details"]}
    label = f"where #{number}" + (f" --game {game}" if game else "")
    if page["type"] == "error":
        problems.append(f"{label}: {page['data']['message']}")
        return
    data = page["data"]
    if not games:
        expect(f"{label}: nowhere", data["game"], "")
        return
    # Without --game: the newest main-series game where it lives in the wild (issue 38), else
    # the newest main-series game, else the newest.
    wild = {version_group.get(v["version"]["name"]) for e in raw for v in e["version_details"]
            if any(w["method"]["name"] not in not_wild for w in v["encounter_details"])}
    tiers = [g for g in games if g in main_series and g in wild] or \
        [g for g in games if g in main_series] or list(games)
    newest = game or max(tiers, key=lambda g: orders.get(g, -1))
    expect(f"{label}: the game", data["game"], newest)
    areas = {e["location_area"]["name"] for e in raw
             if any(version_group.get(v["version"]["name"]) == newest for v in e["version_details"])}
    expect(f"{label}: the places", {r["area"] for r in data["rows"]}, areas)
    expect(f"{label}: the versions in the game's order", data["versions"],
           [v["name"] for v in get(f"version-group/{newest}/")["versions"]
            if any(d["version"]["name"] == v["name"] for e in raw for d in e["version_details"])])
    # Every way (a method and its conditions) of every version: its slots' chances added up and
    # their levels spanned. Each must be in exactly one row listing its version, with that
    # row's chance and levels: a chance is one version's, and no way is lost or merged into one
    # that says something else.
    ways = {}
    for e in raw:
        for d in e["version_details"]:
            if d["version"]["name"] not in data["versions"]:
                continue
            for w in d["encounter_details"]:
                key = (e["location_area"]["name"], d["version"]["name"], w["method"]["name"],
                       frozenset(c["name"] for c in w["condition_values"]))
                low, high, chance = ways.get(key, (w["min_level"], w["max_level"], 0))
                ways[key] = (min(low, w["min_level"]), max(high, w["max_level"]), chance + w["chance"])
    covered = {key: 0 for key in ways}
    for row in data["rows"]:
        conditions = set(row["conditions"])
        for version in row["versions"]:
            mine = [key for key in ways if key[0] == row["area"] and key[1] == version
                    and key[2] == row["method"] and key[3] <= conditions
                    and {kind(c) for c in key[3]} == {kind(c) for c in conditions}]
            expect(f"{label}: a row stands for ways of the data ({row['area']}, {version})",
                   bool(mine), True)
            for key in mine:
                covered[key] += 1
                expect(f"{label}: {key[0]} {key[1]} {key[2]} {sorted(key[3])}",
                       (row["minLevel"], row["maxLevel"], row["chance"]), ways[key])
    for key, count in covered.items():
        expect(f"{label}: {key[0]} {key[1]} {key[2]} {sorted(key[3])} shown once", count, 1)


# The newest game of a spread of species; then every game of a few (Caterpie, Metapod,
# Pidgey, Rattata, Pikachu: the pages the issue found wrong).
species_where = list(range(1, 152, 15))
answers = run_script(line for n in species_where for line in (f"open {n}", "where"))
for number in species_where:
    next(answers)
    check_where(number, next(answers), None)
every_game = [10, 11, 16, 19, 25]
if os.environ.get("CHECK_EVERY_WHERE"):  # the whole audit: every species in every game
    every_game = list(range(1, 152))
plan = []
for number in every_game:
    raw = get(f"pokemon/{number}/encounters")
    found = sorted({version_group[v["version"]["name"]] for e in raw for v in e["version_details"]})
    plan += [(number, game) for game in found]
answers = run_script(
    [f"open {every_game[0]}"] + [line for number, game in plan
                                 for line in (f"open {number}", f"where --game {game}")])
next(answers)
for number, game in plan:
    next(answers)
    check_where(number, next(answers), game)

for problem in problems:
    print(problem)
print(f"{expected} pages, {learnsets} learnsets, {filters} filters, {len(pairs)} comparisons, "
      f"{len(dexes)} Pokédexes, {stats_pages} stats pages, {len(bred)} breeding pages, {len(teams)} teams, {opened_then} species and {types_then} type pages in past games and {wheres} encounters, {checked} checks, {len(problems)} wrong")
sys.exit(1 if problems else 0)
