package io.brine.ssh;

import io.brine.jobs.MinionResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ClientChannel;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;

/**
 * Runs a function on a roster host over SSH, with no minion there, and returns what a minion would have: its
 * {@link MinionResult}. The host's key must be in {@code known_hosts} (with {@code acceptNew}, an unknown host's key
 * is added there on first contact; a changed key is always refused). The functions that need nothing on the target
 * but a POSIX shell run as shell commands, every argument quoted so that it arrives literally: {@code test.ping},
 * {@code test.echo}, {@code cmd.run}, {@code cmd.run_all}, {@code cmd.retcode}.
 *
 * <pre>{@code
 * try (SshRunner ssh = SshRunner.start(Path.of("/etc/brine/pki/ssh/known_hosts"), false)) {
 *     MinionResult r = ssh.run(roster.host("web1").orElseThrow(), "cmd.run", List.of("uptime"), Duration.ofSeconds(30));
 * }
 * }</pre>
 */
public final class SshRunner implements AutoCloseable {
    /** The functions run as shell commands, with nothing of Brine on the target. */
    public static final Set<String> SHELL_FUNCTIONS = Set.of("test.ping", "test.echo", "cmd.run", "cmd.run_all",
            "cmd.retcode");

    private final SshClient client;

    private SshRunner(SshClient client) {
        this.client = client;
    }

    /** A runner checking host keys against {@code knownHosts}, adding unknown hosts' keys if {@code acceptNew}. */
    public static SshRunner start(Path knownHosts, boolean acceptNew) {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(acceptNew ? AcceptAllServerKeyVerifier.INSTANCE
                : RejectAllServerKeyVerifier.INSTANCE, knownHosts));
        client.start();
        return new SshRunner(client);
    }

    /**
     * Runs {@code function} with {@code args} on {@code host}; the command may run for {@code timeout}.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, or its key is refused
     */
    public MinionResult run(RosterHost host, String function, List<Object> args, Duration timeout)
            throws SshUnreachable {
        Instant start = Instant.now();
        if (!SHELL_FUNCTIONS.contains(function)) {
            String shellOnly = String.join(", ", new java.util.TreeSet<>(SHELL_FUNCTIONS));
            return failed("'" + function + "' runs on a roster host only with Brine's jar there, which brine ssh does "
                    + "not copy yet; these run with a shell alone: " + shellOnly, start);
        }
        String command = command(function, args);
        if (command == null) {
            return failed(function + " needs exactly one argument, the command or the text", start);
        }
        ClientSession session = login(host);
        try {
            Exec exec = exec(session, host.sudo() ? "sudo -n -- /bin/sh -c " + ShellWords.quote(command) : command,
                    timeout);
            return result(function, exec, start, Instant.now());
        } finally {
            session.close(false);
        }
    }

    private ClientSession login(RosterHost host) throws SshUnreachable {
        ClientSession session = null;
        try {
            session = client.connect(host.user(), host.host(), host.port()).verify(host.timeout()).getSession();
            session.setKeyIdentityProvider(new FileKeyPairProvider(host.priv()));
            session.auth().verify(host.timeout());
            return session;
        } catch (IOException | RuntimeException e) {
            if (session != null) {
                session.close(true);
            }
            throw new SshUnreachable(host.id() + " (" + host.user() + "@" + host.host() + ":" + host.port() + "): "
                    + reason(e), e);
        }
    }

    /** What ran, as the target said it. */
    private record Exec(String stdout, String stderr, int exit, boolean timedOut) {
    }

    private static Exec exec(ClientSession session, String command, Duration timeout) throws SshUnreachable {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ClientChannel channel = session.createExecChannel(command)) {
            channel.setOut(out);
            channel.setErr(err);
            channel.open().verify(timeout);
            Set<ClientChannelEvent> events = channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED),
                    timeout.toMillis());
            boolean timedOut = events.contains(ClientChannelEvent.TIMEOUT);
            Integer exit = channel.getExitStatus();
            return new Exec(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                    timedOut ? 124 : exit == null ? 255 : exit, timedOut);
        } catch (IOException | RuntimeException e) {
            throw new SshUnreachable("the session ended: " + reason(e), e);
        }
    }

    private static String command(String function, List<Object> args) {
        if (function.equals("test.ping")) {
            return args.isEmpty() ? "true" : null;
        }
        if (args.size() != 1 || args.get(0) == null) {
            return null;
        }
        String arg = String.valueOf(args.get(0));
        return function.equals("test.echo") ? "printf '%s' " + ShellWords.quote(arg) : arg;
    }

    private static MinionResult result(String function, Exec exec, Instant start, Instant end) {
        boolean ok = exec.exit() == 0;
        Object ret = switch (function) {
            case "test.ping" -> ok;
            case "test.echo" -> exec.stdout();
            case "cmd.retcode" -> exec.exit();
            case "cmd.run_all" -> {
                Map<String, Object> all = new LinkedHashMap<>();
                all.put("retcode", exec.exit());
                all.put("stdout", strip(exec.stdout()));
                all.put("stderr", strip(exec.stderr()));
                yield all;
            }
            default -> strip(exec.stdout() + exec.stderr()); // Salt's cmd.run: both streams, as one
        };
        if (exec.timedOut()) {
            ret = "timed out after the job's timeout: " + ret;
        }
        boolean success = function.equals("cmd.retcode") || function.equals("cmd.run_all") ? !exec.timedOut() : ok;
        return new MinionResult(ret, function.equals("cmd.retcode") && !exec.timedOut() ? 0 : exec.exit(), success,
                start, end);
    }

    private static String strip(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    private static MinionResult failed(String why, Instant start) {
        return new MinionResult(why, 1, false, start, Instant.now());
    }

    private static String reason(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ");
    }

    @Override
    public void close() {
        try {
            client.stop();
        } finally {
            try {
                client.close();
            } catch (IOException e) {
                // stopping anyway
            }
        }
    }
}
