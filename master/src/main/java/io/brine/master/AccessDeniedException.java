package io.brine.master;

/**
 * The publisher ACL refused a request: nothing was published or changed. The message names the identity and
 * what was refused; the CLI prints it and exits 2, the API answers 403 with it.
 */
public final class AccessDeniedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AccessDeniedException(String message) {
        super(message);
    }
}
