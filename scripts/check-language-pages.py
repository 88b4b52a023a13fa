#!/usr/bin/env python3
"""Checks pokedex's pages in seven languages against the raw data of a PokéAPI mirror.

Usage: check-language-pages.py BINARY BASE_URL

For ja, ko, zh-hans, fr, de, es and it, runs one pokedex session each (--lang CODE --output json,
its own empty HOME, the mirror as its API and sprite host) over a spread: every nature and type,
about thirty abilities, moves and items (tm01, lucky-egg, leftovers, master-ball among them),
species 1 to 151, a few comparisons, the type chart and the natures table. Compares every name
and text the pages show in the language with what the resources themselves imply under pokedex's
rule (Sources/Models/Language.swift, Sources/Pages/Texts.swift): the text in the language, else
in a near one (ja and ja-hrkt for each other, es for es-419), else English; a flavour text the
newest game's by the version groups' `order`; texts compared whatever spaces join their lines
(SafeText.paragraph's business). Also the linked things' names: types, stats, abilities,
species listed, games, item categories. Every ability, move and item whose newest text in a
language is not the last the API lists is added to the spread, and each such ability and move is
also shown alone in a new session (before anything has loaded the games' order). Prints one
line per mismatch, a tally by kind and a summary; exits 1 when anything is wrong. Takes about
two minutes.

scripts/check-pages.py checks the same pages' numbers and lists in English; this script checks
only what the language changes.
"""
import concurrent.futures
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections import Counter

binary, base = sys.argv[1], sys.argv[2].rstrip("/")
api = base + "/api/v2"
LANGUAGES = ["ja", "ko", "zh-hans", "fr", "de", "es", "it"]
# Sources/Models/Language.swift: `nearLanguages` and each language's English name (the note).
NEAR = {"ja": ["ja-hrkt"], "ja-hrkt": ["ja"], "es-419": ["es"]}
ENGLISH_NAME = {"ja": "Japanese", "ko": "Korean", "zh-hans": "Chinese (simplified)",
                "fr": "French", "de": "German", "es": "Spanish", "it": "Italian"}
SPECIES = list(range(1, 152))
COMPARES = [(1, 4), (25, 133), (94, 150)]
# The workbench's species (issue 41): Pikachu, Mr. Mime (an incense baby), Ditto, Articuno.
BRED = [25, 122, 132, 144]
# Regional Pokédexes: one of the first 151 alone, one past them, one named differently by language.
DEXES = ["kanto", "original-johto", "updated-hoenn", "paldea"]

_cache = {}


def get(path):
    """The mirror's answer for `path` (cached), None for a 404."""
    if path not in _cache:
        try:
            with urllib.request.urlopen(api + "/" + path) as answer:
                _cache[path] = json.load(answer)
        except urllib.error.HTTPError as error:
            if error.code != 404:
                raise
            _cache[path] = None
    return _cache[path]


def prefetch(paths):
    paths = [p for p in dict.fromkeys(paths) if p not in _cache]
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        for path, body in zip(paths, pool.map(lambda p: (p, get(p))[1], paths)):
            _cache[path] = body


def index(kind):
    return get(f"{kind}?offset=0&limit=100000")["results"]


def ident(url):
    return int(url.rstrip("/").split("/")[-1])


# --- The program's text rules, as Sources/Models/DisplayName.swift writes them -----------------

def is_control(c):
    o = ord(c)
    return o <= 0x1F or 0x7F <= o <= 0x9F or o in (0x2028, 0x2029)


# The control characters, for str.translate to drop (a text is read many times: the checks of
# every page pick among the same entries).
WITHOUT_CONTROLS = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029])


@functools.cache
def line(text):
    """SafeText.line: control characters dropped, cut at 200 with an ellipsis."""
    kept = text.translate(WITHOUT_CONTROLS)
    return kept[:200] + ("…" if len(kept) > 200 else "")


def paragraph(text):
    """SafeText.paragraph: controls, spaces and soft hyphens one space, ends trimmed."""
    out, last_space = [], True
    for count, c in enumerate(text, 1):
        if count > 2000:
            out.append("…")
            break
        if is_control(c) or c == " " or c == "\u00ad":
            if not last_space:
                out.append(" ")
            last_space = True
        else:
            out.append(c)
            last_space = False
    if out and out[-1] == " ":
        out.pop()
    return "".join(out)


