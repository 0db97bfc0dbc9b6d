package io.brine.minion;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.protocol.EventPost;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The local socket through which scripts inside the guest post status to the master ({@code brine event
 * send}). It is a Unix domain socket with mode 0660, so only root and the configured group can use it; each
 * connection sends one JSON line {@code {"tag": ..., "data": {...}}} and gets {@code ok} or an error back.
 * The minion forwards the event over its encrypted session, where the master files it under this minion's
 * authenticated id.
 */
final class EventSocket implements AutoCloseable {
    static final int MAX_LINE = 64 * 1024;
    private static final Logger LOG = System.getLogger(EventSocket.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path path;
    private final String group;
    private final Consumer<EventPost> forward;
    private ServerSocketChannel server;
    private Thread acceptor;

    EventSocket(Path path, String group, Consumer<EventPost> forward) {
        this.path = path;
        this.group = group;
        this.forward = forward;
    }

    void start() throws IOException {
        Files.createDirectories(path.getParent());
        Files.deleteIfExists(path);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-rw----"));
        if (group != null) {
            GroupPrincipal g = path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByGroupName(group);
            Files.getFileAttributeView(path, PosixFileAttributeView.class).setGroup(g);
        }
        acceptor = new Thread(this::acceptLoop, "brine-event-socket");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void acceptLoop() {
        while (server.isOpen()) {
            try (SocketChannel client = server.accept()) {
                String reply = handle(readLine(client));
                client.write(ByteBuffer.wrap((reply + "\n").getBytes(StandardCharsets.UTF_8)));
            } catch (IOException e) {
                if (server.isOpen()) {
                    LOG.log(Level.WARNING, "event socket: " + e.getMessage());
                }
            }
        }
    }

    private String handle(String line) {
        try {
            Map<?, ?> request = JSON.readValue(line, Map.class);
            if (!(request.get("tag") instanceof String tag)) {
                return "error: the event needs a tag";
            }
            Object data = request.get("data");
            @SuppressWarnings("unchecked")
            Map<String, Object> values = data instanceof Map ? (Map<String, Object>) data : Map.of();
            forward.accept(new EventPost(tag, WireValues.ofMap(values)));
            return "ok";
        } catch (IOException e) {
            return "error: not a JSON event: " + e.getMessage().lines().findFirst().orElse("");
        } catch (IllegalArgumentException e) {
            return "error: " + e.getMessage();
        }
    }

    private static String readLine(SocketChannel client) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(4096);
        while (client.read(buf) > 0) {
            buf.flip();
            while (buf.hasRemaining()) {
                byte b = buf.get();
                if (b == '\n') {
                    return line.toString(StandardCharsets.UTF_8);
                }
                line.write(b);
                if (line.size() > MAX_LINE) {
                    throw new IOException("event longer than " + MAX_LINE + " bytes");
                }
            }
            buf.clear();
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            if (server != null) {
                server.close();
            }
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "closing the event socket: " + e.getMessage());
        }
    }
}
