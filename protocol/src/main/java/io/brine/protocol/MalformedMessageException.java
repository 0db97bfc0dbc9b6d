package io.brine.protocol;

/**
 * Input that is not a valid Brine frame or message: truncated, oversize, wrong version, unknown type,
 * or a field of the wrong shape. Receivers drop such input and count it; they never act on it.
 */
public final class MalformedMessageException extends Exception {
    public MalformedMessageException(String reason) {
        super(reason);
    }

    public MalformedMessageException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
