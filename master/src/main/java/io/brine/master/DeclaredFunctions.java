package io.brine.master;

import io.brine.protocol.EncodedMap;
import io.brine.protocol.FunctionSignature;
import io.brine.protocol.MalformedMessageException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The function signatures each minion reported with its grains, so a job whose arguments a minion would refuse,
 * or whose function no targeted minion runs, is refused here, before anything is published, with the minion's own
 * words. Minions that reported nothing (older ones, or whose report has not arrived yet) are never refused on
 * doubt: they are left to their own check, and so are functions a minion declared in a form the master cannot
 * read. A fleet reports a few distinct sets, which are kept once each.
 */
final class DeclaredFunctions {
    private static final Logger LOG = System.getLogger(DeclaredFunctions.class.getName());
    /** More functions than any minion has; a report beyond is cut (a hostile minion gains nothing by it). */
    static final int MAX_FUNCTIONS = 4096;
    /** Distinct declaration sets kept shared; beyond, each minion keeps its own. */
    private static final int MAX_SHARED = 64;

    /**
     * What one report declared: every name (for whether a function exists there; {@code complete} false when the
     * report was cut, so a name beyond the cut proves nothing) and the signatures the master could read.
     */
    private record Declared(Set<String> names, boolean complete, Map<String, FunctionSignature> signatures,
            Map<String, String> docs) {
    }

    /** The longest documentation kept per function; a minion's longer text is cut here. */
    static final int MAX_DOC_CHARS = 400;

    private final Map<String, Declared> byMinion = new ConcurrentHashMap<>();
    private final Map<EncodedMap, Declared> shared = new ConcurrentHashMap<>();

    /**
     * Takes {@code minionId}'s report: decoded only if no minion sent the same bytes before. A report that does not
     * decode (its shape passed the codec's walk, a string or key did not) tells nothing, as an empty one.
     */
    void reported(String minionId, EncodedMap wire) {
        if (wire.isEmpty()) {
            byMinion.remove(minionId);
            return;
        }
        Declared parsed = shared.get(wire);
        if (parsed == null) {
            try {
                parsed = parse(wire.decode());
            } catch (MalformedMessageException e) {
                byMinion.remove(minionId);
                LOG.log(Level.WARNING, "the function declarations of " + minionId + " are unreadable ("
                        + e.getMessage() + "); its jobs are left to its own checks");
                return;
            }
            if (shared.size() < MAX_SHARED) {
                shared.putIfAbsent(wire, parsed);
            }
        }
        byMinion.put(minionId, parsed);
    }

    /**
     * Why {@code function} cannot run on {@code minions}: every one of them declared what it runs (completely),
     * and none declared it ("web1, web2: 'nosuch.fn' is not available on these minions", the minion's own words; a
     * function its functions_allowed or functions_denied refuses is not declared either). Empty when some minion
     * declares it, some minion's declarations are unknown (it may run it), or there are no minions.
     */
    Optional<String> undeclared(String function, List<String> minions) {
        if (minions.isEmpty()) {
            return Optional.empty();
        }
        for (String id : minions) {
            Declared d = byMinion.get(id);
            if (d == null || !d.complete() || d.names().contains(function)) {
                return Optional.empty();
            }
        }
        return Optional.of(shortList(minions) + ": '" + function + "' is not available on "
                + (minions.size() == 1 ? "this minion" : "these minions"));
    }

    /**
     * Why the job would be refused by some of {@code minions}, grouped by reason ("web1, web2: test.echo is
     * missing its required argument 'text'"), or empty when every minion that declared the function accepts it.
     */
    Optional<String> refusal(String function, List<Object> args, Map<String, Object> kwargs, List<String> minions) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        Map<FunctionSignature, Optional<String>> checked = new java.util.IdentityHashMap<>();
        for (String id : minions) {
            Declared declared = byMinion.get(id);
            FunctionSignature signature = declared == null ? null : declared.signatures().get(function);
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

    /**
     * What {@code minionId} declared, sorted by name, for people to read (the console's minion page); empty when
     * the master has not heard its report.
     */
    List<FunctionDeclaration> declarations(String minionId) {
        Declared d = byMinion.get(minionId);
        if (d == null) {
            return List.of();
        }
        return d.names().stream().sorted().map(n -> declaration(n, d.signatures().get(n), d.docs().get(n))).toList();
    }

    private static FunctionDeclaration declaration(String name, FunctionSignature s, String doc) {
        if (s == null) {
            return new FunctionDeclaration(name, List.of(), false, doc);
        }
        return new FunctionDeclaration(name, s.inputs().stream().map(i -> new FunctionDeclaration.Input(i.name(),
                i.type().name().toLowerCase(java.util.Locale.ROOT), i.required(), i.rest())).toList(), s.extras(), doc);
    }

    private static Declared parse(Map<String, Object> wire) {
        Map<String, FunctionSignature> out = new LinkedHashMap<>();
        Map<String, String> docs = new java.util.HashMap<>();
        Set<String> names = new HashSet<>();
        for (Map.Entry<String, Object> e : wire.entrySet()) {
            if (names.size() >= MAX_FUNCTIONS) {
                break;
            }
            names.add(e.getKey());
            FunctionSignature.fromWire(e.getKey(), e.getValue()).ifPresent(s -> out.put(e.getKey(), s));
            if (e.getValue() instanceof Map<?, ?> m && m.get("doc") instanceof String doc && !doc.isBlank()) {
                docs.put(e.getKey(), doc.length() > MAX_DOC_CHARS ? doc.substring(0, MAX_DOC_CHARS) + "..." : doc);
            }
        }
        return new Declared(Set.copyOf(names), wire.size() <= MAX_FUNCTIONS, Map.copyOf(out), Map.copyOf(docs));
    }

    private static String shortList(List<String> ids) {
        return ids.size() <= 3 ? String.join(", ", ids)
                : String.join(", ", ids.subList(0, 3)) + " and " + (ids.size() - 3) + " more";
    }
}
