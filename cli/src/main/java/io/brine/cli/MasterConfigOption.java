package io.brine.cli;

import io.brine.client.ClientKey;
import io.brine.master.MasterConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -c/--config} for commands that act as or talk to a master. */
final class MasterConfigOption {
    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "/etc/brine/master.yaml",
            description = "master configuration (default: ${DEFAULT-VALUE})")
    Path file;

    @Option(names = "--client-key", paramLabel = "FILE",
            description = "act as the named operator whose key this is (NAME.pem from 'brine client create'); "
                    + "default: $BRINE_CLIENT_KEY, else the master's local operator key")
    Path clientKey;

    MasterConfig load() {
        return MasterConfig.load(file);
    }

    /** Whom to act as towards the master {@code cfg} describes. */
    ClientKey identity(MasterConfig cfg) {
        return ClientKey.resolve(clientKey, System.getenv(ClientKey.ENV), cfg.endpoint());
    }
}