def words(slug):
    """DisplayName.words: `water-stone` → `Water Stone`."""
    parts = [p for p in line(slug).replace(" ", "-").split("-") if p]
    return " ".join(p[:1].upper() + p[1:] for p in parts)


def capitalised(slug):
    """DisplayName.of: `mr-mime` → `Mr-Mime`."""
    out, start = [], True
    for c in line(slug):
        if c in "- ":
            out.append(c)
            start = True
        else:
            out.append(c.upper() if start else c)
            start = False
    return "".join(out)


def stat_words(slug):
    """DisplayName.stat."""
    return {"hp": "HP", "attack": "Attack", "defense": "Defense", "special-attack": "Sp. Atk",
            "special-defense": "Sp. Def", "speed": "Speed"}.get(slug) or words(slug)


# --- The language rule (Sources/Models/Language.swift) -----------------------------------------

def translation_pick(entries, language, code, last=False):
    """Translation.pick: (entry, fell back to English) or None."""
    def find(wanted):
        found = [e for e in entries if code(e).lower() == wanted]
        return (found[-1] if last else found[0]) if found else None
    for wanted in [language] + NEAR.get(language, []):
        entry = find(wanted)
        if entry is not None:
            return entry, False
    if language == "en":
        return None
    entry = find("en")
    return (entry, True) if entry is not None else None


def name_pick(names, language):
    """LocalName.pick: the first non-empty name in the language, near, else English."""
    picked = translation_pick([n for n in names if line(n["name"])], language,
                              lambda n: n["language"]["name"])
    return (line(picked[0]["name"]), picked[1]) if picked else None


def by_language(names):
    """The name tables' `byLanguage`: the first name of each language, lowercased code."""
    table = {}
    for entry in names:
        table.setdefault(entry["language"]["name"].lower(), entry["name"])
    return table


def language_pick(table, language):
    """Language.pick(from:)."""
    for code in [language] + NEAR.get(language, []) + ["en"]:
        if code in table:
            return table[code]
    return None


def localized(entries):
    """Localized.decode: (text, short, language, game), the last of each language and game."""
    last, order = {}, []
    for e in entries or []:
        text = next((e.get(k) for k in ("name", "effect", "flavor_text", "text", "description",
                                         "short_effect") if e.get(k) is not None), None)
        if text is None:
            continue
        game = (e.get("version_group") or e.get("version") or {}).get("name")
        key = (e["language"]["name"], game)
        if key not in last:
            order.append(key)
        last[key] = (text, e.get("short_effect"), e["language"]["name"], game)
    return [last[k] for k in order]


class Localizer:
    """Sources/Pages/Texts.swift `Localizer`: picks a page's texts, noting a fallback."""

    def __init__(self, language, orders):
        self.language, self.orders, self.fell_back = language, orders, False

    def _pick(self, entries, short, as_line, by_order):
        field = 1 if short else 0
        usable = [e for e in entries if e[field] is not None and line(e[field])]
        found = translation_pick(usable, self.language, lambda e: e[2], last=True)
        if not found:
            return None
        entry, fallback = found
        if by_order:
            same = [e for e in usable if e[2] == entry[2]]
            entry = max(enumerate(same), key=lambda t: (self.orders.get(t[1][3], -10**9), t[0]))[1]
        if fallback:
            self.fell_back = True
        return line(entry[field]) if as_line else paragraph(entry[field])

    def name(self, raw_names, slug):
        text = self._pick(localized(raw_names), False, True, False)
        if text is None:
            self.fell_back = True
            return words(slug)
        return text

    def text(self, raw_entries):
        """A flavour text: the newest game's by the games' order."""
        return self._pick(localized(raw_entries), False, False, True)

    def short(self, raw_entries):
        return self._pick(localized(raw_entries), True, False, False)

    def long(self, raw_entries):
        return self._pick(localized(raw_entries), False, False, False)

    def effect(self, raw_entries):
        """The short effect, else the long one (as the pages pick it)."""
        short = self.short(raw_entries)
        return self.long(raw_entries) if short is None else short


