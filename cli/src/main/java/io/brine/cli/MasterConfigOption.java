package io.brine.cli;

import io.brine.master.MasterConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -c/--config} for commands that act as or talk to a master. */
final class MasterConfigOption {
    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "/etc/brine/master.yaml",
            description = "master configuration (default: ${DEFAULT-VALUE})")
    Path file;

    MasterConfig load() {
        return MasterConfig.load(file);
    }
}
