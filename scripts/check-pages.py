#!/usr/bin/env python3
"""Checks pokedex's pages against the raw data of a PokéAPI mirror (issue 20).

Usage: check-pages.py BINARY BASE_URL

For a spread of abilities, moves, items and every type and nature the mirror serves, runs the
pages in one pokedex session with --output json and compares each with the resource itself:
names, effects, numbers, holders, matchups, machines, prices. Prints one line per mismatch and a
summary; exits 1 when anything is wrong.
"""
import json
import subprocess
import sys
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


def expect(what, got, wanted):
    global checked
    checked += 1
    if got != wanted:
        problems.append(f"{what}: pokedex {got!r}, the API {wanted!r}")


names = {
    "ability": [a["name"] for a in index("ability")][::10],
    "move": [m["name"] for m in index("move")][::25],
    "type": [t["name"] for t in index("type")],
    "item": [i["name"] for i in index("item")][::60],
    "nature": [n["name"] for n in index("nature")],
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
                expect(f"{label} machine", data.get("machine"),
                       {"item": machine["item"]["name"].upper(), "versionGroup": newest["version_group"]["name"]})
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
            held = {}
            for h in raw["held_by_pokemon"]:
                held[ident(h["pokemon"]["url"])] = max((d["rarity"] for d in h["version_details"]), default=None)
            expect(f"{label} held by", [(h["species"]["id"], h.get("rarity")) for h in data["heldBy"]], sorted(held.items()))
            prices = [p for p in raw.get("prices", []) if (p.get("purchase_price") or 0) > 0]
            cost = raw.get("cost") or (max(prices, key=lambda p: ident(p["version_group"]["url"]))["purchase_price"] if prices else None)
            expect(f"{label} cost", data.get("cost"), cost)
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
    newest = max(by_game, key=lambda g: orders.get(g, -1)) if by_game else ""
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

for problem in problems:
    print(problem)
print(f"{expected} pages and {learnsets} learnsets, {checked} checks, {len(problems)} wrong")
sys.exit(1 if problems else 0)
