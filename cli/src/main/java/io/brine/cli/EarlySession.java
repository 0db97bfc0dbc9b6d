package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.client.ClientException;
import io.brine.client.ClientKey;
import io.brine.master.MasterConfig;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A session with the master opened on a second thread while the main one is still in picocli: for a command that
 * always connects, the logging is configured, the configuration read, the keys loaded and the handshake done while
 * picocli builds its model and parses the command line (0.12-0.15 s of an idle machine; during a fleet's restart
 * storm several times that, and the master's answers to the handshake come late too: the two waits now overlap).
 *
 * <p>Where to connect is read from the command line by {@link #start}'s own scan of {@code -c/--config} and
 * {@code --client-key}; picocli's parse stays the one that counts. The command asks through
 * {@link MasterConfigOption}, which takes this session only when the options it parsed name the same file and key,
 * and otherwise connects as usual; a session nobody took is closed by {@link #close}. A failure to reach the master
 * reaches the command as the same {@link ClientException} its own connection would have thrown.
 */
final class EarlySession implements AutoCloseable {
    private final Path file;
    private final Path clientKey;
    private final CompletableFuture<Void> logging = new CompletableFuture<>();
    private final CompletableFuture<MasterConfig> config = new CompletableFuture<>();
    private final CompletableFuture<BrineClient> client = new CompletableFuture<>();
    private boolean claimed;
    private boolean closed;

    private EarlySession(Path file, Path clientKey) {
        this.file = file;
        this.clientKey = clientKey;
    }

    /**
     * Starts connecting as {@code args} (a command line after the command's name) would, or returns null when they
     * ask for help or a version, which never connects.
     */
    static EarlySession start(String[] args) {
        Path file = Path.of(MasterConfigOption.DEFAULT_FILE);
        Path clientKey = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                break;
            }
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return null;
            }
            String next = i + 1 < args.length ? args[i + 1] : null;
            if ((a.equals("-c") || a.equals("--config")) && next != null) {
                file = Path.of(next);
                i++;
            } else if (a.startsWith("--config=")) {
                file = Path.of(a.substring("--config=".length()));
            } else if (a.startsWith("-c") && a.length() > 2 && !a.startsWith("--")) {
                file = Path.of(a.substring(a.charAt(2) == '=' ? 3 : 2));
            } else if (a.equals("--client-key") && next != null) {
                clientKey = Path.of(next);
                i++;
            } else if (a.startsWith("--client-key=")) {
                clientKey = Path.of(a.substring("--client-key=".length()));
            }
        }
        EarlySession s = new EarlySession(file, clientKey);
        Thread t = new Thread(s::open, "brine-early-session");
        t.setDaemon(true);
        t.start();
        return s;
    }

    /** The configuration file the command line names, as this session read it. */
    Path file() {
        return file;
    }

    /** The client key the command line names, or null. */
    Path clientKey() {
        return clientKey;
    }

    private void open() {
        MasterConfig cfg;
        try {
            try {
                Logging.configure("warning"); // what every command that connects configures first
            } finally {
                logging.complete(null);
            }
            cfg = MasterConfig.load(file);
            config.complete(cfg);
        } catch (RuntimeException e) {
            config.completeExceptionally(e); // the command reads it again and reports it in its own words
            client.completeExceptionally(e);
            return;
        }
        try {
            BrineClient c = MasterConfigOption.connect(cfg, ClientKey.resolve(clientKey, System.getenv(ClientKey.ENV),
                    cfg.endpoint()));
            synchronized (this) {
                if (closed) { // closed unused while it connected
                    c.close();
                    return;
                }
                client.complete(c);
            }
        } catch (InterruptedException e) {
            client.completeExceptionally(e);
        } catch (RuntimeException e) {
            client.completeExceptionally(e);
        }
    }

    /** Waits until the client commands' logging (warnings only, on standard error) is configured. */
    void awaitLogging() throws InterruptedException {
        try {
            logging.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e); // never: it completes normally whatever the configuring did
        }
    }

    /** The configuration read early, if it is {@code wanted}'s and it could be read; else null. */
    MasterConfig config(Path wanted) throws InterruptedException {
        if (!file.equals(wanted)) {
            return null;
        }
        try {
            return config.get();
        } catch (ExecutionException e) {
            return null;
        }
    }

    /**
     * The session, if it is one with {@code wanted}'s master as {@code wantedKey}'s holder, for the caller to keep
     * and close; else null (and it is closed with this object). Rethrows the early connection's
     * {@link ClientException}: the command's own attempt would end the same way, only later.
     */
    BrineClient take(Path wanted, Path wantedKey) throws InterruptedException {
        synchronized (this) {
            if (claimed || closed || !file.equals(wanted) || !Objects.equals(clientKey, wantedKey)) {
                return null;
            }
            claimed = true;
        }
        try {
            return client.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ClientException c) {
                throw c;
            }
            return null; // the configuration could not be read early: the command's own connection says why
        }
    }

    /** Closes the session if nobody took it (at once, or when it has connected). */
    @Override
    public void close() {
        synchronized (this) {
            if (claimed || closed) {
                return;
            }
            closed = true;
        }
        if (client.isDone() && !client.isCompletedExceptionally()) {
            client.join().close();
        }
    }
}
