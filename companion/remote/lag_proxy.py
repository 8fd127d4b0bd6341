"""A TCP proxy that stands for a slow, breakable internet link between a table and its broker.

Every connection made to the proxy's port is forwarded to the target (the broker). Each chunk read
from one side is written to the other ``delay`` later, in order, never reordered and never merged
with a later chunk's delay: the two directions run independently, so a reply is not held behind
the request it answers (a 100 ms delay each way is a 200 ms round trip, as on a real link).

``cut()`` drops every open connection at once (as a router going down does) and refuses new ones
until ``restore()``; chunks still in flight when the link is cut are lost, as on a real link.

In-process (tests, the benchmark)::

    with LagProxy("127.0.0.1", broker_port, delay_ms=100) as proxy:
        ...connect to proxy.port...; proxy.cut(); proxy.restore()

From the command line: ``companion remote lag-proxy`` calls :func:`main`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
import threading
from concurrent.futures import Future
from typing import Any, Self

log = logging.getLogger(__name__)

CHUNK = 64 * 1024


class LagProxy:
    """Forwards ``listen_host:listen_port`` (0: a free port, see :attr:`port`) to
    ``target_host:target_port`` with ``delay_ms`` added each way. Runs its own event loop in a
    daemon thread; every public method may be called from any thread."""

    def __init__(
        self,
        target_host: str,
        target_port: int,
        delay_ms: float,
        listen_host: str = "127.0.0.1",
        listen_port: int = 0,
    ) -> None:
        if delay_ms < 0:
            raise ValueError("the delay cannot be negative")
        self.target = (target_host, target_port)
        self.delay = delay_ms / 1000
        self.listen_host = listen_host
        self.port = listen_port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()
        self._started = False

    # -- the public face ---------------------------------------------------------------------------

    def start(self) -> int:
        """Listen (the loop starts in its thread); the port listened on."""
        if not self._started:
            self._thread.start()
            self._started = True
        self._call(self._listen())
        return self.port

    @property
    def cut_off(self) -> bool:
        """Whether the link is cut (no connection passes)."""
        return self._server is None

    @property
    def connections(self) -> int:
        """How many client connections are open through the proxy now."""
        return len(self._pipes)

    def cut(self) -> None:
        """Drop every open connection and refuse new ones (the port stops listening)."""
        self._call(self._cut())

    def restore(self) -> None:
        """Accept connections again, on the same port."""
        self._call(self._listen())

    def close(self) -> None:
        """Cut the link and stop the loop and its thread."""
        if not self._started:
            self._loop.close()
            return
        self._call(self._cut())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()
        self._started = False

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the loop's side ---------------------------------------------------------------------------

    def _call(self, coroutine: Any) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        return future.result(timeout=10)

    async def _listen(self) -> None:
        if self._server is not None:
            return
        self._server = await asyncio.start_server(
            self._accept, self.listen_host, self.port, reuse_address=True
        )
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def _cut(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.close()
            await server.wait_closed()
        pipes = list(self._pipes)
        for task in pipes:
            task.cancel()
        await asyncio.gather(*pipes, return_exceptions=True)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._server is None:  # accepted just as the link was cut
            _drop(writer)
            return
        task = asyncio.current_task()
        assert task is not None
        self._pipes.add(task)
        try:
            await self._pipe(reader, writer)
        except asyncio.CancelledError:
            pass  # cut: the connections were dropped below
        finally:
            self._pipes.discard(task)

    async def _pipe(
        self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter
    ) -> None:
        try:
            target_in, target_out = await asyncio.open_connection(*self.target)
        except (OSError, asyncio.CancelledError) as error:
            log.info("lag proxy: no connection to %s:%s: %r", *self.target, error)
            _drop(client_out)
            return
        for writer in (client_out, target_out):
            writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        directions = [
            asyncio.create_task(self._direction(client_in, target_out)),
            asyncio.create_task(self._direction(target_in, client_out)),
        ]
        try:
            await asyncio.gather(*directions)
        except (OSError, asyncio.IncompleteReadError):
            pass  # one side went away: drop both below
        finally:
            for direction in directions:
                direction.cancel()
            await asyncio.gather(*directions, return_exceptions=True)
            _drop(client_out)
            _drop(target_out)

    async def _direction(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        """Copy ``source`` to ``sink``, each chunk ``delay`` after it was read, in order: a reader
        stamps chunks into a queue, this writer waits out each stamp, so chunks in flight overlap
        (the delay is per chunk, not summed)."""
        queue: asyncio.Queue[tuple[float, bytes | None]] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        async def read() -> None:
            try:
                while chunk := await source.read(CHUNK):
                    queue.put_nowait((loop.time() + self.delay, chunk))
            except OSError:
                queue.put_nowait((loop.time(), None))  # reset: no later byte will come
                return
            queue.put_nowait((loop.time() + self.delay, b""))  # the end, delayed as well

        reading = asyncio.create_task(read())
        try:
            while True:
                due, chunk = await queue.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if chunk is None:
                    raise ConnectionResetError("the other side reset the connection")
                if not chunk:
                    if sink.can_write_eof():
                        sink.write_eof()
                    break
                sink.write(chunk)
                await sink.drain()
            await reading
        finally:
            reading.cancel()


def _drop(writer: asyncio.StreamWriter) -> None:
    """Close at once, unsent bytes discarded (a reset, as when a link goes down)."""
    with contextlib.suppress(OSError, RuntimeError):
        writer.transport.abort()


def main(
    listen_port: int,
    target_host: str,
    target_port: int,
    delay_ms: float,
    listen_host: str = "127.0.0.1",
) -> int:
    """Run a proxy on ``listen_host:listen_port`` until interrupted (SIGINT or SIGTERM). Each
    line typed on standard input — ``cut`` or ``restore`` — cuts or restores the link."""
    proxy = LagProxy(target_host, target_port, delay_ms, listen_host, listen_port)
    port = proxy.start()
    print(
        f"lag proxy: {listen_host}:{port} → {target_host}:{target_port}, {delay_ms:g} ms each way",
        flush=True,
    )
    stopped = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopped.set())
    threading.Thread(target=_commands, args=(proxy,), daemon=True).start()
    try:
        stopped.wait()
    finally:
        proxy.close()
    return 0


def _commands(proxy: LagProxy) -> None:
    """Read ``cut`` / ``restore`` lines from standard input until it ends."""
    for line in sys.stdin:
        command = line.strip().lower()
        if command == "cut":
            proxy.cut()
        elif command == "restore":
            proxy.restore()
        elif command:
            print(f"lag proxy: unknown command {command!r} (cut, restore)", flush=True)
            continue
        print(f"lag proxy: {'cut' if proxy.cut_off else 'restored'}", flush=True)
