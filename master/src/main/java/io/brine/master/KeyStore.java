package io.brine.master;

import io.brine.protocol.KeyStatus;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a master files minion public keys by status (Salt's accepted, pending, rejected, denied): its own
 * {@code pki_dir} ({@link KeyDirectory}), or the cluster's database, shared by every master of it
 * ({@link ClusterKeys}). Ids are validated before they are used; every method may be called from any thread.
 */
interface KeyStore {
    /** Ids by status, each list sorted. */
    default Map<KeyStatus, List<String>> list() {
        Map<KeyStatus, List<String>> out = new EnumMap<>(KeyStatus.class);
        for (KeyStatus s : KeyStatus.values()) {
            out.put(s, ids(s));
        }
        return out;
    }

    /** Ids filed under a status, sorted; a copy the caller may change. */
    List<String> ids(KeyStatus status);

    /** Where {@code id} is filed, if anywhere; accepted wins if a key is somehow in several places. */
    Optional<KeyStatus> statusOf(String id);

    /** The key filed for {@code id} under {@code status}, if any. */
    Optional<byte[]> publicKey(KeyStatus status, String id);

    /** Files a key under a status, replacing any key already there for that status. */
    void put(KeyStatus status, String id, byte[] publicKey);

    /** Moves a key from one status to another; false if it was not filed under {@code from}. */
    boolean move(String id, KeyStatus from, KeyStatus to);

    /** Removes {@code id}'s key from every status; true if there was one. */
    boolean delete(String id);

    /** Removes {@code id}'s key from one status; true if it was there. */
    boolean remove(KeyStatus status, String id);

    static boolean sameKey(Optional<byte[]> stored, byte[] presented) {
        return stored.isPresent() && Arrays.equals(stored.get(), presented);
    }
}
