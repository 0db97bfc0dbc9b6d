package io.brine.modules.debconf;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code debconf.set}: pre-answers a package's debconf questions, so that installing or reconfiguring it asks
 * nothing. Only answers that differ from the recorded ones are set; a boolean is written as debconf's
 * {@code true}/{@code false}, and a password's value never appears in the result.
 *
 * <pre>
 * postfix-debconf:
 *   debconf.set:
 *     - name: postfix
 *     - data:
 *         'postfix/main_mailer_type': {'type': 'select', 'value': 'Internet Site'}
 *         'postfix/mailname': {'type': 'string', 'value': 'mail.example.com'}
 * </pre>
 */
final class DebconfSet implements StateFunction {
    @Override
    public String name() {
        return "set";
    }

    @Override
    public String doc() {
        return "Sets debconf answers for a package's questions: data maps each question to {type, value}.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("data", Type.MAP,
                "question: {type: string|boolean|select|multiselect|password|..., value: the answer}"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        List<Selection> wanted;
        try {
            wanted = wanted(args.name(), args.map("data"));
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        Selections db = new Selections(ctx.commands());
        List<Selection> current;
        try {
            current = db.of(args.name());
        } catch (IOException e) {
            return StateResult.failed(e.getMessage());
        }
        List<Selection> missing = wanted.stream().filter(w -> !current.contains(w)).toList();
        List<String> unchanged = wanted.stream().filter(current::contains).map(Selection::question).toList();
        if (missing.isEmpty()) {
            return StateResult.ok("All specified answers are already set");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        String kept = unchanged.isEmpty() ? "" : "; unchanged answers: " + String.join(" ", unchanged);
        if (ctx.test()) {
            missing.forEach(s -> changes.put(s.question(), "New value: " + s.shown()));
            return StateResult.pending(changes, missing.size() + " answer(s) would be set" + kept);
        }
        Optional<String> refused = db.set(missing);
        if (refused.isPresent()) {
            return StateResult.failed("Some settings failed to be applied: " + refused.get());
        }
        missing.forEach(s -> changes.put(s.question(), s.shown()));
        return StateResult.changed(changes, missing.size() + " answer(s) set" + kept);
    }

    /** The answers asked for, in the order written, each a {type, value} mapping. */
    private static List<Selection> wanted(String owner, Map<String, Object> data) {
        List<Selection> wanted = new ArrayList<>();
        for (Map.Entry<String, Object> e : data.entrySet()) {
            if (!(e.getValue() instanceof Map<?, ?> answer) || answer.get("type") == null
                    || !answer.containsKey("value")) {
                throw new IllegalArgumentException("data['" + e.getKey() + "'] must be a mapping with 'type' and 'value'");
            }
            String type = String.valueOf(answer.get("type"));
            wanted.add(new Selection(owner, e.getKey(), type, value(type, answer.get("value"))));
        }
        return wanted;
    }

    /** debconf's own spelling: booleans lower-case whatever YAML made of them, multiselect items joined by ", ". */
    private static String value(String type, Object value) {
        if (type.equals("boolean")) {
            boolean yes = value instanceof Boolean b ? b
                    : List.of("true", "yes", "on", "1").contains(String.valueOf(value).strip().toLowerCase(Locale.ROOT));
            return yes ? "true" : "false";
        }
        if (value instanceof List<?> items) {
            return items.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        return value == null ? "" : String.valueOf(value);
    }
}