# --- The data --------------------------------------------------------------------------------

groups = [g["name"] for g in index("version-group")]
prefetch(f"version-group/{g}/" for g in groups)
orders = {g: get(f"version-group/{g}/")["order"] for g in groups}
versions_of = {g: [v["name"] for v in get(f"version-group/{g}/")["versions"]] for g in groups}
group_of = {v: g for g, vs in versions_of.items() for v in vs}
prefetch(f"version/{v}/" for v in group_of)

spread = {
    "move": ["thunderbolt"] + [m["name"] for m in index("move")][::31],
    "ability": ["static"] + [a["name"] for a in index("ability")][::12],
    "item": ["tm01", "lucky-egg", "leftovers", "master-ball"] + [i["name"] for i in index("item")][::80],
    "type": [t["name"] for t in index("type")],
    "nature": [n["name"] for n in index("nature")],
}


def last_is_not_newest(raw, language):
    """Whether the newest flavour text by the games' order is not the last listed."""
    return (Localizer(language, orders).text(raw.get("flavor_text_entries"))
            != Localizer(language, {}).text(raw.get("flavor_text_entries")))


# Every ability, move and item whose newest text in one of the languages is not the last the
# API lists: those tell the games' order from the listing.
disordered = []
for kind in ("ability", "move", "item"):
    everything = [r["name"] for r in index(kind)]
    prefetch(f"{kind}/{name}/" for name in everything)
    for name in everything:
        for language in LANGUAGES:
            if last_is_not_newest(get(f"{kind}/{name}/"), language):
                disordered.append((kind, name, language))
                spread[kind].append(name)
spread = {kind: list(dict.fromkeys(names)) for kind, names in spread.items()}
prefetch(f"{kind}/{name}/" for kind, names in spread.items() for name in names)
prefetch([f"pokemon-species/{n}/" for n in SPECIES] + [f"pokemon/{n}/" for n in SPECIES])
type_slugs = [t["name"] for t in index("type")]
stat_slugs = [s["name"] for s in index("stat")]
prefetch([f"type/{t}/" for t in type_slugs] + [f"stat/{s}/" for s in stat_slugs])
prefetch(f"ability/{a['ability']['name']}/" for n in SPECIES for a in get(f"pokemon/{n}/")["abilities"])
prefetch(f"item-category/{get(f'item/{i}/')['category']['name']}/" for i in spread["item"]
         if get(f"item/{i}/").get("category"))
mentioned = set()
for name in spread["ability"]:
    mentioned |= {ident(p["pokemon"]["url"]) for p in get(f"ability/{name}/")["pokemon"]}
for name in spread["move"]:
    mentioned |= {ident(p["url"]) for p in get(f"move/{name}/")["learned_by_pokemon"]}
for name in spread["type"]:
    mentioned |= {ident(p["pokemon"]["url"]) for p in get(f"type/{name}/")["pokemon"]}
for name in spread["item"]:
    mentioned |= {ident(h["pokemon"]["url"]) for h in get(f"item/{name}/")["held_by_pokemon"]}
# The species the mirror serves (the others answer 404: pokedex has no name for them).
prefetch(f"pokemon-species/{n}/" for n in sorted(mentioned) if n < 10000)

species_table = {}
for n in range(1, 10000):
    body = _cache.get(f"pokemon-species/{n}/")
    if body:
        species_table[n] = by_language(body["names"])
type_table = {t: by_language(get(f"type/{t}/")["names"]) for t in type_slugs}
stat_table = {s: by_language(get(f"stat/{s}/")["names"]) for s in stat_slugs}


class Glossary:
    """Sources/Models/Glossary.swift, from the session's tables (SessionLanguage.currentGlossary)."""

    def __init__(self, language):
        self.language = language

    def species(self, n):
        name = language_pick(species_table.get(n, {}), self.language) if n < 10000 else None
        return line(name) if name is not None else None

    def type(self, slug):
        name = language_pick(type_table.get(slug, {}), self.language)
        return line(name) if name is not None else words(slug)

    def stat(self, slug):
        name = language_pick(stat_table.get(slug, {}), self.language)
        return line(name) if name is not None else stat_words(slug)

    def note(self):
        return f"Shown in English where PokéAPI has no {ENGLISH_NAME[self.language]} text."


