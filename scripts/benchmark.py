"""The driver of scripts/benchmark: every row of docs/PERFORMANCE.md's goals, side by side with
pokebase, interleaved run by run, as medians and ratios. Run it through scripts/benchmark."""

import argparse
import contextlib
import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import urllib.request

sys.dont_write_bytecode = True
import benchmark_link  # noqa: E402 (after the line above, so that no __pycache__ is left)
import function_order  # noqa: E402

POKEBASE = """
import sys
import pokebase.api, pokebase.cache, pokebase.common
pokebase.common.BASE_URL = sys.argv[1]
pokebase.cache.set_cache(sys.argv[2])
species = pokebase.api.get_data("pokemon-species", 133)
pokemon = pokebase.api.get_data("pokemon", 133)
chain = pokebase.api.get_data("evolution-chain", 67)
print(species["name"], pokemon["name"], chain["id"])
"""

# The same, for every resource pokedex fetched (argv[3]: a JSON list of [endpoint, id]), one
# after another, as pokebase's API does.
POKEBASE_SAME = """
import json, sys
import pokebase.api, pokebase.cache, pokebase.common
pokebase.common.BASE_URL = sys.argv[1]
pokebase.cache.set_cache(sys.argv[2])
for endpoint, id in json.loads(sys.argv[3]):
    pokebase.api.get_data(endpoint, id)
"""


