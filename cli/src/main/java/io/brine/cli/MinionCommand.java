package io.brine.cli;

import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.minion.MinionPreflight;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "minion", mixinStandardHelpOptions = true,
        description = "Run a minion in the foreground, logging to stderr (and log_file), until interrupted.",
        footer = {"", "Example:", "  brine minion -c /etc/brine/minion.yaml"})
final class MinionCommand implements Callable<Integer> {
    static final String DEFAULT_CONFIG = "/etc/brine/minion.yaml";

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = DEFAULT_CONFIG,
            description = "minion configuration (default: ${DEFAULT-VALUE})")
    Path file;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "error, warning, info, debug or off (Salt's names too); overrides log_level")
    String logLevel;

    /**
     * {@code brine minion ...} read without picocli, or null when the words are anything but {@code minion}
     * followed by {@code -c/--config FILE} and {@code --log-level LEVEL}, each at most once: picocli then reads
     * them as usual, help and errors included.
     *
     * <p>A minion is an agent that lives as long as its machine, and its resident memory is what it is judged
     * by. picocli's classes (compiled for Java 5, so no class-data archive can hold them) and its model of the
     * command cost a minion 4 MiB of metaspace, symbols and heap for its whole life, to read two options.
     * MinionCommandTest checks that both readings agree.
     */
    static MinionCommand withoutPicocli(String... args) {
        if (args.length == 0 || !args[0].equals("minion")) {
            return null;
        }
        MinionCommand c = new MinionCommand();
        String config = null;
        String level = null;
        for (int i = 1; i < args.length; i++) {
            String word = args[i];
            int eq = word.indexOf('=');
            boolean attached = word.startsWith("--") && eq > 0;
            String name = attached ? word.substring(0, eq) : word;
            String value = attached ? word.substring(eq + 1) : i + 1 < args.length ? args[++i] : null;
            if (value == null || value.isEmpty() || value.startsWith("-")) {
                return null;
            }
            if ((name.equals("-c") || name.equals("--config")) && config == null) {
                config = value;
            } else if (name.equals("--log-level") && level == null) {
                level = value;
            } else {
                return null;
            }
        }
        c.file = Path.of(config == null ? DEFAULT_CONFIG : config);
        c.logLevel = level;
        return c;
    }

    @Override
    public Integer call() throws Exception {
        System.Logger.Level flagLevel = Logging.flagLevel(logLevel);
        Minion minion;
        try {
            MinionConfig cfg = io.brine.minion.Launcher.apply(MinionPreflight.load(file));
            Logging.daemon(cfg.logging(), flagLevel);
            minion = Minion.start(cfg);
        } catch (io.brine.config.ConfigException e) {
            throw e.getMessage().contains(file.toString()) ? e : new io.brine.config.ConfigException(file + ": "
                    + e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (closed.compareAndSet(false, true)) {
                minion.close();
            }
            stopped.countDown();
        }));
        minion.restartRequested().thenRun(stopped::countDown);
        System.err.println("brine minion " + minion.id() + " started; key fingerprint " + minion.fingerprint());
        stopped.await();
        if (minion.restartRequested().isDone() && closed.compareAndSet(false, true)) {
            minion.close(); // an update installed a new version: the launcher starts it
            return Minion.RESTART_EXIT;
        }
        return ExitCodes.OK;
    }
}
