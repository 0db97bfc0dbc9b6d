package io.brine.master;

import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The master's {@code mine_acl}: which minions may read which mine functions of which minions. Without it every
 * minion reads every entry, as in Salt; with it, a reader reads only what an entry whose key (a compound target)
 * matches it grants, in {@code publisher_acl}'s item shape, and nothing when no key matches it. This keeps one
 * tenant's minions from reading another's addresses and keys.
 * <pre>
 * mine_acl:
 *   'G@tenant:a':                # minions of tenant a read ...
 *     - 'G@tenant:a': ['*']      # ... any function of tenant a's minions
 *   'mon*':
 *     - network.ip_addrs         # monitoring reads this function of every minion
 * </pre>
 * A target whose outcome is unknown (grains not reported yet) matches neither a reader nor what it reads.
 */
public record MineAcl(List<Entry> entries) {
    /** No {@code mine_acl}: every minion reads every mine entry. */
    public static final MineAcl OPEN = new MineAcl(null);

    /** One key of {@code mine_acl}: the readers it applies to, and what they may read. */
    public record Entry(String readersText, TargetExpression readers, List<PublisherAcl.FunctionGrant> grants) {
        public Entry {
            grants = List.copyOf(grants);
        }
    }

    public MineAcl {
        entries = entries == null ? null : List.copyOf(entries);
    }

    /** Whether every minion reads everything ({@code mine_acl} not set). */
    boolean open() {
        return entries == null;
    }

    /**
     * Reads the configuration's value.
     *
     * @throws IllegalArgumentException naming the reader target and the entry at fault
     */
    static MineAcl parse(Map<String, Object> raw, Map<String, String> nodegroups) {
        List<Entry> entries = new ArrayList<>();
        raw.forEach((readers, value) -> {
            TargetExpression target;
            try {
                target = TargetExpression.parse(readers, TargetType.COMPOUND, nodegroups);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("reader target '" + readers + "': " + e.getMessage());
            }
            PublisherAcl.Grants grants = PublisherAcl.grants(readers, value, nodegroups);
            if (!grants.rights().isEmpty()) {
                throw new IllegalArgumentException("'" + readers + "': a mine_acl entry grants functions to read, "
                        + "not rights like " + grants.rights().iterator().next());
            }
            entries.add(new Entry(readers, target, grants.functions()));
        });
        return new MineAcl(entries);
    }

    /**
     * What {@code reader} may read of {@code values} ({@code {minion id: value}} of function {@code fun}): those
     * entries, the rest left out silently.
     */
    Map<String, Object> visible(String reader, String fun, Map<String, Object> values,
            AccessPolicy.FactsSource facts) {
        if (open()) {
            return values;
        }
        List<PublisherAcl.FunctionGrant> grants = new ArrayList<>();
        for (Entry e : entries) {
            if (AccessPolicy.matches(e.readers(), reader, facts)) {
                for (PublisherAcl.FunctionGrant g : e.grants()) {
                    if (g.allowsFunction(fun)) {
                        grants.add(g);
                    }
                }
            }
        }
        Map<String, Object> out = new java.util.TreeMap<>();
        values.forEach((id, value) -> {
            if (grants.stream().anyMatch(g -> AccessPolicy.covers(g, id, facts))) {
                out.put(id, value);
            }
        });
        return out;
    }
}
