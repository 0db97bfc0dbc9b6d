package io.brine.protocol;

/** The release of this build, as reported by test.version, grains and the handshake. */
public final class BrineVersion {
    public static final String CURRENT = "0.1.0";

    private BrineVersion() {
    }
}
