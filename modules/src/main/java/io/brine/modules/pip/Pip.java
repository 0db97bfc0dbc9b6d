package io.brine.modules.pip;

import io.brine.functions.Command;
import io.brine.functions.Effect;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * pip, run as {@code <python> -m pip} so that {@code bin_env} picks the interpreter (a virtualenv's
 * or the system's) and pip's own version nag is off. Package names follow {@code --}, so none is taken as an option.
 */
final class Pip {
    static final String DEFAULT_PYTHON = "python3";

    private final CommandRunner commands;
    private final String python;

    Pip(CommandRunner commands, String python) {
        this.commands = commands;
        this.python = python;
    }

    /** Another interpreter than python3 is another program run, as a shell other than /bin/sh is for cmd.run. */
    static List<Effect> effects(String binEnv) {
        return binEnv == null || binEnv.equals(DEFAULT_PYTHON) ? List.of()
                : List.of(new Effect.ChangesHowCommandsRun("bin_env '" + binEnv + "'",
                        "pip runs only through " + DEFAULT_PYTHON));
    }

    Optional<String> installedVersion(String pkg) throws IOException, InterruptedException {
        CommandResult r = run(List.of("show", "--", pkg));
        if (!r.ok()) {
            return Optional.empty();
        }
        return r.stdout().lines().filter(l -> l.startsWith("Version:")).map(l -> l.substring(8).strip()).findFirst();
    }

    void install(String spec, List<String> options) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("install"));
        args.addAll(options);
        args.addAll(List.of("--", spec)); // a name is never an option (--index-url, -r FILE...)
        mustRun(args);
    }

    void uninstall(String pkg) throws IOException, InterruptedException {
        mustRun(List.of("uninstall", "-y", "--", pkg));
    }

    private CommandResult run(List<String> args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(python, "-m", "pip", "--disable-pip-version-check", "--no-input"));
        argv.addAll(args);
        return commands.run(Command.of(argv).withEnv(Map.of("LC_ALL", "C.UTF-8")));
    }

    private void mustRun(List<String> args) throws IOException, InterruptedException {
        CommandResult r = run(args);
        if (!r.ok()) {
            throw new IOException("pip " + String.join(" ", args) + " failed: " + r.diagnostic());
        }
    }
}
