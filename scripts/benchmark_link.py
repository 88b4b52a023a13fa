"""A real link for scripts/benchmark: HTTPS with HTTP/2 and gzip (nginx from Debian in front of the
mirror, a certificate from a test CA made for the run) behind a true round-trip time on every
packet.

This kernel has no netem, so the delay is made in user space, at the level of IP packets: the
clients run in a network namespace of their own whose only way out is a TUN device, and a relay
(this file, `relay` below) reads every packet from that device and from its peer in the main
namespace and writes it out to the other side half a round trip later. Every packet is delayed,
the SYN and the acknowledgements included, so a new connection pays its TCP handshake, TLS its own
round trip, and each wave of requests one more, as on the internet. A delaying TCP proxy cannot
do that: the kernel completes the client's handshake with the proxy at once.

The link's MTU is loopback's (64 KB) unless asked otherwise, so that a new connection's first
window (ten segments) holds a wave's answers, as on a link with a larger window; at 1,500 bytes,
slow start adds a round trip to the first wave of a cold command (a pokemon's answer is 300 KB,
25 KB compressed). Needs root (namespaces, TUN), `ip`, `openssl` and `nginx`
(`apt-get install nginx-light`).
"""

import argparse
import collections
import contextlib
import ctypes
import fcntl
import os
import select
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import time

CLIENT_ADDRESS = "10.203.0.2"
SERVER_ADDRESS = "10.203.0.1"
HTTPS_PORT = 8443
TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
CLONE_NEWNET = 0x40000000
PR_SET_TIMERSLACK = 29


def missing_tools():
    """What the link needs and this machine lacks (empty when it can be built)."""
    missing = [tool for tool in ("ip", "openssl", "nginx") if not shutil.which(tool)]
    if os.geteuid() != 0:
        missing.append("root (network namespaces, TUN devices)")
    elif not os.path.exists("/dev/net/tun"):
        missing.append("/dev/net/tun")
    return missing


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    return fd


def ip(*arguments, namespace=None):
    prefix = ["ip", "netns", "exec", namespace] if namespace else []
    subprocess.run(prefix + ["ip", *arguments], check=True)


def relay(ends, delay):
    """Copies every packet between the two TUN devices, each `delay` seconds late, in order.

    One thread waits with `select`, whose timeout is in microseconds, with the timer slack at
    1 µs: an event loop's timers (asyncio's are rounded up to the millisecond) released each
    packet about a millisecond late, and the link's round trip measured 102.3 ms for 100."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_TIMERSLACK, 1000, 0, 0, 0)
    queues = {end: collections.deque() for end in ends}
    other = {ends[0]: ends[1], ends[1]: ends[0]}
    while True:
        now = time.monotonic()
        for source, queue in queues.items():
            while queue and queue[0][0] <= now:
                try:
                    os.write(other[source], queue.popleft()[1])
                except OSError:
                    pass  # the other side is down: the packet is lost, as on a link
        due = [queue[0][0] for queue in queues.values() if queue]
        timeout = max(0.0, min(due) - time.monotonic()) if due else None
        readable, _, _ = select.select(ends, [], [], timeout)
        arrived = time.monotonic()
        for source in readable:
            while True:
                try:
                    packet = os.read(source, 65536)
                except BlockingIOError:
                    break
                queues[source].append((arrived + delay, packet))


def serve(args):
    """Builds the link, says `ready` on standard output, relays until SIGTERM, then tears down."""
    namespace = args.namespace
    inner, outer = "pdxc" + str(os.getpid() % 10000), "pdxs" + str(os.getpid() % 10000)
    subprocess.run(["ip", "netns", "add", namespace], check=True)
    try:
        client = open_tun(inner)
        server = open_tun(outer)
        ip("link", "set", inner, "netns", namespace)
        ip("link", "set", "lo", "up", namespace=namespace)
        ip("addr", "add", f"{CLIENT_ADDRESS}/32", "peer", SERVER_ADDRESS, "dev", inner,
           namespace=namespace)
        ip("link", "set", inner, "mtu", str(args.mtu), "up", namespace=namespace)
        ip("addr", "add", f"{SERVER_ADDRESS}/32", "peer", CLIENT_ADDRESS, "dev", outer)
        ip("link", "set", outer, "mtu", str(args.mtu), "up")
        print("ready", flush=True)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        relay((client, server), args.rtt_ms / 2000)
    finally:
        subprocess.run(["ip", "netns", "delete", namespace], stderr=subprocess.DEVNULL)


class Link:
    """The relay process; `enter()` moves the calling process into the clients' namespace, and
    `inside()` the benchmark itself for a while."""

    def __init__(self, rtt_ms, mtu):
        self.namespace = f"pokedex-bench-{os.getpid()}"
        self.rtt_ms = rtt_ms
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--namespace", self.namespace, "--rtt-ms", str(rtt_ms),
             "--mtu", str(mtu)], stdout=subprocess.PIPE)
        if self.process.stdout.readline().strip() != b"ready":
            raise SystemExit("the delayed link could not be built")

    def enter(self):
        """For a child between fork and exec: joins the clients' namespace."""
        if not self._join(f"/run/netns/{self.namespace}"):
            os._exit(126)

    @contextlib.contextmanager
    def inside(self):
        """The calling process (single-threaded) in the clients' namespace meanwhile: the commands
        it starts are spawned as any other (no Python code between fork and exec, which costs a
        timed command 3–4 ms) and are on the link from their first instruction."""
        home = f"/proc/{os.getpid()}/ns/net"
        back = os.open(home, os.O_RDONLY)
        try:
            if not self._join(f"/run/netns/{self.namespace}"):
                raise SystemExit("cannot join the link's namespace")
            yield
        finally:
            joined = ctypes.CDLL(None, use_errno=True).setns(back, CLONE_NEWNET) == 0
            os.close(back)
            if not joined:
                raise SystemExit("cannot leave the link's namespace")

    @staticmethod
    def _join(path):
        fd = os.open(path, os.O_RDONLY)
        try:
            return ctypes.CDLL(None, use_errno=True).setns(fd, CLONE_NEWNET) == 0
        finally:
            os.close(fd)

    def stop(self):
        self.process.terminate()
        self.process.wait()


