package io.brine.protocol;

/**
 * A well-formed message holding a value beyond its {@link ValueBounds} (a grains report of a million entries):
 * refused while it was read, before the rest of it was built. Receivers count it apart from malformed input,
 * since only an authenticated peer can send one.
 */
public final class OverBoundsException extends MalformedMessageException {
    public OverBoundsException(String reason) {
        super(reason);
    }
}
