package io.brine.master;

import io.brine.protocol.FunctionSignature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The function signatures each minion reported with its grains, so a job whose arguments a minion would refuse
 * is refused here, before anything is published, with the minion's own words. Minions that reported nothing
 * (older ones), and functions they did not declare, are left to the minion's own check. A fleet reports a few
 * distinct sets, which are kept once each.
 */
final class DeclaredFunctions {
    /** More functions than any minion has; a report beyond is cut (a hostile minion gains nothing by it). */
    static final int MAX_FUNCTIONS = 4096;
    /** Distinct declaration sets kept shared; beyond, each minion keeps its own. */
    private static final int MAX_SHARED = 64;

    private final Map<String, Map<String, FunctionSignature>> byMinion = new ConcurrentHashMap<>();
    private final Map<Map<String, Object>, Map<String, FunctionSignature>> shared = new ConcurrentHashMap<>();

    void reported(String minionId, Map<String, Object> wire) {
        if (wire.isEmpty()) {
            byMinion.remove(minionId);
            return;
        }
        Map<String, FunctionSignature> parsed = shared.get(wire);
        if (parsed == null) {
            parsed = parse(wire);
            if (shared.size() < MAX_SHARED) {
                shared.putIfAbsent(wire, parsed);
            }
        }
        byMinion.put(minionId, parsed);
    }

    /**
     * Why the job would be refused by some of {@code minions}, grouped by reason ("web1, web2: test.echo is
     * missing its required argument 'text'"), or empty when every minion that declared the function accepts it.
     */
    Optional<String> refusal(String function, List<Object> args, Map<String, Object> kwargs, List<String> minions) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        Map<FunctionSignature, Optional<String>> checked = new java.util.IdentityHashMap<>();
        for (String id : minions) {
            Map<String, FunctionSignature> declared = byMinion.get(id);
            FunctionSignature signature = declared == null ? null : declared.get(function);
            if (signature == null) {
                continue;
            }
            Optional<String> why = checked.computeIfAbsent(signature, s -> s.refusal(
                    args == null ? List.of() : args, kwargs == null ? Map.of() : kwargs));
            why.ifPresent(w -> byReason.computeIfAbsent(w, k -> new ArrayList<>()).add(id));
        }
        if (byReason.isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        byReason.forEach((why, ids) -> parts.add(shortList(ids) + ": " + why));
        return Optional.of(String.join("; ", parts));
    }

    private static Map<String, FunctionSignature> parse(Map<String, Object> wire) {
        Map<String, FunctionSignature> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : wire.entrySet()) {
            if (out.size() >= MAX_FUNCTIONS) {
                break;
            }
            FunctionSignature.fromWire(e.getKey(), e.getValue()).ifPresent(s -> out.put(e.getKey(), s));
        }
        return Map.copyOf(out);
    }

    private static String shortList(List<String> ids) {
        return ids.size() <= 3 ? String.join(", ", ids)
                : String.join(", ", ids.subList(0, 3)) + " and " + (ids.size() - 3) + " more";
    }
}
