package io.brine.minion;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A Unix domain socket a minion listens on (the event socket, the call socket): bound afresh at a path with a
 * mode, served by the runtime's local socket loop, and on close taken off the loop and off the file system.
 */
final class LocalServerSocket {
    private final Path path;
    private final MinionRuntime runtime;
    private ServerSocketChannel server;

    LocalServerSocket(Path path, MinionRuntime runtime) {
        this.path = path;
        this.runtime = runtime;
    }

    /** Binds at the path (a stale socket file from a previous run is replaced) with {@code mode}, e.g. rw-------. */
    synchronized ServerSocketChannel bind(String mode) throws IOException {
        Files.deleteIfExists(path);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return server;
    }

    synchronized void close() throws IOException {
        ServerSocketChannel s = server;
        server = null;
        if (s != null) {
            runtime.stopLocal(s);
            s.close();
        }
        Files.deleteIfExists(path);
    }
}
