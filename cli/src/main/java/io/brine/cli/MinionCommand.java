package io.brine.cli;

import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "minion", mixinStandardHelpOptions = true,
        description = "Run a minion in the foreground, logging to stderr, until interrupted.",
        footer = {"", "Example:", "  brine minion -c /etc/brine/minion.yaml"})
final class MinionCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "/etc/brine/minion.yaml",
            description = "minion configuration (default: ${DEFAULT-VALUE})")
    Path file;

    @Option(names = "--log-level", defaultValue = "info", description = "error, warning, info or debug")
    String logLevel;

    @Override
    public Integer call() throws Exception {
        Logging.configure(logLevel);
        Minion minion = Minion.start(MinionConfig.load(file));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            minion.close();
            stopped.countDown();
        }));
        System.err.println("brine minion " + minion.id() + " started; key fingerprint " + minion.fingerprint());
        stopped.await();
        return ExitCodes.OK;
    }
}
