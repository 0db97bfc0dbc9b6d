package io.brine.minion;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.ConfigFile;
import io.brine.jobs.Job;
import io.brine.protocol.MinionReturn;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code brine call FUNCTION} without {@code --local}, as Salt's {@code salt-call}: the function runs on this
 * machine in the running minion (whose config this reads), with its pillar and files from that minion's master.
 * The return prints as a job with this one minion, keyed by its id, exactly as {@link MasterlessCall}'s does.
 *
 * <pre>{@code
 * Job job = new MinionCall(Path.of("/etc/brine/minion.yaml"))
 *         .call("pillar.get", List.of("webserver:port"), Map.of(), Duration.ofMinutes(5));
 * }</pre>
 */
public final class MinionCall {
    /** Beyond the largest return the minion sends: its JSON form, escapes included, is at most this much larger. */
    private static final int REPLY_SLACK = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final MinionConfig config;

    public MinionCall(Path minionConfig) {
        this.config = MinionConfig.from(ConfigFile.load(minionConfig));
    }

    /** Asks the running minion to run {@code function}, waiting as long as it runs (at most {@code timeout}). */
    public Job call(String function, List<Object> args, Map<String, Object> kwargs, Duration timeout)
            throws IOException {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("--timeout must be positive");
        }
        Path socket = CallSocket.path(config.cacheDir());
        if (!Files.exists(socket)) {
            if (Files.isDirectory(config.cacheDir()) && !Files.isReadable(config.cacheDir())) {
                throw new AccessDeniedException(config.cacheDir().toString(), null,
                        "permission denied: the minion's cachedir belongs to the user it runs as (root)");
            }
            throw new IOException("the minion " + config.id() + " is not running here (no " + socket + "); start it "
                    + "(systemctl start brine-minion), or run masterless with --local");
        }
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("fun", function);
        request.put("arg", args);
        request.put("kwarg", kwargs);
        request.put("timeout", Math.max(1, timeout.toSeconds()));
        long start = System.currentTimeMillis();
        Map<?, ?> reply;
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ch.write(ByteBuffer.wrap((JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8)));
            InputStream in = Channels.newInputStream(ch);
            byte[] body = in.readNBytes(config.maxReturnSize() + REPLY_SLACK + 1);
            if (body.length > config.maxReturnSize() + REPLY_SLACK) {
                throw new IOException("the minion's reply is larger than its max_return_size allows");
            }
            reply = JSON.readValue(body, Map.class);
        } catch (AccessDeniedException e) {
            throw e;
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().contains("Permission denied")) {
                throw new AccessDeniedException(socket.toString(), null, "permission denied on " + socket);
            }
            throw new IOException("cannot reach the minion's call socket " + socket + ": " + e.getMessage(), e);
        }
        if (reply.get("error") instanceof String error) {
            throw new IOException("the minion refused the call: " + error);
        }
        MinionReturn result = new MinionReturn(Boolean.TRUE.equals(reply.get("success")),
                ((Number) reply.get("retcode")).intValue(), reply.get("ret"), ((Number) reply.get("start")).longValue(),
                ((Number) reply.get("end")).longValue());
        String id = config.id();
        String jid = String.valueOf(reply.get("jid"));
        return MasterlessCall.oneMinionJob(jid, function, args, kwargs, id, start, timeout, result);
    }
}
