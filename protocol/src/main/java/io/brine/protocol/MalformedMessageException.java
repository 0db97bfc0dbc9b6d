package io.brine.protocol;

/**
 * Input that is not a valid Brine frame or message: truncated, oversize, wrong version, unknown type,
 * or a field of the wrong shape; or, as an {@link OverBoundsException}, a value larger than its type allows.
 * Receivers drop such input and count it; they never act on it.
 */
public sealed class MalformedMessageException extends Exception permits OverBoundsException {
    public MalformedMessageException(String reason) {
        super(reason);
    }

    public MalformedMessageException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