def game_name(group, language):
    """A game by its versions' names (GameNames.game): None when one has no name at all."""
    names = [name_pick(get(f"version/{v}/")["names"], language) for v in versions_of.get(group, [])]
    return " / ".join(n[0] for n in names) if names and all(names) else None


def fill_chance(text, chance):
    """MovePage.fillingChance."""
    if chance is None:
        return text.replace("$effect_chance% ", "").replace("$effect_chance", "")
    return text.replace("$effect_chance", str(chance))


# --- The checks ------------------------------------------------------------------------------

problems = []
kinds = Counter()
checked = 0


def expect(kind, label, got, wanted):
    """One check; `kind` (`ability displayName`) tallies the mismatches."""
    global checked
    checked += 1
    if got != wanted:
        kinds[kind] += 1
        problems.append(f"{label}: pokedex {got!r}, the API {wanted!r}")


def squeezed(text):
    return None if text is None else "".join(text.split())


def expect_text(kind, label, got, wanted):
    """A text (flavour, effect, genus): which one was chosen, whatever spaces join its lines
    (how a line break between wide characters is shown is SafeText.paragraph's to say)."""
    global checked
    checked += 1
    if squeezed(got) != squeezed(wanted):
        kinds[kind] += 1
        problems.append(f"{label}: pokedex {got!r}, the API {wanted!r}")


def check_listed(kind, label, listed, glossary):
    """Species listed on a page: a displayName exactly when pokedex has the name of a species."""
    for entry in listed:
        wanted = glossary.species(entry["id"])
        expect(f"{kind} listed species displayName", f"{label}: #{entry['id']} displayName",
               entry.get("displayName"), wanted)


def check_note(kind, label, data, glossary, fell_back):
    expect(f"{kind} fallbackNote", f"{label}: fallbackNote", data.get("fallbackNote"),
           glossary.note() if fell_back else None)


def check_ability(label, data, raw, glossary, language):
    words_ = Localizer(language, orders)
    expect("ability displayName", f"{label}: displayName", data["displayName"],
           words_.name(raw["names"], raw["name"]))
    flavor = words_.text(raw["flavor_text_entries"])
    expect_text("ability flavorText", f"{label}: flavorText", data.get("flavorText"), flavor)
    effect = words_.effect(raw["effect_entries"])
    effect = flavor if effect is None else effect
    expect_text("ability effect", f"{label}: effect", data.get("effect"), effect)
    expect("ability language", f"{label}: language", data.get("language"), language)
    check_note("ability", label, data, glossary, words_.fell_back)
    check_listed("ability", label, data["holders"] + data["hiddenHolders"], glossary)


def check_move(label, data, raw, glossary, language):
    words_ = Localizer(language, orders)
    expect("move displayName", f"{label}: displayName", data["displayName"],
           words_.name(raw["names"], raw["name"]))
    short = words_.effect(raw["effect_entries"])
    expect_text("move effect", f"{label}: effect", data.get("effect"),
           fill_chance(short, raw["effect_chance"]) if short is not None else None)
    expect_text("move flavorText", f"{label}: flavorText", data.get("flavorText"),
           words_.text(raw["flavor_text_entries"]))
    expect("move typeName", f"{label}: typeName", data.get("typeName"),
           glossary.type(raw["type"]["name"]) if raw.get("type") else None)
    expect("move language", f"{label}: language", data.get("language"), language)
    check_note("move", label, data, glossary, words_.fell_back)
    if data.get("machine"):
        expect("move machine gameName", f"{label}: machine gameName",
               data["machine"].get("gameName"), game_name(data["machine"]["versionGroup"], language))
    check_listed("move", label, data["learnedBy"], glossary)