# Peak memory, from a parent that is small. Linux counts in a child's peak resident memory the
# pages it had before exec, which are its parent's (a copy, or the same pages after vfork), so a
# command started straight from this script (about 27 MB of Python) could not measure below that.
# This forks the command from a bare Python (about 8 MB) and prints its peak in KB.
PEAK_MEMORY = """
import os, resource, sys
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        os.execve(sys.argv[1], sys.argv[1:], os.environ)
    except OSError:
        os._exit(127)
_, status = os.waitpid(pid, 0)
if os.waitstatus_to_exitcode(status) not in (0, 1):
    sys.exit(f"{sys.argv[1:]} failed with {status}")
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


class Mirror:
    """The recorded PokéAPI on loopback, with a latency added to every answer."""

    def __init__(self, script, latency_ms, work):
        port_file = os.path.join(work, "port")
        self.process = subprocess.Popen(
            ["python3", script, "--port-file", port_file, "--latency-ms", str(latency_ms)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.1)
        self.port = int(open(port_file).read())
        self.base = f"http://127.0.0.1:{self.port}"

    def control(self, **faults):
        request = urllib.request.Request(
            self.base + "/__control", data=json.dumps(faults).encode(), method="POST")
        urllib.request.urlopen(request).read()

    def reset(self):
        urllib.request.urlopen(urllib.request.Request(self.base + "/__reset", method="POST")).read()

    def requests(self):
        return json.load(urllib.request.urlopen(self.base + "/__stats"))["requests"]

    def stop(self):
        self.process.terminate()
        self.process.wait()


class Bench:
    """Runs pokedex and pokebase against `mirror` (anything with a `base` URL); with `link`, in
    the delayed link's namespace, trusting `ca` (a `TestCA`): pokebase its bundle, pokedex its
    hashed directory, as each reads the system's."""

    def __init__(self, args, work, mirror, link=None, ca=None):
        self.args = args
        self.work = work
        self.mirror = mirror
        self.link = link
        self.enter = link.enter if link else None
        self.pokedex_extra = {"SSL_CERT_DIR": ca.directory} if ca else {}
        self.pokebase_extra = {"REQUESTS_CA_BUNDLE": ca.bundle} if ca else {}
        self.pokebase_script = os.path.join(work, "pokebase_three.py")
        with open(self.pokebase_script, "w") as file:
            file.write(POKEBASE)
        self.pokebase_same_script = os.path.join(work, "pokebase_same.py")
        with open(self.pokebase_same_script, "w") as file:
            file.write(POKEBASE_SAME)

    def pokedex_env(self, home):
        # CA settings this machine may export would choose pokedex's certificates instead.
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "POKEDEX_"))
               and k not in ("CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR")}
        env.update(HOME=home, NO_COLOR="1", LANG="C.UTF-8",
                   POKEDEX_API_URL=self.mirror.base + "/api/v2",
                   POKEDEX_SPRITES_URL=self.mirror.base + "/PokeAPI/sprites/master/sprites/pokemon")
        env.update(self.pokedex_extra)
        return env

    def pokedex(self, home, *arguments):
        return [self.args.binary, *arguments], self.pokedex_env(home)

    def pokebase(self, cache, resources=None):
        """pokebase making the issue's three requests, or fetching `resources` ([endpoint, id])."""
        base = self.mirror.base + "/api/v2"
        env = dict(os.environ, **self.pokebase_extra)
        if resources is None:
            return [self.args.python, self.pokebase_script, base, cache], env
        command = [self.args.python, self.pokebase_same_script, base, cache, json.dumps(resources)]
        return command, env

    def run(self, command_env):
        """Runs a command; its wall time in ms."""
        command, env = command_env
        with self.link.inside() if self.link else contextlib.nullcontext():
            start = time.monotonic()
            process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            _, status = os.waitpid(process.pid, 0)
            elapsed = (time.monotonic() - start) * 1000
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            raise SystemExit(f"{command} failed with {status}")
        return elapsed

    def interleaved(self, commands, runs, prepare=None, every=None):
        """Runs each command once per round, `runs` rounds; the median time of each. A command
        `every` names runs only in one round of that many (its first, and so on)."""
        times = {name: [] for name in commands}
        for index in range(runs):
            for name, command in commands.items():
                if index % (every or {}).get(name, 1):
                    continue
                if prepare:
                    prepare(name)
                times[name].append(self.run(command))
        return {n: statistics.median(t) for n, t in times.items()}

    def peak_memory(self, commands, runs):
        """Each command's median peak resident memory in MB, interleaved over `runs` rounds,
        measured by a small Python that forks it (PEAK_MEMORY)."""
        memory = {name: [] for name in commands}
        for _ in range(runs):
            for name, (command, env) in commands.items():
                result = subprocess.run([sys.executable, "-S", "-c", PEAK_MEMORY, *command],
                                        env=env, capture_output=True, text=True)
                if result.returncode != 0:
                    raise SystemExit(f"measuring {command}: {result.stderr.strip()}")
                memory[name].append(int(result.stdout) / 1024)
        return {n: statistics.median(m) for n, m in memory.items()}

    def hyperfine_medians(self, commands, runs):
        """Medians from hyperfine (no shell); None when it is not installed."""
        if not shutil.which("hyperfine"):
            return None
        export = os.path.join(self.work, "hyperfine.json")
        arguments = ["hyperfine", "-N", "--warmup", "3", "--runs", str(runs),
                     "--export-json", export]
        for command, env in commands.values():
            arguments.append(" ".join(["env", "-i"] + [f"{k}={v}" for k, v in env.items()
                                                       if k in ("HOME", "LANG", "NO_COLOR")
                                                       or k.startswith("POKEDEX_")] + command))
        subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        results = json.load(open(export))["results"]
        return {name: result["median"] * 1000 for name, result in zip(commands, results)}

    def launch_to_prompt(self, home, runs):
        """Medians of the time from exec to the first prompt on a pseudo-terminal."""
        times = []
        env = self.pokedex_env(home)
        for _ in range(runs):
            start = time.monotonic()
            pid, fd = pty.fork()
            if pid == 0:
                os.execve(self.args.binary, [self.args.binary], env)
            seen = b""
            while b"]>" not in seen:
                ready, _, _ = select.select([fd], [], [], 10)
                if not ready:
                    raise SystemExit("no prompt within 10 s")
                try:
                    seen += os.read(fd, 4096)
                except OSError:
                    break
            times.append((time.monotonic() - start) * 1000)
            os.write(fd, b"\x04")
            os.waitpid(pid, 0)
            os.close(fd)
        return statistics.median(times)

    def first_command(self, home, line, shown, settle, before_command=None):
        """An interactive session on a pseudo-terminal: launches it, waits for the prompt and then
        `settle` seconds (the launch's own requests done), types `line`; the time until the next
        prompt after `shown` (text of the command's output) appears, in ms."""
        env = self.pokedex_env(home)
        pid, fd = pty.fork()
        if pid == 0:
            if self.enter:
                self.enter()
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
            os.execve(self.args.binary, [self.args.binary, "--no-pager"], env)

        def read_until(*markers):
            seen = b""
            for marker in markers:
                while marker not in seen:
                    ready, _, _ = select.select([fd], [], [], 20)
                    if not ready:
                        raise SystemExit(f"no {marker!r} within 20 s: {seen[-300:]!r}")
                    seen += os.read(fd, 65536)
                seen = seen[seen.index(marker) + len(marker):]

        try:
            read_until(b"]>")
            end = time.monotonic() + settle
            while (left := end - time.monotonic()) > 0:
                if select.select([fd], [], [], left)[0]:
                    os.read(fd, 65536)
            if before_command:
                before_command()
            start = time.monotonic()
            os.write(fd, line.encode() + b"\n")
            read_until(shown, b"]>")
            return (time.monotonic() - start) * 1000
        finally:
            os.write(fd, b"\x04")
            os.waitpid(pid, 0)
            os.close(fd)


