package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** One run of {@code ssh_known_hosts.present} once its arguments are checked: compare, fetch if need be, write. */
final class KnownHostUpdate {
    private final StateContext ctx;
    private final KnownHostsTarget target;
    private final String host;
    private final String lookup;
    private final String key;
    private final String fingerprint;
    private final String enc;
    private final String hashType;
    private final Long port;
    private final boolean hashed;
    private final long timeout;
    private final HashedHostName hasher;

    KnownHostUpdate(Arguments args, StateContext ctx, KnownHostsTarget target, String enc, SecureRandom random) {
        this.ctx = ctx;
        this.target = target;
        this.host = args.name();
        this.port = args.integer("port");
        this.lookup = KnownHost.lookupName(host, port);
        this.key = args.string("key");
        this.fingerprint = args.string("fingerprint");
        this.enc = enc;
        this.hashType = args.string("fingerprint_hash_type");
        this.hashed = args.bool("hash_known_hosts");
        this.timeout = args.integer("timeout");
        this.hasher = new HashedHostName(random);
    }

    StateResult run() throws IOException, InterruptedException {
        KnownHostsFile file = KnownHostsFile.read(target.path());
        List<KnownHost> stored = file.entries(lookup);
        if (!stored.isEmpty() && satisfiedBy(stored)) {
            return StateResult.ok("Host " + host + " is already in " + target.config());
        }
        String verb = stored.isEmpty() ? "added to" : "updated in";
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("old", stored.isEmpty() ? null : describe(stored));
        if (key == null && ctx.test()) {
            // the key would come from the host itself: say what is known without reaching out to it in test mode
            Map<String, Object> wanted = new LinkedHashMap<>(Map.of("hostname", lookup));
            if (fingerprint != null) {
                wanted.put("fingerprint", fingerprint);
            }
            changes.put("new", List.of(wanted));
            return StateResult.pending(changes, "Key for " + host + " is set to be " + verb + " " + target.config());
        }
        List<KnownHost> fresh = key != null ? List.of(new KnownHost(lookup, enc, key)) : scanned();
        if (fresh.isEmpty()) {
            return StateResult.failed(fingerprint == null ? "Unable to receive remote host keys of " + lookup
                    : "None of the keys " + lookup + " offers has the fingerprint " + fingerprint);
        }
        changes.put("new", describe(fresh.stream().map(h -> new KnownHost(lookup, h.enc(), h.key())).toList()));
        if (ctx.test()) {
            return StateResult.pending(changes, "Key for " + host + " is set to be " + verb + " " + target.config());
        }
        // the new keys replace stored ones of their types; keys of other types for the host stay
        Set<String> types = fresh.stream().map(KnownHost::enc).collect(Collectors.toSet());
        file.remove(lookup, h -> types.contains(h.enc()));
        for (KnownHost h : fresh) {
            boolean hashNow = hashed && !HashedHostName.isHashed(h.hosts());
            file.add(hashNow ? new KnownHost(hasher.hash(lookup), h.enc(), h.key()) : h);
        }
        StateResult written = target.file().write(file.before(), file.text(), ctx);
        if (written.failed()) {
            return written;
        }
        String saved = key != null ? "key: " + key
                : "fingerprint: " + Fingerprints.of(fresh.get(0).key(), hashType).orElseThrow();
        return StateResult.changed(changes, "Key of " + host + " saved to " + target.config() + " (" + saved + ")");
    }

    /** Salt's test: the stored keys hold the given key or fingerprint; with neither, any stored key will do. */
    private boolean satisfiedBy(List<KnownHost> stored) {
        if (key != null) {
            return stored.stream().anyMatch(h -> h.key().equals(key));
        }
        if (fingerprint != null) {
            return stored.stream().anyMatch(h -> Fingerprints.matches(h.key(), fingerprint, hashType));
        }
        return true;
    }

    /** The host's keys from ssh-keyscan, only those matching the fingerprint when one is given. */
    private List<KnownHost> scanned() throws IOException, InterruptedException {
        List<KnownHost> keys = new KeyScan(ctx.commands()).scan(host, enc, port, hashed, timeout);
        if (fingerprint == null) {
            return keys;
        }
        return keys.stream().anyMatch(h -> Fingerprints.matches(h.key(), fingerprint, hashType)) ? keys : List.of();
    }

    private List<Map<String, Object>> describe(List<KnownHost> hosts) {
        List<Map<String, Object>> out = new ArrayList<>();
        hosts.forEach(h -> out.add(h.describe(hashType)));
        return out;
    }
}