def handshake_rtt(address, port, samples=21):
    """The link's true round trip as a client meets it: the median time of a TCP handshake with
    `address` (from inside the clients' namespace), in ms: the configured delay plus the relay's
    own time, twice."""
    times = []
    for _ in range(samples):
        with socket.socket() as probe:
            probe.settimeout(5)
            start = time.monotonic()
            probe.connect((address, port))
            times.append((time.monotonic() - start) * 1000)
        time.sleep(0.02)
    return statistics.median(times)


class TestCA:
    """A certificate authority made for one run, and the server's certificate it signed (for the
    link's server address). The clients trust the system's CAs plus this one, each in the form it
    reads the system's in: `bundle`, one file (pokebase, as certifi's), and `directory`, a hashed
    directory (pokedex, as Debian's /etc/ssl/certs), so that loading them costs what loading the
    system's costs."""

    def __init__(self, work):
        def openssl(*arguments):
            subprocess.run(["openssl", *arguments], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)

        self.key = os.path.join(work, "server.key")
        self.certificate = os.path.join(work, "server.pem")
        ca_key, ca_certificate = os.path.join(work, "ca.key"), os.path.join(work, "ca.pem")
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-keyout", ca_key, "-out", ca_certificate, "-days", "2",
                "-subj", "/CN=pokedex benchmark test CA")
        request = os.path.join(work, "server.csr")
        openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", self.key, "-out", request, "-subj", f"/CN={SERVER_ADDRESS}")
        extensions = os.path.join(work, "server.ext")
        with open(extensions, "w") as file:
            file.write(f"subjectAltName=IP:{SERVER_ADDRESS}\nextendedKeyUsage=serverAuth\n")
        openssl("x509", "-req", "-in", request, "-CA", ca_certificate, "-CAkey", ca_key,
                "-CAcreateserial", "-out", self.certificate, "-days", "2", "-extfile", extensions)
        self.bundle = os.path.join(work, "ca-bundle.pem")
        with open(self.bundle, "wb") as bundle:
            system = "/etc/ssl/certs/ca-certificates.crt"
            if os.path.exists(system):
                bundle.write(open(system, "rb").read())
            bundle.write(open(ca_certificate, "rb").read())
        self.directory = os.path.join(work, "ca-directory")
        os.makedirs(self.directory, exist_ok=True)
        system_directory = "/etc/ssl/certs"
        if os.path.isdir(system_directory):
            for name in os.listdir(system_directory):
                if name.endswith(".pem"):
                    os.symlink(os.path.realpath(os.path.join(system_directory, name)),
                               os.path.join(self.directory, name))
        shutil.copy(ca_certificate, os.path.join(self.directory, "pokedex-benchmark-ca.pem"))
        openssl("rehash", self.directory)


