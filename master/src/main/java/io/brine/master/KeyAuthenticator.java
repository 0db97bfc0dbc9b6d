package io.brine.master;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionId;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.transport.PeerAuthenticator;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Decides what a peer that proved possession of a key may do, following Salt's rules: an accepted key for
 * the id is accepted; a different key for an accepted or pending id is denied and filed for the operator to
 * see, never swapped in; an unknown id is filed as pending (or accepted with auto_accept). Clients are only
 * accepted with a key the operator placed in {@code pki_dir/clients/NAME}.
 */
final class KeyAuthenticator implements PeerAuthenticator {
    private static final Logger LOG = System.getLogger(KeyAuthenticator.class.getName());

    private final KeyStore keys;
    private final Path clientKeys;
    private final boolean autoAccept;
    private final EventBus events;
    private final NewKeyLimits newKeys;
    private final HandshakeOutcome.Sink outcomes;
    /** The time new keys are counted by, per minute of it (ms since the epoch). */
    private final java.util.function.LongSupplier clock;

    /** For tests: the keys of one pki_dir, the time from {@code clock} (ms), no handshake counting. */
    KeyAuthenticator(KeyDirectory keys, boolean autoAccept, EventBus events, KeyFilingLimits limits,
            java.util.function.LongSupplier clock) {
        this(keys, keys.pkiDir().resolve("clients"), autoAccept, events, limits, HandshakeOutcome.Sink.NONE, clock);
    }

    /**
     * Minions' keys from {@code keys}, named operators' from the directory {@code clientKeys}; {@code outcomes} is
     * told of every verdict ({@code brine_handshakes_total}).
     */
    KeyAuthenticator(KeyStore keys, Path clientKeys, boolean autoAccept, EventBus events, KeyFilingLimits limits,
            HandshakeOutcome.Sink outcomes) {
        this(keys, clientKeys, autoAccept, events, limits, outcomes, System::currentTimeMillis);
    }

    private KeyAuthenticator(KeyStore keys, Path clientKeys, boolean autoAccept, EventBus events,
            KeyFilingLimits limits, HandshakeOutcome.Sink outcomes, java.util.function.LongSupplier clock) {
        this.clock = clock;
        this.outcomes = outcomes;
        this.keys = keys;
        this.newKeys = new NewKeyLimits(limits, () -> keys.ids(KeyStatus.PENDING).size());
        this.clientKeys = clientKeys;
        this.autoAccept = autoAccept;
        this.events = events;
    }

    @Override
    public Verdict authenticate(Hello hello, byte[] key) {
        return authenticate(hello, key, "unknown");
    }

    @Override
    public Verdict authenticate(Hello hello, byte[] key, String remoteAddress) {
        if (hello.role() == Role.CLIENT) {
            Verdict v = client(hello.id(), key);
            outcomes.counted(v.status() == KeyStatus.ACCEPTED ? HandshakeOutcome.CLIENT_ACCEPTED
                    : HandshakeOutcome.UNKNOWN_CLIENT_KEY);
            return v;
        }
        if (keys.statusOf(hello.id()).isEmpty() && !autoAccept) {
            Optional<String> refused = newKeys.refusal(remoteAddress, clock.getAsLong());
            if (refused.isPresent()) {
                // Not filed, no event: the minion waits as a pending one does, and asks again in a while.
                outcomes.counted(HandshakeOutcome.NEW_KEYS_LIMITED);
                return new Verdict(KeyStatus.PENDING, "the master is not filing new keys now (" + refused.get()
                        + "); asking again later");
            }
        }
        Verdict v = minion(hello.id(), key);
        outcomes.counted(switch (v.status()) {
            case ACCEPTED -> HandshakeOutcome.MINION_ACCEPTED;
            case PENDING -> HandshakeOutcome.AWAITING_OPERATOR;
            case REJECTED -> HandshakeOutcome.REJECTED;
            case DENIED -> HandshakeOutcome.DENIED;
        });
        events.publish("brine/auth/" + hello.id() + "/" + v.status().name().toLowerCase(java.util.Locale.ROOT),
                java.util.Map.of("id", hello.id(), "fingerprint", Fingerprint.of(key), "detail", v.detail()));
        return v;
    }

    /** New keys refused by the limits, for operators and tests. */
    long newKeysRefused() {
        return newKeys.refused();
    }

    private Verdict client(String name, byte[] key) {
        Path file = clientKeys.resolve(MinionId.requireValid(name));
        try {
            if (Files.isRegularFile(file) && Arrays.equals(KeyFiles.readPublicKey(file), key)) {
                return Verdict.accepted();
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot read client key " + file + ": " + e.getMessage());
        }
        LOG.log(Level.WARNING, "refused client '" + name + "' with unknown key " + Fingerprint.of(key));
        return new Verdict(KeyStatus.REJECTED, "unknown client key");
    }

    private Verdict minion(String id, byte[] key) {
        Optional<KeyStatus> filed = keys.statusOf(id);
        if (filed.isEmpty()) {
            if (autoAccept) {
                keys.put(KeyStatus.ACCEPTED, id, key);
                LOG.log(Level.INFO, "auto-accepted new minion key for " + id);
                return Verdict.accepted();
            }
            keys.put(KeyStatus.PENDING, id, key);
            LOG.log(Level.INFO, "new minion key for " + id + " is pending: " + Fingerprint.of(key));
            return pending();
        }
        KeyStatus status = filed.get();
        boolean same = KeyStore.sameKey(keys.publicKey(status, id), key);
        switch (status) {
            case ACCEPTED:
                if (same) {
                    return Verdict.accepted();
                }
                return deny(id, key, "a different key is already accepted for this id");
            case PENDING:
                if (same) {
                    return pending();
                }
                return deny(id, key, "a different key is already pending for this id");
            case REJECTED:
                return new Verdict(KeyStatus.REJECTED, "key rejected by the master's operator");
            default:
                return new Verdict(KeyStatus.DENIED, "key denied: " + (same ? "this key" : "another key")
                        + " for this id was refused before");
        }
    }

    private Verdict deny(String id, byte[] key, String why) {
        keys.put(KeyStatus.DENIED, id, key);
        LOG.log(Level.WARNING, "denied minion " + id + " presenting key " + Fingerprint.of(key) + ": " + why);
        return new Verdict(KeyStatus.DENIED, why);
    }

    private static Verdict pending() {
        return new Verdict(KeyStatus.PENDING, "key pending: waiting for the master's operator to accept it");
    }
}
