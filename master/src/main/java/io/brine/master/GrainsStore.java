package io.brine.master;

import java.util.Map;

/**
 * Where the grains minions report are kept beyond memory: a master's {@code cachedir/minions/ID/grains.json}
 * (Salt's place), or a cluster's database, where every master targets by them ({@link ClusterGrains}).
 */
interface GrainsStore {
    /** Keeps {@code grains} as {@code id}'s; a failure is logged, not thrown (memory still has them). */
    void store(String id, Map<String, Object> grains);

    /** The grains kept for {@code id}, or null if there are none (or they cannot be read). */
    Map<String, Object> read(String id);
}