NGINX = """
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 256; }}
http {{
  log_format timing '$msec $request_time $connection $connection_requests $server_protocol '
                    '$status $body_bytes_sent "$request_uri"';
  access_log {work}/access.log timing;
  client_body_temp_path {work}/body;
  proxy_temp_path {work}/proxy;
  fastcgi_temp_path {work}/fastcgi;
  uwsgi_temp_path {work}/uwsgi;
  scgi_temp_path {work}/scgi;
  upstream mirror {{ server 127.0.0.1:{mirror_port}; keepalive 32; }}
  proxy_cache_path {work}/answers levels=1:2 keys_zone=answers:10m inactive=1d use_temp_path=off;
  server {{
    listen {address}:{port} ssl http2;
    ssl_certificate {certificate};
    ssl_certificate_key {key};
    ssl_protocols TLSv1.2 TLSv1.3;
    keepalive_timeout 300s;
    gzip on;
    gzip_types application/json;
    gzip_proxied any;
    location / {{
      proxy_pass http://mirror;
      proxy_cache answers;
      proxy_cache_valid 200 404 1d;
      proxy_cache_lock on;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host {address}:{port};
      proxy_set_header Accept-Encoding "";
      proxy_buffering on;
      proxy_buffers 64 16k;
      sub_filter_types application/json;
      sub_filter_once off;
      sub_filter "http://{address}:{port}/" "https://{address}:{port}/";
    }}
  }}
}}
"""


class Nginx:
    """nginx as the HTTPS, HTTP/2 and gzip front of the mirror on loopback (which answers
    uncompressed; its absolute URLs are rewritten to https), listening on the link's server end.
    It keeps the answers it has passed on, as the CDN in front of pokeapi.co does: a timed run
    (each command is run once before) is answered from nginx, not from the mirror, whose Python
    server makes the answer to a burst of requests wait (a listen backlog of five: the other
    connections are refused and retried a second later) and now and then holds one 40 ms.
    Its access log names each request's connection: `connections()` reads it."""

    def __init__(self, work, ca, mirror_port):
        self.work = work
        # nginx's workers (nobody) keep the answers under the run's private directory: they may
        # pass through it and its parent, not list them.
        for directory in (work, os.path.dirname(work)):
            os.chmod(directory, os.stat(directory).st_mode | 0o011)
        config = os.path.join(work, "nginx.conf")
        with open(config, "w") as file:
            file.write(NGINX.format(work=work, mirror_port=mirror_port, address=SERVER_ADDRESS,
                                    port=HTTPS_PORT, certificate=ca.certificate, key=ca.key))
        self.log = os.path.join(work, "access.log")
        self.process = subprocess.Popen(["nginx", "-p", work, "-e", os.path.join(work, "error.log"), "-c", config],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"https://{SERVER_ADDRESS}:{HTTPS_PORT}"
        for _ in range(100):
            if os.path.exists(os.path.join(work, "nginx.pid")):
                break
            time.sleep(0.05)
        else:
            raise SystemExit("nginx did not start: " + open(os.path.join(work, "error.log")).read())
        time.sleep(0.1)

    def reset(self):
        open(self.log, "w").close()
        self.process.send_signal(signal.SIGUSR1)  # reopen the log
        time.sleep(0.05)

    def requests(self):
        """(arrival in s, connection, protocol, path) of every request logged since the last
        reset, in the order they arrived (nginx logs a request when it has answered: its arrival
        is that time less the time it took)."""
        entries = []
        for line in open(self.log):
            parts = line.split(" ", 7)
            if len(parts) == 8:
                entries.append((float(parts[0]) - float(parts[1]), int(parts[2]), parts[4],
                                parts[7].strip().strip('"')))
        return sorted(entries)

    @staticmethod
    def waves(entries, rtt_ms):
        """The sizes of the waves the requests came in: a wave ends where more than half a round
        trip passes between two arrivals."""
        sizes, last = [], None
        for arrived, *_ in entries:
            if last is None or (arrived - last) * 1000 > rtt_ms / 2:
                sizes.append(0)
            sizes[-1] += 1
            last = arrived
        return sizes

    @staticmethod
    def summary(entries, rtt_ms):
        """`13 requests on 1 connection (HTTP/2.0), waves 2+2+9`."""
        connections = {connection for _, connection, _, _ in entries}
        protocols = "/".join(sorted({protocol for _, _, protocol, _ in entries}))
        return (f"{len(entries)} requests on {len(connections)} connection"
                f"{'s' if len(connections) != 1 else ''} ({protocols}), waves "
                + "+".join(str(size) for size in Nginx.waves(entries, rtt_ms)))

    def stop(self):
        self.process.terminate()
        self.process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--namespace", required=True)
    parser.add_argument("--rtt-ms", type=float, required=True)
    parser.add_argument("--mtu", type=int, default=65535)
    serve(parser.parse_args())


if __name__ == "__main__":
    main()
