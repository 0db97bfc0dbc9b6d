package io.brine.cli;

/** A failure the CLI reports as one clear line on stderr, with an exit code; never a stack trace. */
final class CliException extends RuntimeException {
    final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    static CliException usage(String message) {
        return new CliException(ExitCodes.USAGE, message);
    }
}
