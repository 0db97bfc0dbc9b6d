package io.brine.client;

/**
 * A client could not do what was asked: {@link #setup()} says whether the cause is on the caller's side (a key it
 * cannot read, a master that is not there or refuses this client, a request the master refused) rather than a
 * failure along the way. The CLI exits 2 for the first and 1 for the second.
 *
 * <pre>{@code
 * try (BrineClient brine = BrineClient.connect(Path.of("/etc/brine/master.yaml"))) { ... }
 * catch (ClientException e) { log(e.setup() ? "fix the setup: " : "failed: ", e.getMessage()); }
 * }</pre>
 */
public final class ClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean setup;

    private ClientException(String message, boolean setup) {
        super(message);
        this.setup = setup;
    }

    /** A problem in the caller's setup or request. */
    public static ClientException setup(String message) {
        return new ClientException(message, true);
    }

    /** A failure along the way. */
    public static ClientException failed(String message) {
        return new ClientException(message, false);
    }

    /** Whether the caller's setup or request is at fault (the CLI's exit code 2), not the way (1). */
    public boolean setup() {
        return setup;
    }
}
