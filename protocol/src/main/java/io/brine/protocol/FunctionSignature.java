package io.brine.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a minion declares a function takes, as it reports it to its master: the inputs in positional order,
 * and whether unknown keyword arguments are passed on. The master checks a job against it before publishing
 * ({@link #refusal}), by the same rules the minion binds arguments with, so a mistyped call is refused with
 * the same message without a job being sent; the minion still checks.
 */
public record FunctionSignature(String name, List<Input> inputs, boolean extras) {
    /**
     * One declared input, what it allows beyond its type, and whether it is a rest: a last list input taking the
     * positional arguments left over, as Salt's {@code *args} (both reported only by minions that declare them).
     */
    public record Input(String name, ValueType type, boolean required, AllowedValues allowed, boolean rest) {
        public Input {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            allowed = allowed == null ? AllowedValues.NONE : allowed;
        }

        /** An input that allows anything of its type. */
        public Input(String name, ValueType type, boolean required) {
            this(name, type, required, AllowedValues.NONE, false);
        }

        public Input(String name, ValueType type, boolean required, AllowedValues allowed) {
            this(name, type, required, allowed, false);
        }
    }

    public FunctionSignature {
        Objects.requireNonNull(name, "name");
        inputs = List.copyOf(inputs);
    }

    /**
     * Salt's {@code *args}: the positional arguments from the last declared one on, folded into one list in its
     * place; a lone list there is that list already. The master's check and the minion's binding both fold
     * through here, so that they agree on what a call means. {@code declared} counts the declared inputs, the
     * collecting one last. Example: {@code foldRest(List.of("/p", "l1", "l2"), 2)} is {@code ["/p", ["l1", "l2"]]}.
     */
    public static List<Object> foldRest(List<Object> args, int declared) {
        if (args.size() < declared || args.size() == declared && args.get(args.size() - 1) instanceof List) {
            return args;
        }
        List<Object> folded = new ArrayList<>(args.subList(0, declared - 1));
        folded.add(new ArrayList<>(args.subList(declared - 1, args.size())));
        return folded;
    }

    /** Why {@code args} and {@code kwargs} cannot be bound to these inputs, or empty when they can. */
    public Optional<String> refusal(List<Object> args, Map<String, Object> kwargs) {
        if (!inputs.isEmpty() && inputs.get(inputs.size() - 1).rest()) {
            args = foldRest(args, inputs.size());
        }
        if (args.size() > inputs.size()) {
            return Optional.of(name + " takes at most " + inputs.size() + " positional arguments, got " + args.size());
        }
        Map<String, Object> bound = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            Optional<String> bad = convert(inputs.get(i), args.get(i));
            if (bad.isPresent()) {
                return bad;
            }
            bound.put(inputs.get(i).name(), args.get(i));
        }
        for (Map.Entry<String, Object> e : kwargs.entrySet()) {
            Optional<Input> input = inputs.stream().filter(x -> x.name().equals(e.getKey())).findFirst();
            if (input.isEmpty()) {
                if (extras) {
                    continue;
                }
                return Optional.of(name + " has no parameter '" + e.getKey() + "'; it takes "
                        + inputs.stream().map(Input::name).toList());
            }
            if (bound.containsKey(e.getKey())) {
                return Optional.of(name + ": '" + e.getKey() + "' given both by position and by name");
            }
            Optional<String> bad = convert(input.get(), e.getValue());
            if (bad.isPresent()) {
                return bad;
            }
            bound.put(e.getKey(), e.getValue());
        }
        for (Input input : inputs) {
            if (input.required() && !bound.containsKey(input.name())) {
                return Optional.of(name + " is missing its required argument '" + input.name() + "'");
            }
        }
        return Optional.empty();
    }

    private Optional<String> convert(Input input, Object value) {
        Object converted;
        try {
            converted = input.type().convert(value);
        } catch (IllegalArgumentException e) {
            return Optional.of(name + ": argument '" + input.name() + "' " + e.getMessage() + ", got '" + value + "'");
        }
        return input.allowed().refusal(converted).map(why -> name + ": argument '" + input.name() + "' " + why);
    }

    /**
     * The form sent in a {@link GrainsReport}: {@code {"inputs": [{"name", "type", "required"}], "extras"}}, an
     * input adding {@link AllowedValues#toWire() choices and bounds} when it declares them, and {@code "rest": true}
     * when it takes the positional arguments left over.
     */
    public Map<String, Object> toWire() {
        List<Object> list = new ArrayList<>();
        for (Input i : inputs) {
            Map<String, Object> input = new LinkedHashMap<>();
            input.put("name", i.name());
            input.put("type", i.type().name().toLowerCase(Locale.ROOT));
            input.put("required", i.required());
            input.putAll(i.allowed().toWire());
            if (i.rest()) {
                input.put("rest", true);
            }
            list.add(input);
        }
        return Map.of("inputs", list, "extras", extras);
    }

    /**
     * Reads what a minion reported; empty when it is not in the expected shape (a declaration the master cannot
     * read is not checked against, and the minion's own check still applies).
     */
    public static Optional<FunctionSignature> fromWire(String name, Object wire) {
        if (!(wire instanceof Map<?, ?> m) || !(m.get("inputs") instanceof List<?> list)
                || !(m.get("extras") instanceof Boolean extras)) {
            return Optional.empty();
        }
        List<Input> inputs = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> i) || !(i.get("name") instanceof String n)
                    || !(i.get("type") instanceof String t) || !(i.get("required") instanceof Boolean r)) {
                return Optional.empty();
            }
            try {
                inputs.add(new Input(n, ValueType.valueOf(t.toUpperCase(Locale.ROOT)), r, AllowedValues.fromWire(i),
                        Boolean.TRUE.equals(i.get("rest"))));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return Optional.of(new FunctionSignature(name, inputs, extras));
    }
}
