package io.brine.console;

/** A request the console refuses, with the status and the sentence the page shows. */
final class ConsoleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int status;

    ConsoleException(int status, String message) {
        super(message);
        this.status = status;
    }

    static ConsoleException notFound(String message) {
        return new ConsoleException(404, message);
    }
}
