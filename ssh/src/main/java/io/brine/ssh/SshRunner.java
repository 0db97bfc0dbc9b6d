package io.brine.ssh;

import io.brine.jobs.MinionResult;
import java.io.IOException;
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
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;

/**
 * Runs a function on a roster host over SSH, with no minion there, and returns what a minion would have: its
 * {@link MinionResult}. The host's key must be in {@code known_hosts} (with {@code acceptNew}, an unknown host's key
 * is added there on first contact; a changed key is always refused). The functions that need nothing on the target
 * but a POSIX shell run as shell commands, every argument quoted so that it arrives literally: {@code test.ping},
 * {@code test.echo}, {@code cmd.run}, {@code cmd.run_all}, {@code cmd.retcode}. Every other function runs with
 * Brine's minion jar, copied there once, and the state tree and pillar the master gives ({@link AgentPayload}).
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

    /** Set on a connection that may trust a host key not yet known (its run's {@code acceptNew}). */
    private static final AttributeRepository.AttributeKey<Boolean> ACCEPT_NEW = new AttributeRepository.AttributeKey<>();

    private final SshClient client;
    private final boolean acceptNewByDefault;

    private SshRunner(SshClient client, boolean acceptNewByDefault) {
        this.client = client;
        this.acceptNewByDefault = acceptNewByDefault;
    }

    /**
     * A runner checking host keys against {@code knownHosts}, adding unknown hosts' keys if {@code acceptNew} (the
     * default of runs that do not say).
     */
    public static SshRunner start(Path knownHosts, boolean acceptNew) {
        SshClient client = SshClient.setUpDefaultClient();
        // asked only for a host whose key is not in known_hosts at all: a changed key is refused before this
        ServerKeyVerifier unknown = (session, address, key) -> Boolean.TRUE.equals(
                session.getConnectionContext() == null ? null : session.getConnectionContext().getAttribute(ACCEPT_NEW));
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(unknown, knownHosts));
        client.start();
        return new SshRunner(client, acceptNew);
    }

    /**
     * Runs a shell function ({@link #SHELL_FUNCTIONS}) with {@code args} on {@code host}; the command may run for
     * {@code timeout}. Any other function returns a failed result saying it needs Brine's jar.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, or its key is refused
     */
    public MinionResult run(RosterHost host, String function, List<Object> args, Duration timeout)
            throws SshUnreachable {
        return run(host, function, args, Map.of(), timeout, null, acceptNewByDefault);
    }

    /**
     * Runs {@code function} on {@code host}: a shell function given as a shell takes it ({@link #SHELL_FUNCTIONS},
     * with no keyword arguments) runs as a shell command; any other runs with Brine's minion jar and the files of
     * {@code payload} there ({@link AgentRun}), or, without a payload, returns a failed result saying so. The whole
     * run may take {@code timeout}. With {@code acceptNew}, a host whose key is not yet known is trusted and its key
     * added to known_hosts; a changed key is refused either way.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, or its key is refused
     */
    public MinionResult run(RosterHost host, String function, List<Object> args, Map<String, Object> kwargs,
            Duration timeout, AgentPayload payload, boolean acceptNew) throws SshUnreachable {
        Instant start = Instant.now();
        String command = needsJar(function, args, kwargs) ? null : command(function, args);
        if (command == null && payload == null) {
            String shellOnly = String.join(", ", new java.util.TreeSet<>(SHELL_FUNCTIONS));
            return failed(SHELL_FUNCTIONS.contains(function) ? function + " over a shell takes exactly one argument, the "
                    + "command or the text, and no keyword arguments" : "'" + function + "' runs on a roster host only "
                    + "with Brine's minion jar there, and none was given; these run with a shell alone: " + shellOnly,
                    start);
        }
        ClientSession session = login(host, acceptNew);
        try {
            if (command == null) {
                return new AgentRun(session, host, payload, start.plus(timeout)).run(function, args, kwargs, start);
            }
            Exec exec = exec(session, host.sudo() ? "sudo -n -- /bin/sh -c " + ShellWords.quote(command) : command,
                    null, timeout);
            return result(function, exec, start, Instant.now());
        } catch (java.io.IOException e) {
            return failed("cannot read what " + host.id() + " needs: " + e.getMessage(), start);
        } finally {
            session.close(false);
        }
    }

    /**
     * Writes {@code files} to {@code dest} on {@code host}, as {@code brine cp} does on a minion, with nothing but a
     * shell there: into {@code dest} as a folder (several files, a trailing slash, or a folder that exists), else as
     * the one file's new path; each written to a temporary name, given its mode, and renamed into place. The return
     * names each file written with its size, SHA-256 and mode; the login user's rights decide where it may write.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, or its key is refused
     */
    public MinionResult copy(RosterHost host, List<Upload> files, String dest, Duration timeout, boolean acceptNew)
            throws SshUnreachable {
        Instant start = Instant.now();
        Instant deadline = start.plus(timeout);
        ClientSession session = login(host, acceptNew);
        Map<String, Object> written = new LinkedHashMap<>();
        try {
            for (Upload f : files) {
                String script = "d=" + ShellWords.quote(dest) + "; if [ " + (files.size() > 1 || dest.endsWith("/") ? 1 : 0)
                        + " = 1 ] || [ -d \"$d\" ]; then t=\"${d%/}/\"" + ShellWords.quote(f.name()) + "; else t=\"$d\"; fi; "
                        + "tmp=\"$t.brine-$$\"; if cat > \"$tmp\" && chmod " + Integer.toOctalString(f.mode())
                        + " \"$tmp\" && mv -f \"$tmp\" \"$t\"; then printf '%s' \"$t\"; else rm -f \"$tmp\"; exit 1; fi";
                java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
                long size;
                Exec exec;
                try (CountingInput in = new CountingInput(new java.security.DigestInputStream(f.open().open(), sha))) {
                    exec = exec(session, host.sudo() ? "sudo -n -- /bin/sh -c " + ShellWords.quote(script) : script, in,
                            remaining(deadline));
                    size = in.count();
                }
                if (exec.exit() != 0 || exec.timedOut()) {
                    return new MinionResult("cannot write " + f.name() + " to " + dest + " on " + host.id() + " (exit "
                            + exec.exit() + "): " + exec.stderr().strip(), exec.exit() == 0 ? 1 : exec.exit(), false,
                            start, Instant.now());
                }
                Map<String, Object> done = new LinkedHashMap<>();
                done.put("size", size);
                done.put("sha256", java.util.HexFormat.of().formatHex(sha.digest()));
                done.put("mode", String.format("%04o", f.mode()));
                written.put(exec.stdout(), done);
            }
            return new MinionResult(written, 0, true, start, Instant.now());
        } catch (IOException e) {
            return failed("cannot read what is copied to " + host.id() + ": " + e.getMessage(), start);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        } finally {
            session.close(false);
        }
    }

    private static Duration remaining(Instant deadline) {
        Duration d = Duration.between(Instant.now(), deadline);
        return d.isNegative() || d.isZero() ? Duration.ofMillis(1) : d;
    }

    /** Counts the bytes read through it: the size of what was sent. */
    private static final class CountingInput extends java.io.FilterInputStream {
        private long count;

        CountingInput(java.io.InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count += Math.max(0, n);
            return n;
        }

        long count() {
            return count;
        }
    }

    /** Whether {@code function} with these arguments needs Brine's minion jar on the host (a shell cannot run it). */
    public static boolean needsJar(String function, List<Object> args, Map<String, Object> kwargs) {
        return !kwargs.isEmpty() || !SHELL_FUNCTIONS.contains(function) || command(function, args) == null;
    }

    private ClientSession login(RosterHost host, boolean acceptNew) throws SshUnreachable {
        ClientSession session = null;
        try {
            session = client.connect(host.user(), host.host(), host.port(),
                    AttributeRepository.ofKeyValuePair(ACCEPT_NEW, acceptNew), null).verify(host.timeout()).getSession();
            session.setKeyIdentityProvider(new FileKeyPairProvider(host.priv()));
            session.auth().verify(host.timeout());
            return session;
        } catch (IOException | RuntimeException e) {
            if (session != null) {
                session.close(true);
            }
            String why = reason(e);
            if (why.contains("did not validate")) { // MINA's words for a key known_hosts does not hold, or a changed one
                why = "its host key is not in the master's known hosts, or has changed: 'brine ssh --accept-new' trusts a "
                        + "new host on first contact; a changed key must be removed from known_hosts by hand (" + why + ")";
            }
            throw new SshUnreachable(host.id() + " (" + host.user() + "@" + host.host() + ":" + host.port() + "): "
                    + why, e);
        }
    }

    /** The most of each stream of a command kept; past it, the output is cut and its whole size told. */
    static final long MAX_OUTPUT_BYTES = 16L << 20;

    /** What ran, as the target said it. */
    record Exec(String stdout, String stderr, int exit, boolean timedOut) {
    }

    /** Runs {@code command} on the target, {@code stdin} (may be null) as its input, waiting at most {@code timeout}. */
    static Exec exec(ClientSession session, String command, java.io.InputStream stdin, Duration timeout)
            throws SshUnreachable {
        CappedOutput out = new CappedOutput(MAX_OUTPUT_BYTES);
        CappedOutput err = new CappedOutput(MAX_OUTPUT_BYTES);
        try (ClientChannel channel = session.createExecChannel(command)) {
            channel.setOut(out);
            channel.setErr(err);
            if (stdin != null) {
                channel.setIn(stdin); // sent whole, then end-of-file
            }
            channel.open().verify(timeout);
            Set<ClientChannelEvent> events = channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED),
                    timeout.toMillis());
            boolean timedOut = events.contains(ClientChannelEvent.TIMEOUT);
            Integer exit = channel.getExitStatus();
            return new Exec(out.text(), err.text(), timedOut ? 124 : exit == null ? 255 : exit, timedOut);
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