def check_item(label, data, raw, glossary, language):
    words_ = Localizer(language, orders)
    expect("item displayName", f"{label}: displayName", data["displayName"],
           words_.name(raw["names"], raw["name"]))
    effect = words_.effect(raw["effect_entries"])
    expect_text("item effect", f"{label}: effect", data.get("effect"), effect)
    expect_text("item flavorText", f"{label}: flavorText", data.get("flavorText"),
           words_.text(raw["flavor_text_entries"]))
    expect("item language", f"{label}: language", data.get("language"), language)
    check_note("item", label, data, glossary, words_.fell_back)
    if raw.get("category"):
        category = name_pick(get(f"item-category/{raw['category']['name']}/")["names"], language)
        expect("item categoryName", f"{label}: categoryName", data.get("categoryName"),
               category[0] if category else None)
    if data.get("costGame"):
        names = [name_pick(get(f"version/{v}/")["names"], language)
                 for v in versions_of[data["costGame"]]]
        expect("item costGameName", f"{label}: costGameName", data.get("costGameName"),
               " / ".join(n[0] if n else words(v) for n, v in zip(names, versions_of[data["costGame"]])))
    check_listed("item", label, [h["species"] for h in data["heldBy"]], glossary)


def check_type(label, data, raw, glossary, language):
    words_ = Localizer(language, orders)
    expect("type displayName", f"{label}: displayName", data["displayName"],
           words_.name(raw["names"], raw["name"]))
    relations = raw["damage_relations"]
    slugs = {t["name"] for key in ("double_damage_to", "half_damage_to", "no_damage_to",
                                   "double_damage_from", "half_damage_from", "no_damage_from")
             for t in relations[key]}
    expect("type typeNames", f"{label}: typeNames", data.get("typeNames"),
           {s: glossary.type(s) for s in slugs})
    expect("type language", f"{label}: language", data.get("language"), language)
    check_note("type", label, data, glossary, words_.fell_back)
    check_listed("type", label, data["species"] + data["forms"], glossary)


def nature_summary(raw, glossary, language):
    words_ = Localizer(language, orders)
    name = words_.name(raw["names"], raw["name"])
    stats = {}
    if raw["increased_stat"] != raw["decreased_stat"]:
        for key in ("increased_stat", "decreased_stat"):
            if raw[key]:
                stats[raw[key]["name"]] = glossary.stat(raw[key]["name"])
    return name, stats, words_.fell_back


def check_nature(label, data, raw, glossary, language):
    name, stats, _ = nature_summary(raw, glossary, language)
    expect("nature displayName", f"{label}: displayName", data["displayName"], name)
    expect("nature statNames", f"{label}: statNames", data.get("statNames"), stats)


def species_name(entry, glossary):
    """A species a workbench page lists: its name in the language, else its capitalised slug."""
    return glossary.species(entry["id"]) or capitalised(entry["name"])


def check_egg_group(label, data, raw, glossary, language):
    words_ = Localizer(language, orders)
    expect("egg-group displayName", f"{label}: displayName", data["displayName"],
           words_.name(raw["names"], raw["name"]))
    for entry in data["species"]:
        expect("egg-group species displayName", f"{label}: #{entry['id']} displayName",
               entry["displayName"], species_name(entry, glossary))
    check_note("egg-group", label, data, glossary, words_.fell_back)


def check_breed(label, data, number, glossary, language):
    raw = get(f"pokemon-species/{number}/")
    expect("breed displayName", f"{label}: displayName", data["displayName"], glossary.species(number))
    for group in raw["egg_groups"]:
        names = get(f"egg-group/{group['name']}/")["names"]
        expect("breed egg group names", f"{label}: {group['name']}",
               data["eggGroupNames"].get(group["name"]),
               Localizer(language, orders).name(names, group["name"]))
    for entry in data["breedsWith"] + [e for e in [data.get("hatchesAs")] if e]:
        expect("breed species displayName", f"{label}: #{entry['id']} displayName",
               entry["displayName"], species_name(entry, glossary))


def check_stats(label, data, arg, glossary, language):
    number, nature = arg
    expect("stats displayName", f"{label}: displayName", data["displayName"], glossary.species(number))
    expect("stats names", f"{label}: stat names", [r["name"] for r in data["rows"]],
           [glossary.stat(r["stat"]) for r in data["rows"]])
    expect("stats natureName", f"{label}: natureName", data.get("natureName"),
           Localizer(language, orders).name(get(f"nature/{nature}/")["names"], nature))


