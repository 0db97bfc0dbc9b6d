package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ssh_known_hosts.present}: a host's key in a known_hosts file, given as {@code key} (with {@code enc}) or
 * fetched with ssh-keyscan and, when {@code fingerprint} is given, checked against it. A stored key of the same
 * type for the host is replaced; the name is hashed as ssh-keygen -H does unless {@code hash_known_hosts} is false.
 *
 * <pre>
 * github.com:
 *   ssh_known_hosts.present:
 *     - user: deploy
 *     - enc: ssh-ed25519
 *     - key: AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl
 * </pre>
 */
final class KnownHostPresent implements StateFunction {
    private final SecureRandom random;

    KnownHostPresent(SecureRandom random) {
        this.random = random;
    }

    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Ensures a host's public key (given, or fetched with ssh-keyscan and checked against a fingerprint) is "
                + "in the user's or the system's known_hosts file.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("user", Type.STRING, null, "the account whose known_hosts is edited; none for the system's"),
                Param.optional("fingerprint", Type.STRING, null, "the key's fingerprint (aa:bb:... or SHA256:...)"),
                Param.optional("key", Type.STRING, null, "the public key itself, base64; needs enc"),
                Param.optional("port", Type.INTEGER, null, "the host's ssh port, when not 22"),
                Param.optional("enc", Type.STRING, null, "the key type: ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa..."),
                Param.optional("config", Type.STRING, null,
                        "the file: relative to the home directory (default .ssh/known_hosts), or absolute without a user"),
                Param.optional("hash_known_hosts", Type.BOOLEAN, true, "write the host name hashed, as ssh-keygen -H"),
                Param.optional("timeout", Type.INTEGER, 5L, "seconds ssh-keyscan waits for the host"),
                Param.optional("fingerprint_hash_type", Type.STRING, null, "the digest of a colon-hex fingerprint; sha256"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String name = args.name();
        String key = args.string("key");
        String fingerprint = args.string("fingerprint");
        String enc = args.string("enc");
        KnownHostsTarget target;
        try {
            if (name.isBlank() || name.startsWith("-") || name.matches(".*\\s.*")) {
                throw new IllegalArgumentException("Invalid host name '" + name + "'");
            }
            if (key != null && fingerprint != null) {
                throw new IllegalArgumentException("Specify either key or fingerprint, not both");
            }
            if (key != null && enc == null) {
                throw new IllegalArgumentException("The key argument needs enc, the key's type");
            }
            if (key != null && !Fingerprints.isValidKey(key)) {
                throw new IllegalArgumentException("Invalid public key for " + name + ": not a single base64 word");
            }
            if (enc != null) {
                String given = enc;
                enc = KeyTypes.refine(enc).orElseThrow(() -> new IllegalArgumentException(KeyTypes.unknown(given)));
            }
            Fingerprints.requireSupported(args.string("fingerprint_hash_type"));
            if (SshUser.createdAbove(args.string("user"), ctx)) {
                return forUserCreatedAbove(args, key != null ? "key" : "fingerprint", key != null ? key : fingerprint);
            }
            target = KnownHostsTarget.of(args, ctx);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        return new KnownHostUpdate(args, ctx, target, enc, random).run();
    }

    private static StateResult forUserCreatedAbove(Arguments args, String what, String value) {
        Map<String, Object> wanted = new LinkedHashMap<>();
        wanted.put("hostname", KnownHost.lookupName(args.name(), args.integer("port")));
        if (value != null) {
            wanted.put(what, value);
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("old", null);
        changes.put("new", List.of(wanted));
        return StateResult.pending(changes, "Key for " + args.name() + " would be added for user "
                + args.string("user") + ", who is created above");
    }
}
