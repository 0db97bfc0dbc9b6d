package io.brine.protocol;

/** The one wire version this build speaks. A frame or message of any other version is rejected, never guessed at. */
public final class ProtocolVersion {
    public static final int CURRENT = 1;

    private ProtocolVersion() {
    }
}
