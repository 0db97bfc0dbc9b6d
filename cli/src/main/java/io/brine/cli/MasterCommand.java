package io.brine.cli;

import io.brine.master.Master;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "master", mixinStandardHelpOptions = true,
        description = "Run a master in the foreground, logging to stderr, until interrupted.",
        footer = {"", "Example:", "  brine master -c /etc/brine/master.yaml"})
final class MasterCommand implements Callable<Integer> {
    @Mixin
    MasterConfigOption config;

    @Option(names = "--log-level", defaultValue = "info", description = "error, warning, info or debug")
    String logLevel;

    @Override
    public Integer call() throws Exception {
        Logging.configure(logLevel);
        Master master = Master.start(config.load());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            master.close();
            stopped.countDown();
        }));
        System.err.println("brine master listening on port " + master.port() + "; fingerprint "
                + master.fingerprint());
        stopped.await();
        return ExitCodes.OK;
    }
}
