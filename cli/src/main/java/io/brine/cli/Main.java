package io.brine.cli;

import io.brine.config.ConfigException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Set;
import picocli.CommandLine;

/** Entry point of the {@code brine} command. The only place in Brine that calls System.exit. */
public final class Main {
    /** Commands whose every run opens a session with the master: it is opened while picocli parses. */
    private static final Set<String> CONNECTING = Set.of("run", "state", "job", "manage", "cp");

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line and returns its exit code; tests call this in-process. */
    public static int run(String... args) {
        MinionCommand minion = MinionCommand.withoutPicocli(args);
        if (minion != null) {
            return call(minion, new PrintWriter(System.err, true));
        }
        EarlySession early = args.length > 0 && CONNECTING.contains(args[0])
                ? EarlySession.start(Arrays.copyOfRange(args, 1, args.length)) : null;
        try {
            return run(BrineCommand.commandLine(early, args), args);
        } finally {
            if (early != null) {
                early.close();
            }
        }
    }

    /** Runs a command line writing to the given streams instead of stdout and stderr. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = BrineCommand.commandLine(args);
        cli.setOut(out);
        cli.setErr(err);
        return run(cli, args);
    }

    private static int run(CommandLine cli, String... args) {
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> exitCode(e, cmd.getErr()));
        return cli.execute(args);
    }

    /** A command picocli did not parse (see {@link MinionCommand#withoutPicocli}), failing as picocli's would. */
    private static int call(MinionCommand command, PrintWriter err) {
        try {
            return command.call();
        } catch (Exception e) {
            return exitCode(e, err);
        }
    }

    /** One line on stderr and an exit code for a command that failed: never a stack trace. */
    private static int exitCode(Exception e, PrintWriter err) {
        if (e instanceof CliException c) {
            err.println("brine: " + c.getMessage());
            return c.exitCode;
        }
        if (e instanceof io.brine.client.ClientException c) {
            err.println("brine: " + c.getMessage());
            return c.setup() ? ExitCodes.USAGE : ExitCodes.FAILED;
        }
        if (e instanceof ConfigException || e instanceof IllegalArgumentException) {
            err.println("brine: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        err.println("brine: " + e);
        return ExitCodes.FAILED;
    }
}
