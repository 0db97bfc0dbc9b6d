package io.brine.ssh;

import io.brine.jobs.MinionResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
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
    /** The most of each stream of a command kept by default; past it, the output is cut and its whole size told. */
    public static final long MAX_OUTPUT_BYTES = 16L << 20;

    /** Set on a connection that may trust a host key not yet known (its run's {@code acceptNewHostKey}). */
    private static final AttributeRepository.AttributeKey<Boolean> ACCEPT_NEW = new AttributeRepository.AttributeKey<>();

    private final SshClient client;
    private final boolean acceptNewByDefault;
    private final long maxOutputBytes;

    private SshRunner(SshClient client, boolean acceptNewByDefault, long maxOutputBytes) {
        this.client = client;
        this.acceptNewByDefault = acceptNewByDefault;
        this.maxOutputBytes = maxOutputBytes;
    }

    /**
     * A runner checking host keys against {@code knownHosts}, adding unknown hosts' keys if {@code acceptNew} (the
     * default of {@link #run(RosterHost, String, List, Duration)}).
     */
    public static SshRunner start(Path knownHosts, boolean acceptNew) {
        return start(knownHosts, acceptNew, MAX_OUTPUT_BYTES);
    }

    /** As above, keeping at most {@code maxOutputBytes} of what a host writes to each stream (and prints back). */
    public static SshRunner start(Path knownHosts, boolean acceptNew, long maxOutputBytes) {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new HostKeys(knownHosts));
        client.start();
        return new SshRunner(client, acceptNew, maxOutputBytes);
    }

    /**
     * known_hosts, strictly: a host whose key it does not hold is trusted only by a run that says so (asked only for
     * a host with no entry at all; a changed key is refused before), and a file that cannot be read whole trusts no
     * host, rather than reading as empty, which would let {@code --accept-new} take a changed key for a new one.
     */
    private static final class HostKeys extends KnownHostsServerKeyVerifier {
        HostKeys(Path file) {
            super((session, address, key) -> {
                AttributeRepository context = session.getConnectionContext();
                return context != null && Boolean.TRUE.equals(context.getAttribute(ACCEPT_NEW));
            }, file);
        }

        @Override
        protected boolean acceptIncompleteHostKeys(ClientSession session, java.net.SocketAddress address,
                java.security.PublicKey key, Throwable reason) {
            return false;
        }
    }

    /**
     * Runs a shell function ({@link #SHELL_FUNCTIONS}) with {@code args} on {@code host}; the command may run for
     * {@code timeout}. Any other function returns a failed result saying it needs Brine's jar.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, or its key is refused
     */
    public MinionResult run(RosterHost host, String function, List<Object> args, Duration timeout)
            throws SshUnreachable {
        return run(host, function, args, Map.of(), null, new HostRun(timeout, acceptNewByDefault, new RunStopper()));
    }

    /**
     * Runs {@code function} on {@code host}: a shell function given as a shell takes it ({@link #SHELL_FUNCTIONS},
     * with no keyword arguments) runs as a shell command; any other runs with Brine's minion jar and the files of
     * {@code payload} there ({@link AgentRun}), or, without a payload, returns a failed result saying so.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, its key is refused, or the run was
     *                        stopped
     */
    public MinionResult run(RosterHost host, String function, List<Object> args, Map<String, Object> kwargs,
            AgentPayload payload, HostRun run) throws SshUnreachable {
        Instant start = Instant.now();
        String command = needsJar(function, args, kwargs) ? null : command(function, args);
        if (command == null && payload == null) {
            String shellOnly = String.join(", ", new java.util.TreeSet<>(SHELL_FUNCTIONS));
            return failed(SHELL_FUNCTIONS.contains(function) ? function + " over a shell takes exactly one argument, the "
                    + "command or the text, and no keyword arguments" : "'" + function + "' runs on a roster host only "
                    + "with Brine's minion jar there, and none was given; these run with a shell alone: " + shellOnly,
                    start);
        }
        try (HostSession session = login(host, run, start)) {
            if (command == null) {
                return new AgentRun(session, host, payload).run(function, args, kwargs, start);
            }
            HostSession.Exec exec = session.exec(host.sudo() ? "sudo -n -- /bin/sh -c " + ShellWords.quote(command)
                    : command);
            return result(function, exec, start, Instant.now());
        } catch (IOException e) {
            return failed("cannot send what " + host.id() + " needs: " + e.getMessage(), start);
        }
    }

    /**
     * Writes {@code files} to {@code dest} on {@code host}, as {@code brine cp} does on a minion, with nothing but a
     * shell there: into {@code dest} as a folder (several files, a trailing slash, or a folder that exists), else as
     * the one file's new path; each written to a temporary name, given its mode, and renamed into place. The return
     * names each file written with its size, the SHA-256 of the bytes sent (SSH's own integrity checks carry them)
     * and its mode; the login user's rights decide where it may write.
     *
     * @throws SshUnreachable when the host cannot be reached or logged in to, its key is refused, or the run was
     *                        stopped
     */
    public MinionResult copy(RosterHost host, List<Upload> files, String dest, HostRun run) throws SshUnreachable {
        Instant start = Instant.now();
        Map<String, Object> written = new LinkedHashMap<>();
        try (HostSession session = login(host, run, start)) {
            for (Upload f : files) {
                // '--' before every name: a destination may begin with '-'
                String script = "d=" + ShellWords.quote(dest) + "; if [ " + (files.size() > 1 || dest.endsWith("/") ? 1 : 0)
                        + " = 1 ] || [ -d \"$d\" ]; then t=\"${d%/}/\"" + ShellWords.quote(f.name()) + "; else t=\"$d\"; fi; "
                        + "tmp=\"$t.brine-$$\"; if cat > \"$tmp\" && chmod " + Integer.toOctalString(f.mode())
                        + " -- \"$tmp\" && mv -f -- \"$tmp\" \"$t\"; then printf '%s' \"$t\"; else rm -f -- \"$tmp\"; "
                        + "exit 1; fi";
                java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
                long[] size = new long[1];
                HostSession.Exec exec = session.exec(host.sudo() ? "sudo -n -- /bin/sh -c " + ShellWords.quote(script)
                        : script, out -> {
                            try (java.io.InputStream in = f.open().open()) {
                                byte[] buffer = new byte[64 * 1024];
                                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                                    sha.update(buffer, 0, n);
                                    size[0] += n;
                                    out.write(buffer, 0, n);
                                }
                            }
                        });
                if (exec.exit() != 0 || exec.timedOut()) {
                    return new MinionResult("cannot write " + f.name() + " to " + dest + " on " + host.id() + " (exit "
                            + exec.exit() + "): " + exec.stderr().strip(), exec.exit() == 0 ? 1 : exec.exit(), false,
                            start, Instant.now());
                }
                Map<String, Object> done = new LinkedHashMap<>();
                done.put("size", size[0]);
                done.put("sha256", java.util.HexFormat.of().formatHex(sha.digest()));
                done.put("mode", String.format("%04o", f.mode()));
                written.put(exec.stdout(), done);
            }
            return new MinionResult(written, 0, true, start, Instant.now());
        } catch (IOException e) {
            return failed("cannot read what is copied to " + host.id() + ": " + e.getMessage(), start);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Whether {@code function} with these arguments needs Brine's minion jar on the host (a shell cannot run it). */
    public static boolean needsJar(String function, List<Object> args, Map<String, Object> kwargs) {
        return !kwargs.isEmpty() || !SHELL_FUNCTIONS.contains(function) || command(function, args) == null;
    }

    /**
     * Connects and logs in, both within the host's {@code timeout}; the session is the run's stopper's to close, and
     * its commands wait no later than the run's end.
     */
    private HostSession login(RosterHost host, HostRun run, Instant start) throws SshUnreachable {
        Instant loginBy = Instant.now().plus(host.timeout());
        ConnectFuture connecting = null;
        ClientSession session = null;
        try {
            connecting = client.connect(host.user(), host.host(), host.port(),
                    AttributeRepository.ofKeyValuePair(ACCEPT_NEW, run.acceptNewHostKey()), null);
            session = connecting.verify(host.timeout()).getSession();
            run.stopper().attach(session);
            session.setKeyIdentityProvider(new FileKeyPairProvider(host.priv()));
            session.auth().verify(HostSession.until(loginBy));
            return new HostSession(session, start.plus(run.timeout()), maxOutputBytes);
        } catch (IOException | RuntimeException e) {
            if (session != null) {
                session.close(true);
            } else if (connecting != null) {
                // given up: a connection that completes later is closed, not left open
                connecting.addListener(f -> {
                    if (f.isConnected()) {
                        f.getSession().close(true);
                    }
                });
                connecting.cancel();
            }
            String why = run.stopper().stopped() ? "the run was stopped" : reason(e);
            if (why.contains("did not validate")) { // MINA's words for a key known_hosts does not hold, or a changed one
                why = "its host key is not in the master's known hosts, or has changed: 'brine ssh --accept-new' trusts a "
                        + "new host on first contact; a changed key must be removed from known_hosts by hand (" + why + ")";
            }
            throw new SshUnreachable(host.id() + " (" + host.user() + "@" + host.host() + ":" + host.port() + "): "
                    + why, e);
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

    private static MinionResult result(String function, HostSession.Exec exec, Instant start, Instant end) {
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

    static String reason(Throwable e) {
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
