package io.brine.modules.pkg;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Runs a package tool non-interactively in the C locale (its output is parsed), turning failure
 * into an IOException that carries the tool's own message.
 */
final class Tool {
    private static final Map<String, String> ENV = Map.of("LC_ALL", "C", "DEBIAN_FRONTEND", "noninteractive");

    private final CommandRunner commands;

    Tool(CommandRunner commands) {
        this.commands = commands;
    }

    CommandResult run(List<String> argv) throws IOException, InterruptedException {
        return commands.run(Command.of(argv).withEnv(ENV));
    }

    String mustRun(List<String> argv) throws IOException, InterruptedException {
        CommandResult r = run(argv);
        if (!r.ok()) {
            throw new IOException(String.join(" ", argv) + " failed (exit " + r.exitCode() + "): " + r.diagnostic());
        }
        return r.stdout();
    }
}
