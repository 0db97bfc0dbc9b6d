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
    /** Whether the runtime's loop serves it: only then is it taken off the loop on close. */
    private boolean served;

    LocalServerSocket(Path path, MinionRuntime runtime) {
        this.path = path;
        this.runtime = runtime;
    }

    /** Binds at the path (a stale socket file from a previous run is replaced) with {@code mode}, e.g. rw-------. */
    synchronized ServerSocketChannel bind(String mode) throws IOException {
        Files.deleteIfExists(path);
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(UnixDomainSocketAddress.of(path));
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(path);
            throw e;
        }
        server = channel;
        return channel;
    }

    /** Serves the bound socket on the runtime's loop, each line answered by {@code handler}. */
    synchronized void serve(java.util.function.UnaryOperator<String> handler) throws IOException {
        runtime.serveLocal(server, handler);
        served = true;
    }

    /** Serves the bound socket on the runtime's loop, each line answered later by {@code handler}. */
    synchronized void serveDeferred(LocalSocketLoop.Deferred handler) throws IOException {
        runtime.serveDeferred(server, handler);
        served = true;
    }

    synchronized void close() throws IOException {
        ServerSocketChannel s = server;
        server = null;
        if (s != null) {
            if (served) {
                runtime.stopLocal(s);
                served = false;
            }
            s.close();
        }
        Files.deleteIfExists(path);
    }
}
