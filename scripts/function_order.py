"""The driver of scripts/function-order: runs a release build through typical sessions under
callgrind and writes the functions they executed, the most shared first, to
scripts/function-order.txt.xz, the order the release link lays out its code in (xz: 9,000
mangled names are 730 KB of text, 90 KB compressed). `listed` and `functions` are also what
scripts/benchmark reads to say how much of the order a build still has."""

import argparse
import lzma
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True

# What the sessions do: (name, home, arguments, keys typed on a pseudo-terminal or None). A home
# named again is reused: its first session runs cold, later ones warm. Start-up comes first, then
# the commands people use most, each cold and then warm, so that the functions every session
# shares end up together at the front.
SESSIONS = [
    ("version", "none", ["--version"], None),
    ("help, offline", "help", ["--offline", "-c", "help; help open"], None),
    ("evolution, cold", "a", ["-c", "open 133; evolution"], None),
    ("evolution, warm", "a", ["-c", "open 133; evolution"], None),
    ("the list, cold", "a", ["-c", "list; next; page 3; filter female; filter type water; "
                              "filter gen 1; list; search char; random 2"], None),
    ("the list, warm", "a", ["-c", "list; next; page 3; filter female; filter type water; "
                             "filter gen 1; list; search char; random 2"], None),
    ("the graph, cold", "a", ["-c", "open 25; moves; where; compare 1 4 7; ability static; "
                              "move thunderbolt; type electric; types; item leftovers; "
                              "nature adamant; natures; back; info; cache; history 3"], None),
    ("the graph, warm", "a", ["-c", "open 25; moves; where; compare 1 4 7; ability static; "
                              "move thunderbolt; type electric; types; item leftovers; "
                              "nature adamant; natures; back; info; cache; history 3"], None),
    ("images", "a", ["-c", "open 25; download image; image; evolution --images"], None),
    ("French", "a", ["--lang", "fr", "-c", "open 25; evolution; type electric"], None),
    ("sync", "b", ["-c", "sync 1-3 --images"], None),
    # Ended with `quit`: a Ctrl-D typed the moment a prompt appears is sometimes lost
    # (docs/RELIABILITY.md, "Known").
    ("interactive", "a", [], [b"open eev\t\n", b"evolution\n", b"lis\t\n", b"history\n",
                              b"quit\n"]),
    ("doctor", "a", ["-c", "doctor; flags; cache"], None),
]


def run_session(binary, arguments, keys, env, out):
    command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
               binary, *arguments]
    if keys is None:
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=600)
        return
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvpe(command[0], command, env)
        except OSError:
            os._exit(127)
    try:
        for key in [b""] + keys:
            # Each line goes once the prompt is back (valgrind makes it slow to come).
            os.write(fd, key)
            seen, deadline = b"", time.monotonic() + 120
            while b"]>" not in seen and time.monotonic() < deadline:
                if select.select([fd], [], [], 1)[0]:
                    try:
                        seen += os.read(fd, 65536)
                    except OSError:
                        break
    finally:
        os.waitpid(pid, 0)
        os.close(fd)


ORDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "function-order.txt.xz")


def listed(order=ORDER):
    """The functions the order names, in its order."""
    with lzma.open(order, "rt") as file:
        return [line.strip() for line in file if line.strip() and not line.startswith("#")]


def functions(binary):
    """The functions `binary` defines (its text symbols)."""
    text = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True,
                          check=True).stdout
    return {p[2] for p in map(str.split, text.splitlines()) if len(p) == 3 and p[1] in "tTwW"}


def executed(callgrind_out):
    names = set()
    with open(callgrind_out) as file:
        for line in file:
            match = re.match(r"c?fn=\(\d+\) (.+)$", line)
            if match:
                names.add(match.group(1).strip())
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    from benchmark import Mirror  # here: benchmark imports this module

    work = tempfile.mkdtemp(prefix="pokedex-function-order-")
    mirror = Mirror(args.mirror, 0, work)
    try:
        # valgrind 3.19 cannot read the DWARF 5 the toolchain writes; the symbols are enough.
        binary = os.path.join(work, "pokedex")
        subprocess.run(["strip", "--strip-debug", "-o", binary, args.binary], check=True)
        defined = functions(binary)
        seen_in, first_seen = {}, {}
        for index, (name, home, arguments, keys) in enumerate(SESSIONS):
            env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "POKEDEX_"))}
            env.update(HOME=os.path.join(work, "home-" + home), NO_COLOR="1", LANG="C.UTF-8",
                       TERM="xterm-256color",
                       POKEDEX_API_URL=mirror.base + "/api/v2",
                       POKEDEX_SPRITES_URL=mirror.base + "/PokeAPI/sprites/master/sprites/pokemon")
            os.makedirs(env["HOME"], exist_ok=True)
            out = os.path.join(work, f"callgrind.{index}")
            started = time.monotonic()
            run_session(binary, arguments, keys, env, out)
            ran = executed(out) & defined
            print(f"{name}: {len(ran)} functions ({time.monotonic() - started:.0f} s)",
                  file=sys.stderr)
            for function in ran:
                seen_in[function] = seen_in.get(function, 0) + 1
                first_seen.setdefault(function, index)
        order = sorted(seen_in, key=lambda f: (-seen_in[f], first_seen[f], f))
        # preset 9 with no time or name in it: the same order compresses to the same bytes.
        with lzma.open(args.output, "wt", preset=9) as file:
            file.write("# The release link's order for functions (lld --symbol-ordering-file): those\n"
                       "# typical sessions execute, the most shared first. Written by\n"
                       "# scripts/function-order; a function missing from a later build is skipped.\n")
            for function in order:
                file.write(function + "\n")
        print(f"{len(order)} functions written to {args.output}", file=sys.stderr)
    finally:
        mirror.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
