package io.brine.cli;

import io.brine.config.ConfigException;
import picocli.CommandLine;

/** Entry point of the {@code brine} command. The only place in Brine that calls System.exit. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line and returns its exit code; tests call this in-process. */
    public static int run(String... args) {
        return run(BrineCommand.commandLine(args), args);
    }

    /** Runs a command line writing to the given streams instead of stdout and stderr. */
    public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        CommandLine cli = BrineCommand.commandLine(args);
        cli.setOut(out);
        cli.setErr(err);
        return run(cli, args);
    }

    private static int run(CommandLine cli, String... args) {
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof CliException c) {
                cmd.getErr().println("brine: " + c.getMessage());
                return c.exitCode;
            }
            if (e instanceof ConfigException || e instanceof IllegalArgumentException) {
                cmd.getErr().println("brine: " + e.getMessage());
                return ExitCodes.USAGE;
            }
            cmd.getErr().println("brine: " + e);
            return ExitCodes.FAILED;
        });
        return cli.execute(args);
    }
}
