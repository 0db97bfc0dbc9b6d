package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class LocalSocketLoopTest {
    @TempDir
    Path dir;
    private final List<ServerSocketChannel> servers = new ArrayList<>();
    private final MinionRuntime runtime = new MinionRuntime("local-socket-test");

    @AfterEach
    void stopServing() throws IOException {
        for (ServerSocketChannel s : servers) {
            runtime.stopLocal(s);
            s.close();
        }
        runtime.close();
    }

    private Path serve(String name, String prefix) throws IOException {
        Path path = dir.resolve(name);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        servers.add(server);
        runtime.serveLocal(server, line -> prefix + line);
        return path;
    }

    private static String ask(Path path, String text) throws IOException {
        try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(path))) {
            c.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            c.shutdownOutput();
            return readReply(c);
        }
    }

    private static String readReply(SocketChannel c) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(1024);
        while (c.read(buf) >= 0 && (buf.position() == 0 || buf.get(buf.position() - 1) != '\n')) {
            // keep reading until the reply's newline
        }
        return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8).trim();
    }

    @Test
    void everySocketIsAnsweredByItsOwnHandler() throws IOException {
        Path a = serve("a.sock", "a:");
        Path b = serve("b.sock", "b:");
        assertEquals("a:hello", ask(a, "hello\n"));
        assertEquals("b:there", ask(b, "there\n"));
        assertEquals("a:no newline", ask(a, "no newline"), "end of stream ends the line too");
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.SECONDS) // a loop blocked on the silent client would hang here, not fail
    void aClientThatNeverWritesDoesNotHoldUpOthers() throws IOException {
        Path a = serve("slow.sock", "ok:");
        try (SocketChannel silent = SocketChannel.open(UnixDomainSocketAddress.of(a))) {
            assertEquals("ok:next", ask(a, "next\n"));
            assertTrue(silent.isOpen());
        }
    }

    @Test
    void anOverlongLineIsRefusedWithAReason() throws IOException {
        Path a = serve("long.sock", "ok:");
        byte[] big = new byte[LocalSocketLoop.MAX_LINE + 10_000];
        java.util.Arrays.fill(big, (byte) 'x');
        try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(a))) {
            c.write(ByteBuffer.wrap(big)); // a blocking write: fits the socket's buffer, so it returns at once
            String reply = readReply(c);
            assertTrue(reply.startsWith("error: a line longer than"), reply);
        }
    }
}
