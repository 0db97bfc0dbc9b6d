package io.brine.minion;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.protocol.EventPost;
import io.brine.protocol.ValueBounds;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
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
    private static final Logger LOG = System.getLogger(EventSocket.class.getName());

    /**
     * Made on the first event, not at start: most minions never receive one, and a mapper would load
     * jackson-databind's classes and caches into every minion's resident memory.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private final Path path;
    private final String group;
    private final Consumer<EventPost> forward;
    private final LocalServerSocket socket;

    EventSocket(Path path, String group, Consumer<EventPost> forward, MinionRuntime runtime) {
        this.path = path;
        this.group = group;
        this.forward = forward;
        this.socket = new LocalServerSocket(path, runtime);
    }

    synchronized void start() throws IOException {
        Files.createDirectories(path.getParent());
        ServerSocketChannel server = socket.bind("rw-rw----");
        if (group != null) {
            GroupPrincipal g = path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByGroupName(group);
            Files.getFileAttributeView(path, PosixFileAttributeView.class).setGroup(g);
        }
        socket.serve(this::handle);
    }

    private String handle(String line) {
        try {
            Map<?, ?> request = Json.MAPPER.readValue(line, Map.class);
            if (!(request.get("tag") instanceof String tag)) {
                return "error: the event needs a tag";
            }
            Object data = request.get("data");
            @SuppressWarnings("unchecked")
            Map<String, Object> values = data instanceof Map ? (Map<String, Object>) data : Map.of();
            EventPost post = new EventPost(tag, WireValues.ofMap(values));
            // The master refuses data beyond these bounds unread: the guest hears why, rather than nothing.
            java.util.Optional<String> tooLarge = ValueBounds.EVENT_DATA.refusal(post.data());
            if (tooLarge.isPresent()) {
                return "error: " + tooLarge.get();
            }
            forward.accept(post);
            return "ok";
        } catch (IOException e) {
            return "error: not a JSON event: " + e.getMessage().lines().findFirst().orElse("");
        } catch (IllegalArgumentException e) {
            return "error: " + e.getMessage();
        }
    }

    @Override
    public synchronized void close() {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "closing the event socket: " + e.getMessage());
        }
    }
}
