/**
 * Signed agent releases (issue 29): {@link io.brine.release.ReleaseKeys} makes and reads Ed25519 release keys,
 * {@link io.brine.release.ReleaseSignature} signs a bundle and checks one against the keys a minion trusts. The
 * JDK's Ed25519 does the signing; nothing here is a primitive of its own.
 */
module io.brine.release {
    exports io.brine.release;
}
