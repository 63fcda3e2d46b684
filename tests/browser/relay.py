"""A TCP relay in front of the live server, for the browser tests of a dropped network.

Chromium's network emulation (DevTools' Network.emulateNetworkConditions) switches a page's
network off, but not its service worker's: the worker would still reach the server. A browser
that goes through the relay loses the server altogether when the test cuts the relay (the
connections open are closed, new ones refused), and finds it again when the test restores it
on the same port."""

import contextlib
import socket
import threading
from urllib.parse import urlsplit


class Relay:
    def __init__(self, target_url: str):
        parts = urlsplit(target_url)
        self.target = (parts.hostname, parts.port)
        self.host = parts.hostname
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self.port = 0
        self.restore()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def restore(self) -> None:
        """Take connections again (on the same port as before)."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        """The server unreachable: no new connection, the open ones closed."""
        if self._listener is not None:
            _close(self._listener)  # shut down first: that wakes the thread waiting in accept
            self._listener = None
        with self._lock:
            connections, self._open = list(self._open), set()
        for connection in connections:
            _close(connection)

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _address = listener.accept()
            except OSError:  # cut
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._open.update((client, server))
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass  # cut, or closed by the other side
        finally:
            for connection in (source, sink):
                _close(connection)
            with self._lock:
                self._open.discard(source)
                self._open.discard(sink)


def _close(connection: socket.socket) -> None:
    with contextlib.suppress(OSError):
        connection.shutdown(socket.SHUT_RDWR)
    connection.close()
