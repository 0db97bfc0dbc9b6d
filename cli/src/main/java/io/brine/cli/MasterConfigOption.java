package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.client.ClientKey;
import io.brine.master.MasterConfig;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/** {@code -c/--config} for commands that act as or talk to a master. */
final class MasterConfigOption {
    static final String DEFAULT_FILE = "/etc/brine/master.yaml";

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = DEFAULT_FILE,
            description = "master configuration (default: ${DEFAULT-VALUE})")
    Path file;

    @Option(names = "--client-key", paramLabel = "FILE",
            description = "act as the named operator whose key this is (NAME.pem from 'brine client create'); "
                    + "default: $BRINE_CLIENT_KEY, else the master's local operator key")
    Path clientKey;

    /** The session {@link Main} started before picocli parsed, or null. */
    private final EarlySession early;

    MasterConfigOption() {
        this(null);
    }

    MasterConfigOption(EarlySession early) {
        this.early = early;
    }

    /**
     * A client command's logging: warnings only, on standard error. Configured once: by the early session when
     * there is one, else here.
     */
    void clientLogging() throws InterruptedException {
        if (early != null) {
            early.awaitLogging();
        } else {
            Logging.configure("warning");
        }
    }

    MasterConfig load() {
        if (early != null) {
            try {
                MasterConfig read = early.config(file);
                if (read != null) {
                    return read;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return MasterConfig.load(file);
    }

    /** Whom to act as towards the master {@code cfg} describes. */
    ClientKey identity(MasterConfig cfg) {
        return ClientKey.resolve(clientKey, System.getenv(ClientKey.ENV), cfg.endpoint());
    }

    /**
     * A client of the master {@code cfg} describes, acting as {@link #identity}: how every command talks to a
     * master. Waits up to 5 s for it to accept this client.
     */
    BrineClient connect(MasterConfig cfg) throws InterruptedException {
        BrineClient opened = early == null ? null : early.take(file, clientKey);
        return opened != null ? opened : connect(cfg, identity(cfg));
    }

    static BrineClient connect(MasterConfig cfg, ClientKey who) throws InterruptedException {
        return BrineClient.connect(cfg.endpoint(), who, Duration.ofSeconds(5));
    }

    /** Runs {@code request} on a client of the master this option names, closed after. */
    <T> T ask(MasterRequest<T> request) throws InterruptedException {
        MasterConfig cfg = load();
        try (BrineClient master = connect(cfg)) {
            return request.on(master);
        }
    }
}
