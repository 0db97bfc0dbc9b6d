package io.brine.states.internal.salt;

/**
 * A {@code salt[...]} call a template made that cannot be answered: an unknown function, bad arguments, or the
 * function's own failure. Its message names the function; it becomes the template's render error.
 */
public final class SaltCallException extends RuntimeException {
    SaltCallException(String message) {
        super(message, null, false, false);
    }
}
