package io.brine.minion;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.MinionReturn;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The running minion's answer to {@code brine call FUNCTION} without {@code --local} (Salt's {@code salt-call}):
 * the function runs here, in the minion's own process, and its pillar and {@code brine://} files come from the
 * minion's master over the minion's session. The return goes back to the caller, not to the master.
 *
 * <p>The socket is {@code cachedir/call.sock}, mode 0600 inside the 0700 cachedir: only the minion's own user
 * (root, which may run any function anyway) can connect, unlike the event socket, which a guest group may share.
 * A connection sends one JSON line {@code {"fun", "arg", "kwarg", "timeout"}} (read by the runtime's local socket
 * loop: bounded in size and time) and reads one JSON document back: the return, or {@code {"error"}}. At most
 * {@link #MAX_CALLS} calls run at once; one more is refused at once with a clear error, not queued.
 */
final class CallSocket implements AutoCloseable {
    static final String FILE_NAME = "call.sock";
    static final int MAX_CALLS = 4;
    private static final Logger LOG = System.getLogger(CallSocket.class.getName());
    /** The user this minion runs as: the only one whose calls it takes. */
    private static final String OWN_USER = System.getProperty("user.name");

    /** The longest a call may ask to run: the CLI's default (a day), as for a masterless run. */
    static final Duration MAX_TIMEOUT = Duration.ofDays(1);
    /** How long a caller has to take its reply. */
    static final Duration REPLY_WRITE = Duration.ofSeconds(30);

    /** Runs one call: the minion's local job runner with its master link. */
    interface Runner {
        /** @param callerGone whether the caller has hung up, asked now and then: the call is then killed */
        MinionReturn call(String jid, String function, List<Object> args, Map<String, Object> kwargs,
                Duration timeout, java.util.function.BooleanSupplier callerGone) throws InterruptedException;
    }

    /**
     * Made on the first call, not at start: most minions never take one, and a mapper would load jackson-databind's
     * classes and caches into every minion's resident memory.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private final LocalServerSocket socket;
    private final Runner runner;
    private final MinionRuntime runtime;
    private final Semaphore running = new Semaphore(MAX_CALLS);
    /** Distinct even for calls made in one microsecond: the runner tells its callers apart by jid. */
    private final JidGenerator jids = new JidGenerator();

    CallSocket(Path cacheDir, Runner runner, MinionRuntime runtime) {
        this.socket = new LocalServerSocket(path(cacheDir), runtime);
        this.runner = runner;
        this.runtime = runtime;
    }

    /** Where a minion with this cachedir listens for calls. */
    static Path path(Path cacheDir) {
        return cacheDir.resolve(FILE_NAME);
    }

    void start() throws IOException {
        socket.bind("rw-------");
        socket.serveDeferred(this::take);
    }

    /** On the socket loop: must not block. */
    private void take(String line, SocketChannel client) {
        String stranger = stranger(client);
        if (stranger != null) {
            LOG.log(Level.WARNING, "local call refused: " + stranger);
            reply(client, Map.of("error", "only " + OWN_USER + " may ask this minion to run functions"));
            return;
        }
        if (!running.tryAcquire()) {
            reply(client, Map.of("error", "the minion is running " + MAX_CALLS + " local calls already; try again "
                    + "when one has ended"));
            return;
        }
        try {
            runtime.jobs().execute(() -> {
                try {
                    reply(client, answer(line, () -> hungUp(client)));
                } finally {
                    running.release();
                }
            });
        } catch (RejectedExecutionException e) {
            running.release();
            reply(client, Map.of("error", "the minion is stopping"));
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> answer(String line, java.util.function.BooleanSupplier callerGone) {
        try {
            Map<?, ?> request = Json.MAPPER.readValue(line, Map.class);
            if (!(request.get("fun") instanceof String function) || function.isBlank()) {
                return Map.of("error", "the request needs 'fun', a function name");
            }
            Object arg = request.get("arg");
            Object kwarg = request.get("kwarg");
            if (arg != null && !(arg instanceof List) || kwarg != null && !(kwarg instanceof Map)) {
                return Map.of("error", "'arg' must be a list and 'kwarg' a mapping");
            }
            long seconds = request.get("timeout") instanceof Number n ? n.longValue() : 0;
            if (seconds <= 0 || seconds > MAX_TIMEOUT.toSeconds()) {
                return Map.of("error", "'timeout' must be a number of seconds from 1 to " + MAX_TIMEOUT.toSeconds());
            }
            String jid = jids.next();
            MinionReturn r = runner.call(jid, function, arg == null ? List.of() : (List<Object>) arg,
                    kwarg == null ? Map.of() : (Map<String, Object>) kwarg, Duration.ofSeconds(seconds), callerGone);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("jid", jid);
            out.put("success", r.success());
            out.put("retcode", r.retcode());
            out.put("ret", r.ret());
            out.put("start", r.startMillis());
            out.put("end", r.endMillis());
            return out;
        } catch (IOException e) {
            return Map.of("error", "not a JSON request: " + e.getMessage().lines().findFirst().orElse(""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of("error", "the minion is stopping");
        } catch (RuntimeException e) {
            return Map.of("error", String.valueOf(e.getMessage()));
        }
    }

    /**
     * Who the caller is, if not this process's own user; null for the owner. The socket's mode already keeps
     * others out; this holds also for a connection made in the instant between bind and chmod, or through a
     * directory an operator loosened.
     */
    private static String stranger(SocketChannel client) {
        try {
            String user = client.getOption(jdk.net.ExtendedSocketOptions.SO_PEERCRED).user().getName();
            return user.equals(OWN_USER) ? null : "a caller running as " + user;
        } catch (IOException | UnsupportedOperationException e) {
            return "a caller whose user cannot be told (" + e.getMessage() + ")";
        }
    }

    /**
     * Whether the caller has hung up (Ctrl-C, a wrapper's timeout): its end of the connection is closed. A caller
     * sends one line and then only waits, so a read finds nothing, more bytes (ignored), or the end.
     */
    private static boolean hungUp(SocketChannel client) {
        try {
            client.configureBlocking(false);
            return client.read(ByteBuffer.allocate(64)) < 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** The reply, written within {@link #REPLY_WRITE}: a caller that never reads cannot hold the thread. */
    private static void reply(SocketChannel client, Map<String, Object> reply) {
        try (client; Selector selector = Selector.open()) {
            ByteBuffer bytes = ByteBuffer.wrap(Json.MAPPER.writeValueAsBytes(reply));
            client.configureBlocking(false);
            client.register(selector, SelectionKey.OP_WRITE);
            long deadline = System.nanoTime() + REPLY_WRITE.toNanos();
            while (bytes.hasRemaining()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    LOG.log(Level.WARNING, "local call: the caller took no reply within " + REPLY_WRITE.toSeconds()
                            + " s; dropped");
                    return;
                }
                selector.select(left);
                selector.selectedKeys().clear();
                client.write(bytes);
            }
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "local call: the caller went away: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "closing the local call socket: " + e.getMessage());
        }
    }
}
