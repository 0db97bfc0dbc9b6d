package io.brine.cli;

import io.brine.api.ApiServer;
import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.config.Preflight;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.MasterPreflight;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "master", mixinStandardHelpOptions = true,
        description = "Run a master in the foreground, logging to stderr (and log_file), until interrupted.",
        footer = {"", "Example:", "  brine master -c /etc/brine/master.yaml"})
final class MasterCommand implements Callable<Integer> {
    @Mixin
    MasterConfigOption config;

    @Option(names = "--log-level", paramLabel = "LEVEL",
            description = "error, warning, info, debug or off (Salt's names too); overrides log_level")
    String logLevel;

    @Override
    public Integer call() throws Exception {
        System.Logger.Level flagLevel = Logging.flagLevel(logLevel);
        // Checked before anything is created: a busy port or a foreign interface is one line naming the key.
        MasterConfig cfg = MasterPreflight.load(config.file);
        Logging.daemon(cfg.logging(), flagLevel);
        Master master = startMaster(cfg);
        ApiServer api = startApi(master);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (api != null) {
                api.close();
            }
            master.close();
            stopped.countDown();
        }));
        System.err.println("brine master listening on port " + master.port() + "; fingerprint "
                + master.fingerprint());
        stopped.await();
        return ExitCodes.OK;
    }

    /**
     * The transport's I/O thread died: the master hears nobody any more. Exit non-zero, so that a supervisor
     * (systemd's {@code Restart=on-failure}) starts a master that can.
     */
    private static void deaf(Throwable failure) {
        System.err.println("brine master: the transport's I/O thread died (" + failure
                + "); exiting so that a supervisor restarts the master");
        System.exit(ExitCodes.SOFTWARE);
    }

    /**
     * The master; a port taken between the check and the bind (another process won the race) is still one line
     * naming the key, as the check's would be.
     */
    Master startMaster(MasterConfig cfg) throws java.io.IOException, InterruptedException {
        try {
            return Master.start(cfg, MasterCommand::deaf);
        } catch (IllegalStateException e) {
            if (String.valueOf(e.getMessage()).startsWith("cannot listen")) {
                throw keyError("ret_port", e.getMessage());
            }
            throw e;
        }
    }

    /** The REST API, when the configuration has an {@code api} section; a master without one serves none. */
    private ApiServer startApi(Master master) throws java.io.IOException {
        if (master.config().api() == null) {
            return null;
        }
        try {
            ApiServer api = ApiServer.start(master);
            System.err.println("brine api listening on " + api.address());
            return api;
        } catch (java.io.IOException | RuntimeException e) {
            master.close();
            if (String.valueOf(e.getMessage()).contains("cannot listen")) {
                throw keyError("api.port", e.getMessage());
            }
            throw e;
        }
    }

    private ConfigException keyError(String key, String detail) {
        return new ConfigException(Preflight.message(ConfigFile.load(config.file), key, detail));
    }
}
