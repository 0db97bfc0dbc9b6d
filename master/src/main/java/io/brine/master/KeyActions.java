package io.brine.master;

import io.brine.protocol.KeyRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Carries out a {@link KeyRequest} through a {@link MasterKeys} view, which checks and audits each step. */
final class KeyActions {
    private KeyActions() {
    }

    /** The ids grouped as {@code brine key} prints them: by status for {@code list}, else by outcome. */
    static Map<String, List<String>> apply(MasterKeys keys, KeyRequest request) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        switch (request.action()) {
            case "list" -> {
                KeyList all = keys.list();
                out.put("accepted", all.accepted());
                out.put("pending", all.pending());
                out.put("rejected", all.rejected());
                out.put("denied", all.denied());
            }
            case "accept-all" -> out.put("accepted", keys.acceptAll());
            case "accept" -> each(out, "accepted", request.ids(), keys::accept);
            case "reject" -> each(out, "rejected", request.ids(), keys::reject);
            case "delete" -> each(out, "deleted", request.ids(), keys::delete);
            default -> throw new IllegalArgumentException("unknown key action " + request.action());
        }
        return out;
    }

    private static void each(Map<String, List<String>> out, String verb, List<String> ids,
            java.util.function.Predicate<String> action) {
        List<String> done = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        ids.forEach(id -> (action.test(id) ? done : missing).add(id));
        out.put(verb, done);
        out.put("not_found", missing);
    }
}
