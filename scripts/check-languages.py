#!/usr/bin/env python3
"""Checks pokedex in other languages against the raw data of a PokéAPI mirror (issue 22).

Usage: check-languages.py BINARY BASE_URL

For several languages, runs one pokedex session each (--lang CODE --output json) that opens a
spread of species by id and again by their names in that language, and shows an ability, a
move, an item, a nature and a type; compares every name and text with the resources themselves
(the language's, else its near language's, else English, as pokedex documents). Prints one line
per mismatch and a summary; exits 1 when anything is wrong.
"""
import json
import subprocess
import sys
import unicodedata
import urllib.request

binary, base = sys.argv[1], sys.argv[2].rstrip("/")
api = base + "/api/v2"
LANGUAGES = ["ja", "ko", "zh-hant", "fr", "de", "es"]
NEAR = {"ja": ["ja-hrkt"], "ja-hrkt": ["ja"], "es-419": ["es"]}
SPECIES = [1, 4, 25, 39, 52, 83, 122, 133, 143, 150]
PAGES = [("ability", "static"), ("move", "thunderbolt"), ("item", "leftovers"),
         ("nature", "timid"), ("type", "fire")]


def get(path):
    with urllib.request.urlopen(api + "/" + path) as answer:
        return json.load(answer)


def pick(entries, key, language, last=False):
    """The entry's text in the language, its near ones, else English; and whether English."""
    def find(code):
        found = [e[key] for e in entries if e["language"]["name"].lower() == code]
        return (found[-1] if last else found[0]) if found else None
    for code in [language] + NEAR.get(language, []):
        text = find(code)
        if text is not None:
            return text, False
    return find("en"), True


def words(text):
    # Texts are compared without their white space: the games cut them into short lines, which
    # pokedex joins as the language separates words (a space, an ideographic space in Japanese,
    # nothing in Chinese).
    return "".join((text or "").split())


problems = []
checked = 0


def expect(what, got, wanted):
    global checked
    checked += 1
    if words(got) != words(wanted):
        problems.append(f"{what}: got {got!r}, the API has {wanted!r}")


def run(language, commands):
    answer = subprocess.run(
        [binary, "--lang", language, "--output", "json", "-c", "; ".join(commands)],
        capture_output=True, text=True, timeout=300)
    return [json.loads(line) for line in answer.stdout.splitlines() if line.strip()]


species = {n: get(f"pokemon-species/{n}/") for n in SPECIES}
pokemon = {n: get(f"pokemon/{n}/") for n in SPECIES}
types = {}
for language in LANGUAGES:
    commands = [f"open {n}" for n in SPECIES]
    names = {}
    for n in SPECIES:
        name, _ = pick(species[n]["names"], "name", language)
        names[n] = name
        commands.append(f"open {name}")
    commands += [f"{kind} {name}" for kind, name in PAGES]
    results = run(language, commands)
    if len(results) != len(commands):
        problems.append(f"{language}: {len(results)} results for {len(commands)} commands")
        continue
    for n, result in zip(SPECIES, results[:len(SPECIES)]):
        data = result["data"]
        raw = species[n]
        where = f"{language} #{n}"
        expect(f"{where} type of result", result["type"], "detail")
        expect(f"{where} language", data.get("language"), language)
        expect(f"{where} name", data["displayName"], pick(raw["names"], "name", language)[0])
        expect(f"{where} genus", data.get("genus"), pick(raw["genera"], "genus", language)[0])
        expect(f"{where} text", data.get("flavorText"),
               pick(raw["flavor_text_entries"], "flavor_text", language, last=True)[0])
        for slot, shown in zip(sorted(pokemon[n]["types"], key=lambda t: t["slot"]), data["types"]):
            slug = slot["type"]["name"]
            if slug not in types:
                types[slug] = get(f"type/{slug}/")
            expect(f"{where} type {slug}", shown, pick(types[slug]["names"], "name", language)[0])
        fell_back = any(pick(raw[key], field, language)[1] for key, field in
                        [("names", "name"), ("genera", "genus"),
                         ("flavor_text_entries", "flavor_text")])
        expect(f"{where} English marked", str("fallbackNote" in data), str(fell_back))
    for n, result in zip(SPECIES, results[len(SPECIES):2 * len(SPECIES)]):
        expect(f"{language} open {names[n]!r}", str(result["data"].get("id")), str(n))
    for (kind, name), result in zip(PAGES, results[2 * len(SPECIES):]):
        data = result["data"]
        raw = get(f"{kind}/{name}/")
        if kind == "nature":
            expect(f"{language} {kind} {name}", data["displayName"], pick(raw["names"], "name", language)[0])
            continue
        expect(f"{language} {kind} {name}", data["displayName"], pick(raw["names"], "name", language)[0])
        expect(f"{language} {kind} {name} language", data.get("language"), language)
        if kind in ("ability", "move", "item") and raw.get("flavor_text_entries"):
            expect(f"{language} {kind} {name} text", data.get("flavorText"),
                   pick(raw["flavor_text_entries"], "flavor_text" if kind != "item" else "text",
                        language, last=True)[0].replace("\f", " ").replace("\n", " "))

for line in problems:
    print(line)
print(f"{checked} values checked in {len(LANGUAGES)} languages, {len(problems)} wrong")
sys.exit(1 if problems else 0)