def check_dex(label, data, raw, glossary, language):
    picked = name_pick(raw["names"], language)
    expect("dex displayName", f"{label}: displayName", data["displayName"],
           picked[0] if picked else words(raw["name"]))
    for entry in data["entries"]:
        species = entry["species"]
        expect("dex species displayName", f"{label}: #{species['id']} displayName",
               species.get("displayName"), glossary.species(species["id"]))
    check_note("dex", label, data, glossary, picked is None or picked[1])


def check_team(label, data, glossary):
    for member in data["members"]:
        expect("team member displayName", f"{label}: #{member['id']} displayName",
               member["displayName"], glossary.species(member["id"]) or capitalised(member["name"]))
    expect("team typeNames", f"{label}: typeNames", data["typeNames"],
           {t: glossary.type(t) for t in data["typeNames"]})
    for suggestion in data["suggestions"]:
        for entry in suggestion["species"]:
            expect("team suggested species displayName", f"{label}: #{entry['id']} displayName",
                   entry.get("displayName"), glossary.species(entry["id"]))


CHECKS = {"ability": check_ability, "move": check_move, "item": check_item, "type": check_type,
          "nature": check_nature, "egg-group": check_egg_group}


def matchups(number, glossary):
    """The factors against species `number`'s default pokemon (TypeEffectiveness), by type name."""
    factors = {}
    for slot in get(f"pokemon/{number}/")["types"]:
        relations = get(f"type/{slot['type']['name']}/")["damage_relations"]
        for key, factor in (("double_damage_from", 2), ("half_damage_from", 0.5), ("no_damage_from", 0)):
            for attacker in dict.fromkeys(t["name"] for t in relations[key]):
                factors[attacker] = factors.get(attacker, 1) * factor
    return {glossary.type(t): f for t, f in factors.items() if f != 1}


def species_expectation(number, glossary, language):
    """What a detail page of species `number` shows in the language, and whether it fell back."""
    raw, pokemon = get(f"pokemon-species/{number}/"), get(f"pokemon/{number}/")
    name = name_pick(raw["names"], language)
    genus = translation_pick(raw["genera"], language, lambda g: g["language"]["name"])
    genus = (paragraph(genus[0]["genus"]), genus[1]) if genus else None
    genus = genus if genus and genus[0] else None
    # The newest Pokédex text in the language (near, else English) by the games' order.
    flavor = None
    for wanted in [language] + NEAR.get(language, []) + ["en"]:
        texts = [e for e in raw["flavor_text_entries"] if e["language"]["name"].lower() == wanted]
        if texts:
            newest = max(enumerate(texts), key=lambda t: (
                orders.get(group_of.get((t[1].get("version") or {}).get("name")), -10**9), t[0]))[1]
            flavor = (paragraph(newest["flavor_text"]), wanted == "en")
            break
    flavor = flavor if flavor and flavor[0] else None
    abilities = []
    for a in sorted(pokemon["abilities"], key=lambda a: a["slot"]):
        picked = name_pick(get(f"ability/{a['ability']['name']}/")["names"], language)
        abilities.append({"name": picked[0] if picked else words(a["ability"]["name"]),
                          "slug": a["ability"]["name"], "isHidden": a["is_hidden"],
                          "slot": a["slot"]})
    return {
        "displayName": name[0] if name else glossary.species(number) or capitalised(raw["name"]),
        "genus": genus[0] if genus else None,
        "flavorText": flavor[0] if flavor else None,
        "types": [glossary.type(t["type"]["name"]) for t in sorted(pokemon["types"], key=lambda t: t["slot"])],
        "abilities": abilities,
        "stats": [glossary.stat(s["stat"]["name"]) for s in pokemon["stats"]],
        "fellBack": (name[1] if name else True) or bool(genus and genus[1]) or bool(flavor and flavor[1]),
        "matchups": matchups(number, glossary),
    }


