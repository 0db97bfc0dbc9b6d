package io.brine.protocol;

/**
 * The release of this build, as reported by test.version, grains and the handshake: the jar's
 * {@value #RESOURCE} when it has one (what a release build sets, and what a signed bundle's signature states),
 * else the version this source tree is.
 */
public final class BrineVersion {
    /** The jar entry that names the version, read once when the class loads. */
    public static final String RESOURCE = "META-INF/brine/version";
    private static final String SOURCE_VERSION = "0.1.0";
    public static final String CURRENT = read();

    private static String read() {
        try (java.io.InputStream in = BrineVersion.class.getClassLoader() == null ? null
                : BrineVersion.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return SOURCE_VERSION;
            }
            String v = new String(in.readNBytes(64), java.nio.charset.StandardCharsets.UTF_8).strip();
            return v.matches("[0-9][A-Za-z0-9.+~:-]{0,63}") ? v : SOURCE_VERSION;
        } catch (java.io.IOException e) {
            return SOURCE_VERSION;
        }
    }

    private BrineVersion() {
    }
}