def cold_commands(bench, cold_home, cold_pb):
    """The cold command, pokebase's three requests, and pokebase fetching every answer pokedex
    fetched (read from the log of the run just made in `cold_home`); and those answers."""
    log = open(os.path.join(cold_home, ".local", "state", "pokedex", "pokedex.log")).read()
    fetched = [[endpoint, int(id)] for endpoint, id in
               re.findall(r"GET \S+/api/v2/([a-z-]+)/(\d+)/? → 200", log)]
    return {"pokedex": bench.pokedex(cold_home, "-c", "open 133; evolution"),
            "pokebase": bench.pokebase(cold_pb),
            "pokebase, same answers": bench.pokebase(cold_pb, fetched)}, fetched


def start_from(bench, source, home, before=None):
    """`home` made a copy of `source` (a cache with the games' order), then `before` run in it."""
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(source, home)
    if before:
        bench.run(bench.pokedex(home, "-c", before))


def keep_team(home, members):
    """The team `home`'s sessions start with, as `team add` keeps it: (slug, species id) pairs."""
    directory = os.path.join(home, ".local", "share", "pokedex")
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "team.json"), "w") as file:
        json.dump({"members": [{"name": name, "species": species} for name, species in members]},
                  file)


def link_rows(args, work, runs, row):
    """The cold rows again over HTTPS, HTTP/2 and gzip (nginx) behind a true round-trip time on
    every packet (scripts/benchmark_link.py), beside pokebase on the same link, in round trips."""
    rtt = args.rtt
    missing = benchmark_link.missing_tools()
    if missing:
        row(f"HTTPS, HTTP/2 at {rtt} ms RTT", "not measured: needs " + ", ".join(missing))
        return
    link_work = os.path.join(work, "link")
    os.makedirs(link_work)
    mirror = Mirror(args.mirror, 0, link_work)
    link = nginx = None
    try:
        link = benchmark_link.Link(rtt, args.mtu)
        ca = benchmark_link.TestCA(link_work)
        nginx = benchmark_link.Nginx(link_work, ca, mirror.port)
        bench = Bench(args, work, nginx, link=link, ca=ca)
        cold_home = os.path.join(work, "link-cold")
        cold_pb = os.path.join(work, "link-pokebase-cold")

        def fresh(name):
            shutil.rmtree(cold_home if name == "pokedex" else cold_pb, ignore_errors=True)

        def trips(ms):
            return f"{ms / rtt:.2f} round trips"

        with link.inside():
            measured = benchmark_link.handshake_rtt(benchmark_link.SERVER_ADDRESS,
                                                    benchmark_link.HTTPS_PORT)
        row("the link's round trip, measured (a TCP handshake, median of 21)",
            f"{measured:.1f} ms: the floor of 5 round trips is {5 * measured:.0f} ms")

        # One cold command, its requests as nginx saw them: connections, protocol, waves.
        fresh("pokedex")
        nginx.reset()
        bench.run(bench.pokedex(cold_home, "-c", "open 133; evolution"))
        seen = benchmark_link.Nginx.summary(nginx.requests(), rtt)
        cold, fetched = cold_commands(bench, cold_home, cold_pb)
        # pokebase's commands once too, so that nginx holds what they ask for, as it holds what
        # pokedex asked for above: every timed run is answered from nginx.
        for name in ("pokebase", "pokebase, same answers"):
            fresh(name)
            bench.run(cold[name])
        # pokedex in every round, 15 at least (the row is read against 5.3 round trips, and a
        # median of 5 runs moved by ±5 ms from one benchmark to the next); pokebase, 1.3 and 5 s
        # a run, in one round of three.
        pokebase_every = {"pokebase": 3, "pokebase, same answers": 3}
        times = bench.interleaved(cold, max(15, runs), prepare=fresh, every=pokebase_every)
        label = f"HTTPS, HTTP/2, gzip at {rtt} ms RTT"
        row(f"cold `open 133; evolution`, {label}",
            f"{times['pokedex']:.0f} ms, {trips(times['pokedex'])}",
            f"{times['pokebase']:.0f} ms, {trips(times['pokebase'])}",
            f"{times['pokebase'] / times['pokedex']:.2f}×",
            f"≤ 5.3 round trips, ≥ 2× (pokedex: {seen})")
        row(f"cold, pokebase fetching the same {len(fetched)} answers, {label}",
            f"{times['pokedex']:.0f} ms",
            f"{times['pokebase, same answers']:.0f} ms, {trips(times['pokebase, same answers'])}",
            f"{times['pokebase, same answers'] / times['pokedex']:.2f}×")

        # The first command of an interactive session: the launch's connection is reused.
        launch = {}

        def remember_launch():
            launch["connections"] = {entry[1] for entry in nginx.requests()}
            nginx.reset()

        firsts, reused = [], True
        for _ in range(max(5, runs // 3)):
            fresh("pokedex")
            nginx.reset()
            firsts.append(bench.first_command(
                cold_home, "open 133; evolution", b"Vaporeon", settle=12 * rtt / 1000 + 0.5,
                before_command=remember_launch))
            entries = nginx.requests()
            reused &= {entry[1] for entry in entries} <= launch["connections"]
        first = statistics.median(firsts)
        row(f"interactive: the first command after launch, cold, {label}",
            f"{first:.0f} ms, {trips(first)}",
            ratio=f"{(times['pokedex'] - first) / rtt:.2f} round trips less than `-c`; "
            + ("every request on the launch's connection" if reused
               else "a new connection was opened"),
            goal="no TCP or TLS round trip")

        # The pages whose requests come in one wave: a learnset's moves, a filter's lists.
        games_home = os.path.join(work, "link-games")
        bench.run(bench.pokedex(games_home, "-c", "open 1; moves"))
        for line, before in [("open 25; moves", "open 25"),
                             ("filter type water; filter gen 1", None),
                             ("filter dex kanto", None), ("team", None)]:
            def from_games(_):
                start_from(bench, games_home, cold_home, before)
                if line == "team":
                    keep_team(cold_home, [("charizard", 6), ("venusaur", 3), ("blastoise", 9)])
            from_games(None)
            nginx.reset()
            bench.run(bench.pokedex(cold_home, "-c", line))
            seen = benchmark_link.Nginx.summary(nginx.requests(), rtt)
            cold_times = bench.interleaved(
                {line: bench.pokedex(cold_home, "-c", line)}, max(5, runs // 3),
                prepare=from_games)
            row(f"cold `{line}`" + (f" after `{before}`" if before else "")
                + f", the games' order kept, {label}",
                f"{cold_times[line]:.0f} ms, {trips(cold_times[line])}", ratio=seen,
                goal={"open 25; moves": "one wave for the moves",
                      "team": "3 waves: the members' species beside the types' list, their pokemon "
                              "beside the types, then what the details name"}.get(
                    line, "one round trip per filter"))
    finally:
        if nginx:
            nginx.stop()
        if link:
            link.stop()
        mirror.stop()


def fill_cache(database, target_bytes):
    """Adds filler answers (each the size of a full species) until the file holds target_bytes."""
    connection = sqlite3.connect(database)
    body = b"x" * 47_000
    count = target_bytes // len(body)
    connection.executemany(
        "INSERT OR REPLACE INTO response (key, status, body, etag, storedAt, expiresAt)"
        " VALUES (?, 200, ?, NULL, ?, ?)",
        [(f"http://filler.test/{index}", body, time.time(), time.time() + 86400)
         for index in range(count)])
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--latency", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="fewer runs, no sync")
    parser.add_argument("--rtt", type=int, default=100,
                        help="the round-trip time of the HTTPS link, in ms")
    parser.add_argument("--mtu", type=int, default=65535, help="the HTTPS link's MTU")
    parser.add_argument("--link-only", action="store_true",
                        help="only the rows over the HTTPS link")
    parser.add_argument("--no-link", action="store_true", help="no rows over the HTTPS link")
    args = parser.parse_args()
    runs = 7 if args.quick else 21
    work = tempfile.mkdtemp(prefix="pokedex-bench-")
    mirror = Mirror(args.mirror, args.latency, work)
    bench = Bench(args, work, mirror)
    rows = []

    def row(measure, pokedex, pokebase="", ratio="", goal=""):
        rows.append((measure, pokedex, pokebase, ratio, goal))
        print(f"  {measure}: {pokedex} {pokebase} {ratio}", flush=True)

    def table():
        print()
        print("| measure | pokedex | pokebase | ratio | goal |")
        print("|---|---|---|---|---|")
        for measure, pokedex, pokebase, ratio, goal in rows:
            print(f"| {measure} | {pokedex} | {pokebase} | {ratio} | {goal} |")

    if args.link_only:
        try:
            link_rows(args, work, runs, row)
            table()
        finally:
            mirror.stop()
            shutil.rmtree(work, ignore_errors=True)
        return

    try:
        home = os.path.join(work, "warm")
        pb_cache = os.path.join(work, "pokebase-warm")
        bench.run(bench.pokedex(home, "-c", "open 133; evolution"))
        bench.run(bench.pokebase(pb_cache))
        mirror.reset()
        warm = {"pokedex": bench.pokedex(home, "-c", "open 133; evolution"),
                "pokebase": bench.pokebase(pb_cache)}
        times = bench.interleaved(warm, runs)
        memory = bench.peak_memory(warm, runs)
        if mirror.requests() != 0:
            print("  warning: a warm run made requests")
        row("warm `open 133; evolution`", f"{times['pokedex']:.1f} ms",
            f"{times['pokebase']:.1f} ms", f"{times['pokebase'] / times['pokedex']:.1f}×",
            "≤ 35 ms and ≥ 6×")
        row("peak RSS, warm", f"{memory['pokedex']:.1f} MB", f"{memory['pokebase']:.1f} MB",
            f"{memory['pokedex'] / memory['pokebase']:.2f}", "≤ 30 MB, ≤ pokebase")
        # The release link lays the code out in this order; functions gone since it was written
        # leave the code commands run less packed (scripts/function-order writes it again).
        listed = function_order.listed()
        found = len(set(listed) & function_order.functions(args.binary))
        row("functions of scripts/function-order.txt.xz in this build",
            f"{found:,} of {len(listed):,}", "", "", "most: else run scripts/function-order")
        warm_pokedex = times["pokedex"]

        cold_home = os.path.join(work, "cold")
        cold_pb = os.path.join(work, "pokebase-cold")

        def fresh(name):
            shutil.rmtree(cold_home if name == "pokedex" else cold_pb, ignore_errors=True)

        fresh("pokedex")

        # What a cold pokedex fetches, from its log: pokebase fetches the same in the last row.
        bench.run(bench.pokedex(cold_home, "-c", "open 133; evolution"))
        cold, fetched = cold_commands(bench, cold_home, cold_pb)
        # pokebase's commands once too, so that nginx holds what they ask for, as it holds what
        # pokedex asked for above: every timed run is answered from nginx.
        for name in ("pokebase", "pokebase, same answers"):
            fresh(name)
            bench.run(cold[name])
        times = bench.interleaved(cold, max(5, runs // 3), prepare=fresh)
        trips = (times["pokedex"] - warm_pokedex) / args.latency
        row(f"cold, same command, at {args.latency} ms", f"{times['pokedex']:.0f} ms",
            f"{times['pokebase']:.0f} ms", f"{times['pokebase'] / times['pokedex']:.1f}×",
            f"≤ 2 round trips + 60 ms, ≥ 2× (pokedex: {len(fetched)} requests, "
            f"{trips:.2f} round trips over warm)")
        row(f"cold, pokebase fetching the same {len(fetched)} answers", f"{times['pokedex']:.0f} ms",
            f"{times['pokebase, same answers']:.0f} ms",
            f"{times['pokebase, same answers'] / times['pokedex']:.1f}×")
        if not args.no_link:
            link_rows(args, work, runs, row)

        # The pages of issue 20: warm, beside the warm command; cold, in round trips over warm.
        pages = {"ability static": "ability static", "move thunderbolt": "move thunderbolt",
                 "type fire": "type fire", "types": "types", "natures": "natures",
                 "item leftovers": "item leftovers", "open 25; moves": "open 25; moves",
                 "berry cheri": "berry cheri",
                 "stats 6 --nature timid --evs 252spa": "stats 6 --nature timid --evs 252spa",
                 "breed 25": "breed 25", "egg-group field": "egg-group field",
                 "team": "team", "dex kanto": "dex kanto"}
        # A team to show (an error once it is there).
        bench.run(bench.pokedex(home, "-c", "team add 6 3 9"))
        for line in pages.values():
            bench.run(bench.pokedex(home, "-c", line))
        mirror.reset()
        warm_pages = {"open 133; evolution": bench.pokedex(home, "-c", "open 133; evolution")}
        warm_pages.update({name: bench.pokedex(home, "-c", line) for name, line in pages.items()})
        times = bench.interleaved(warm_pages, runs)
        if mirror.requests() != 0:
            print("  warning: a warm page made requests")
        baseline = times.pop("open 133; evolution")
        slowest = max(times, key=times.get)
        row("warm pages (" + ", ".join(f"`{n}` {t:.1f}" for n, t in times.items()) + " ms)",
            f"slowest {times[slowest]:.1f} ms", ratio=f"{times[slowest] - baseline:+.1f} ms "
            f"vs {baseline:.1f} ms", goal="within 5 ms of warm `open 133; evolution`")
        for name in ["ability static", "type fire", "move thunderbolt", "open 25; moves"]:
            def fresh_cold(_):
                shutil.rmtree(cold_home, ignore_errors=True)
            mirror.reset()
            bench.run(bench.pokedex(cold_home, "-c", pages[name]))
            requests = mirror.requests()
            shutil.rmtree(cold_home, ignore_errors=True)
            cold_times = bench.interleaved(
                {name: bench.pokedex(cold_home, "-c", pages[name])}, max(5, runs // 3),
                prepare=fresh_cold)
            over = (cold_times[name] - times[name]) / args.latency
            row(f"cold `{name}`, at {args.latency} ms", f"{cold_times[name]:.0f} ms",
                ratio=f"{over:.2f} round trips over warm, {requests} requests",
                goal={"type fire": "1 round trip",
                      "ability static": "2 round trips (its texts' games, for the newest)",
                      "move thunderbolt": "the games its machines and texts name, then the machine",
                      }.get(name, "the moves together: ≤ 2 round trips after the pokemon (HTTP/2)"))
        # The same two once the games' order is kept (a day, once per cache): a cache that has
        # shown another move's page.
        games_home = os.path.join(work, "games")
        bench.run(bench.pokedex(games_home, "-c", "open 1; moves"))
        for name in ["move thunderbolt", "open 25; moves"]:
            def from_games(_):
                shutil.rmtree(cold_home, ignore_errors=True)
                shutil.copytree(games_home, cold_home)
            from_games(None)
            mirror.reset()
            bench.run(bench.pokedex(cold_home, "-c", pages[name]))
            requests = mirror.requests()
            cold_times = bench.interleaved(
                {name: bench.pokedex(cold_home, "-c", pages[name])}, max(5, runs // 3),
                prepare=from_games)
            over = (cold_times[name] - times[name]) / args.latency
            row(f"cold `{name}`, the games' order kept, at {args.latency} ms",
                f"{cold_times[name]:.0f} ms",
                ratio=f"{over:.2f} round trips over warm, {requests} requests",
                goal="2 round trips (the machine is named by the move)" if name.startswith("move")
                else "≤ 2 round trips after the pokemon (HTTP/2), six in flight otherwise")

        # Issue 21: a filtered page warm beside a plain one; cold, where and compare.
        explore = {"list": "list", "filter type water": "filter type water",
                   "filter gen 1": "filter gen 1", "filter dex kanto": "filter dex kanto",
                   "filter type water; filter gen 1": "filter type water; filter gen 1",
                   "open 25; where": "open 25; where", "compare 6 9": "compare 6 9",
                   "open 25": "open 25",
                   "stats 6 --nature timid": "stats 6 --nature timid", "breed 25": "breed 25",
                   "team": "team"}
        for line in explore.values():
            bench.run(bench.pokedex(home, "-c", line))
        times = bench.interleaved(
            {name: bench.pokedex(home, "-c", line) for name, line in explore.items()}, runs)
        for name in ["filter type water", "filter gen 1", "filter dex kanto"]:
            row(f"warm `{name}` vs `list`", f"{times[name]:.1f} vs {times['list']:.1f} ms",
                ratio=f"{times[name] - times['list']:+.1f} ms", goal="within 5 ms of a plain page")
        for name, before in [("filter type water; filter gen 1", None), ("filter dex kanto", None),
                             ("open 25; where", "open 25"),
                             ("compare 6 9", None), ("stats 6 --nature timid", None),
                             ("breed 25", None), ("team", None)]:
            def cold_explore(_):
                start_from(bench, games_home, cold_home, before)
                if name == "team":
                    keep_team(cold_home, [("charizard", 6), ("venusaur", 3), ("blastoise", 9)])
            cold_explore(None)
            mirror.reset()
            bench.run(bench.pokedex(cold_home, "-c", explore[name]))
            requests = mirror.requests()
            cold_times = bench.interleaved(
                {name: bench.pokedex(cold_home, "-c", explore[name])}, max(5, runs // 3),
                prepare=cold_explore)
            warm = times[name] if before is None else times[name]
            over = (cold_times[name] - warm) / args.latency
            row(f"cold `{name}`" + (f" after `{before}`" if before else "")
                + f", the games' order kept, at {args.latency} ms", f"{cold_times[name]:.0f} ms",
                ratio=f"{over:.2f} round trips over warm, {requests} requests",
                goal={"filter type water; filter gen 1": "one round trip per filter",
                      "filter dex kanto": "one round trip (the Pokédex names its species)",
                      "open 25; where": "2 round trips (encounters, then the places)",
                      "compare 6 9": "the two species together",
                      "stats 6 --nature timid": "as `open 6`, the nature beside it",
                      "breed 25": "as `open 25`, then its chain, egg groups and moves together, "
                                  "then the egg moves' names",
                      "team": "as `open` of each member, the type chart (2 round trips) "
                              "beside them; six in flight over HTTP/1.1"}[name])

        # `find` (issue 52): warm beside the list; the index built again from the synced cache
        # (offline, its tables dropped before each run), per species; its size on disk.
        find_home = os.path.join(work, "find")
        shutil.copytree(home, find_home)
        mirror.control(latency_ms=0)
        bench.run(bench.pokedex(find_home, "-c", "find type:water spe>100"))
        mirror.control(latency_ms=args.latency)
        finds = {"list": "list", "find type:water spe>100": "find type:water spe>100",
                 "find moves type:fire power>=90": "find moves type:fire power>=90",
                 "find learns:ice-beam -type:water sort:-spa":
                     "find learns:ice-beam -type:water sort:-spa"}
        for line in finds.values():
            bench.run(bench.pokedex(find_home, "-c", line))
        mirror.reset()
        times = bench.interleaved(
            {name: bench.pokedex(find_home, "-c", line) for name, line in finds.items()}, runs)
        asked = mirror.requests()
        for name in list(finds)[1:]:
            row(f"warm `{name}` vs `list`", f"{times[name]:.1f} vs {times['list']:.1f} ms",
                ratio=f"{times[name] - times['list']:+.1f} ms, {asked} requests in all",
                goal="within 10 ms of `list`")
        database = os.path.join(find_home, ".cache", "pokedex", "responses.sqlite")

        def forget_index(_):
            with contextlib.closing(sqlite3.connect(database)) as db, db:
                db.execute("UPDATE find_meta SET value = '0' WHERE key = 'schema'")
        built = bench.interleaved(
            {"index": bench.pokedex(find_home, "--offline", "-c", "find type:water")},
            max(3, runs // 3), prepare=forget_index)["index"]
        with contextlib.closing(sqlite3.connect(database)) as db:
            species, pokemon, moves, learned = db.execute(
                "SELECT (SELECT COUNT(*) FROM find_species), (SELECT COUNT(*) FROM find_pokemon),"
                " (SELECT COUNT(*) FROM find_move), (SELECT COUNT(*) FROM find_learn)").fetchone()
            size = db.execute(
                "SELECT SUM(pgsize) FROM dbstat WHERE name GLOB 'find_*'").fetchone()[0]
        row(f"`find`'s index built from the synced cache ({species} species, {pokemon} pokemon, "
            f"{moves} moves), offline", f"{built:.0f} ms",
            ratio=f"{built / max(1, pokemon):.1f} ms a pokemon: "
                  f"{built / max(1, pokemon) * 1351 / 1000:.1f} s for 1,351",
            goal="≤ 10 s for the whole Pokédex")
        row("`find`'s index on disk", f"{size / 1e6:.1f} MB",
            ratio=f"{learned} learnset rows, {size / max(1, pokemon) / 1e3:.0f} KB a pokemon",
            goal="said in the README")

        # The game's facts (issue 49): pages under `game red` beside the same pages without a
        # game, warm; cold, the requests each makes beyond today's (its game and generation).
        red_home = os.path.join(work, "red")
        shutil.copytree(home, red_home)
        bench.run(bench.pokedex(red_home, "-c", "game red"))
        facts = {"move bite": "move bite", "open 6": "open 6", "stats 6": "stats 6",
                 "open 25; moves": "open 25; moves", "breed 25": "breed 25",
                 "compare 6 9": "compare 6 9"}
        for line in facts.values():
            bench.run(bench.pokedex(red_home, "-c", line))
            bench.run(bench.pokedex(home, "-c", line))
        mirror.reset()
        commands = {}
        for name, line in facts.items():
            commands[name] = bench.pokedex(home, "-c", line)
            commands[name + " in Red"] = bench.pokedex(red_home, "-c", line)
        times = bench.interleaved(commands, runs)
        if mirror.requests() != 0:
            print("  warning: a warm page under a game made requests")
        row("warm pages under `game red` vs today's ("
            + ", ".join(f"`{n}` {times[n + ' in Red']:.1f} vs {times[n]:.1f}" for n in facts)
            + " ms)",
            f"slowest {max(times[n + ' in Red'] - times[n] for n in facts):+.1f} ms",
            goal="within 5 ms of the same page without a game")
        red_games = os.path.join(work, "red-games")
        bench.run(bench.pokedex(red_games, "-c", "open 1; moves"))
        for name in ["move bite", "open 6", "breed 25"]:
            counted = {}
            for label, game in (("today", None), ("Red", "red")):
                shutil.rmtree(cold_home, ignore_errors=True)
                shutil.copytree(red_games, cold_home)
                if game:
                    bench.run(bench.pokedex(cold_home, "-c", f"game {game}"))
                mirror.reset()
                bench.run(bench.pokedex(cold_home, "-c", facts[name]))
                counted[label] = mirror.requests()
            row(f"cold `{name}` under `game red`, the games' order kept: requests",
                f"{counted['Red']} vs {counted['today']} today",
                ratio=f"{counted['Red'] - counted['today']:+d}",
                goal="the game's own answers only (its version group, its chart or a species' "
                     "generation)")

        # Issue 22: warm pages in other languages beside the same pages without one. The first
        # session in a language loads every species' names (kept for good) before it is timed.
        shown = "open 25; evolution; ability static; type electric; move thunderbolt; list"
        languages = ["ja", "ko", "fr"]
        bench.run(bench.pokedex(home, "--lang", "ja", "-c", "open ピカチュウ"))
        for code in [None] + languages:
            bench.run(bench.pokedex(home, *(["--lang", code] if code else []), "-c", shown))
        mirror.reset()
        times = bench.interleaved(
            {code or "none": bench.pokedex(home, *(["--lang", code] if code else []), "-c", shown)
             for code in [None] + languages}, runs)
        if mirror.requests() != 0:
            print("  warning: a warm page in a language made requests")
        for code in languages:
            row(f"warm `{shown}` with `--lang {code}` vs without",
                f"{times[code]:.1f} vs {times['none']:.1f} ms",
                ratio=f"{times[code] - times['none']:+.1f} ms", goal="within 5 ms")

        startup = {"--version": bench.pokedex(home, "--version"),
                   "--offline -c help": bench.pokedex(home, "--offline", "-c", "help")}
        medians = bench.hyperfine_medians(startup, runs * 2)
        if medians is None:
            medians = bench.interleaved(startup, runs * 2)
        row("`pokedex --version`", f"{medians['--version']:.1f} ms", goal="≤ 20 ms")
        row("`pokedex --offline -c help`", f"{medians['--offline -c help']:.1f} ms",
            ratio=f"+{medians['--offline -c help'] - medians['--version']:.1f} ms",
            goal="within 10 ms of --version")
        row("launch to interactive prompt", f"{bench.launch_to_prompt(home, runs):.1f} ms",
            goal="≤ 30 ms")

        big_home = os.path.join(work, "big")
        shutil.copytree(home, big_home)
        database = os.path.join(big_home, ".cache", "pokedex", "responses.sqlite")
        filler = fill_cache(database, 48 << 20)
        sizes = {"small": bench.pokedex(home, "--offline", "-c", "open 133; evolution"),
                 "big": bench.pokedex(big_home, "--offline", "-c", "open 133; evolution")}
        times = bench.interleaved(sizes, runs)
        row(f"warm offline, cache of {os.path.getsize(database) >> 20} MB ({filler} answers)"
            " vs a small one", f"{times['big']:.1f} vs {times['small']:.1f} ms",
            ratio=f"+{times['big'] - times['small']:.1f} ms", goal="within 5 ms")

        if shutil.which("valgrind"):
            stripped = os.path.join(work, "pokedex-symbols")
            subprocess.run(["strip", "--strip-debug", "-o", stripped, args.binary], check=True)
            out = os.path.join(work, "callgrind.out")
            command, env = bench.pokedex(home, "-c", "open 133; evolution")
            result = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", stripped,
                 *command[1:]], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                text=True)
            counted = re.search(r"Collected : (\d+)", result.stderr)
            if counted:
                row("warm command, instructions (callgrind)", f"{int(counted.group(1)):,}")

        if not args.quick:
            sync_home = os.path.join(work, "sync")
            mirror.reset()
            elapsed = bench.run(bench.pokedex(sync_home, "-c", "sync 1-151 --images"))
            requests = mirror.requests()
            floor = requests / 6 * args.latency
            log = open(os.path.join(sync_home, ".local", "state", "pokedex", "pokedex.log")).read()
            durations = [int(ms) for ms in re.findall(r"GET \S+ → \d+ in (\d+) ms", log)]
            each = statistics.mean(durations) if durations else args.latency
            row(f"`sync 1-151 --images`, cold, {requests} requests",
                f"{elapsed / 1000:.1f} s",
                ratio=f"{elapsed / floor:.2f}× the floor ({floor / 1000:.1f} s at "
                f"{args.latency} ms), {elapsed / (requests / 6 * each):.2f}× at the "
                f"{each:.0f} ms a request took", goal="within 1.1× of the floor")

        table()
    finally:
        mirror.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
