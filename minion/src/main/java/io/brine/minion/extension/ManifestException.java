package io.brine.minion.extension;

/** A manifest that cannot be registered, and why, located at {@code FILE:LINE} where that is known. */
public final class ManifestException extends Exception {
    private static final long serialVersionUID = 1L;

    public ManifestException(String message) {
        super(message);
    }
}