def check_detail(label, data, number, glossary, language):
    wanted = species_expectation(number, glossary, language)
    expect("detail id", f"{label}: id", data.get("id"), number)
    for field in ("displayName", "types"):
        expect(f"detail {field}", f"{label}: {field}", data.get(field), wanted[field])
    for field in ("genus", "flavorText"):
        expect_text(f"detail {field}", f"{label}: {field}", data.get(field), wanted[field])
    expect("detail abilities", f"{label}: abilities", data.get("abilities"), wanted["abilities"])
    expect("detail stat names", f"{label}: stat names", [s["name"] for s in data["stats"]], wanted["stats"])
    expect("detail language", f"{label}: language", data.get("language"), language)
    check_note("detail", label, data, glossary, wanted["fellBack"])
    for form in data.get("forms", []):
        if form["isDefault"]:
            expect("detail default form displayName", f"{label}: default form displayName",
                   form["displayName"], wanted["displayName"])
    shown = data.get("matchups") or {}
    got = {m["type"]: m["multiplier"] for m in shown.get("weaknesses", []) + shown.get("resistances", [])}
    got.update({t: 0 for t in shown.get("immunities", [])})
    expect("detail matchup type names", f"{label}: matchups by type name", got, wanted["matchups"])


def check_compare(label, data, numbers, glossary, language):
    wanted = [species_expectation(n, glossary, language) for n in numbers]
    for entry, number, w in zip(data["species"], numbers, wanted):
        for field in ("displayName", "types", "abilities"):
            expect(f"compare {field}", f"{label}: #{number} {field}", entry.get(field), w[field])
        expect("compare stat names", f"{label}: #{number} stat names",
               [s["name"] for s in entry["stats"]], w["stats"])
    names = set().union(*(w["matchups"] for w in wanted))
    factors = {t: [w["matchups"].get(t, 1) for w in wanted] for t in names}
    expect("compare matchup type names", f"{label}: matchups by type name",
           {m["type"]: m["factors"] for m in data["matchups"]},
           {t: f for t, f in factors.items() if len(set(f)) > 1})


def check_chart(label, data, glossary, language):
    chart = sorted((get(f"type/{t}/") for t in type_slugs), key=lambda t: t["id"])
    chart = [t for t in chart if t["id"] < 10000 and any(
        t["damage_relations"][k] for k in ("double_damage_from", "half_damage_from", "no_damage_from"))]
    picked = [name_pick(t["names"], language) for t in chart]
    expect("types labels", f"{label}: labels", data.get("labels"),
           [p[0] if p else words(t["name"]) for p, t in zip(picked, chart)])
    check_note("types", label, data, glossary, any(p is None or p[1] for p in picked))


def check_natures(label, data, glossary, language):
    fell_back = False
    for summary in data["natures"]:
        name, stats, fell = nature_summary(get(f"nature/{summary['name']}/"), glossary, language)
        fell_back = fell_back or fell
        expect("natures displayName", f"{label}: {summary['name']} displayName", summary["displayName"], name)
        expect("natures statNames", f"{label}: {summary['name']} statNames", summary.get("statNames"), stats)
    check_note("natures", label, data, glossary, fell_back)


def run(language, commands):
    home = tempfile.mkdtemp(prefix=f"pokedex-lang-{language}-")
    try:
        env = dict(os.environ, POKEDEX_API_URL=api, POKEDEX_SPRITES_URL=base + "/sprites", HOME=home)
        env.pop("POKEDEX_LANG", None)
        env.pop("XDG_CACHE_HOME", None)
        env.pop("XDG_CONFIG_HOME", None)
        result = subprocess.run(
            [binary, "--lang", language, "--output", "json", "-c", "; ".join(commands)],
            capture_output=True, text=True, timeout=600, env=env)
        return [json.loads(l) for l in result.stdout.splitlines() if l.strip()], result.stderr
    finally:
        shutil.rmtree(home, ignore_errors=True)


def command(step):
    kind, arg = step
    if kind == "compare":
        return f"compare {arg[0]} {arg[1]}"
    if kind == "stats":
        return f"stats {arg[0]} --nature {arg[1]}"
    return kind if arg is None else f"{kind} {arg}"


def plan_for(language):
    first = name_pick(get("pokemon-species/1/")["names"], language)[0]
    # A search in a language loads the species' names first, so the pages after it name the
    # species they list (a script that opens by id alone is not made to wait for them).
    plan = [("search", first)]
    # The first move names several games' machines: it loads the games' order, which the
    # ability pages then use (GameOrder.kept) to tell the newest flavour text.
    plan += [(kind, name) for kind in ("move", "ability", "item", "type", "nature") for name in spread[kind]]
    plan += [("types", None), ("natures", None)]
    plan += [("egg-group", g["name"]) for g in index("egg-group")]
    plan += [("breed", n) for n in BRED] + [("stats", (n, "jolly")) for n in BRED]
    plan += [("dex", name) for name in DEXES] + [("team", "add 6 3 9 25")]
    return plan + [("open", n) for n in SPECIES] + [("compare", pair) for pair in COMPARES]


# The sessions run two at a time (this machine's cores) while the answers already in are checked.
plans = {language: plan_for(language) for language in LANGUAGES}
sessions = concurrent.futures.ThreadPoolExecutor(2)
answers = {language: sessions.submit(run, language, [command(step) for step in plan])
           for language, plan in plans.items()}
pages = 0
for language in LANGUAGES:
    glossary = Glossary(language)
    plan = plans[language]
    commands = [command(step) for step in plan]
    results, stderr = answers[language].result()
    if len(results) != len(commands):
        problems.append(f"{language}: {len(results)} results for {len(commands)} commands; "
                        f"stderr: {stderr[:300]}")
        kinds["session"] += 1
        continue
    pages += len(results)
    for step, result in zip(plan, results):
        kind, arg = step
        label = f"{language} `{command(step)}`"
        if result["type"] == "error":
            problems.append(f"{label}: {result['data'].get('message')}")
            kinds[f"{kind} error"] += 1
            continue
        data = result["data"]
        if kind == "search":
            rows = [r for r in data["rows"] if r["id"] == 1]
            expect("search row displayName", f"{label}: #1 displayName",
                   rows[0]["displayName"] if rows else None, glossary.species(1))
        elif kind in CHECKS:
            CHECKS[kind](label, data, get(f"{kind}/{arg}/"), glossary, language)
        elif kind == "types":
            check_chart(label, data, glossary, language)
        elif kind == "natures":
            check_natures(label, data, glossary, language)
        elif kind == "open":
            check_detail(label, data, arg, glossary, language)
        elif kind == "compare":
            check_compare(label, data, arg, glossary, language)
        elif kind == "breed":
            check_breed(label, data, arg, glossary, language)
        elif kind == "stats":
            check_stats(label, data, arg, glossary, language)
        elif kind == "dex":
            check_dex(label, data, get(f"pokedex/{arg}/"), glossary, language)
        elif kind == "team":
            check_team(label, data, glossary)

# The same pages first in a session of their own (an empty HOME): no page has loaded the games'
# order yet.
cold = 0
# An item page loads the order itself whenever its texts are of several games: items are left out.
alone = [(kind, name, language) for kind, name, language in disordered if kind != "item"]
alone_answers = [sessions.submit(run, language, [f"{kind} {name}"]) for kind, name, language in alone]
for (kind, name, language), answer in zip(alone, alone_answers):
    results, stderr = answer.result()
    label = f"{language} `{kind} {name}` alone in a new session"
    if len(results) != 1 or results[0]["type"] == "error":
        problems.append(f"{label}: {results or stderr[:300]}")
        kinds[f"{kind} alone error"] += 1
        continue
    cold += 1
    expect_text(f"{kind} flavorText alone in a new session", f"{label}: flavorText",
           results[0]["data"].get("flavorText"),
           Localizer(language, orders).text(get(f"{kind}/{name}/")["flavor_text_entries"]))

for problem in problems:
    print(problem)
if kinds:
    print("by kind: " + ", ".join(f"{kind} {count}" for kind, count in kinds.most_common()))
print(f"{pages} pages in {len(LANGUAGES)} languages and {cold} alone, {checked} checks, "
      f"{len(problems)} wrong")
sys.exit(1 if problems else 0)
