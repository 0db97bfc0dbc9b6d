package io.brine.modules.iptables;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code iptables} states with Salt's arguments, comments and changes ({@code {'locale': NAME}}):
 * {@code append} and {@code insert} (the rule from the state's keyword arguments, added when {@code -C} does not
 * find it), {@code delete}, {@code set_policy}, {@code flush}, {@code chain_present} and {@code chain_absent}.
 * {@code save: True} writes the running rules to the distribution's file after a change ({@code save: PATH} to
 * that file), as iptables-persistent reads them at boot.
 *
 * <pre>
 * allow-ssh:
 *   iptables.append:
 *     - chain: INPUT
 *     - proto: tcp
 *     - dport: 22
 *     - jump: ACCEPT
 *     - save: True
 * </pre>
 */
final class IptablesState implements StateFunction {
    enum Kind { APPEND, INSERT, DELETE, SET_POLICY, FLUSH, CHAIN_PRESENT, CHAIN_ABSENT }

    private final Kind kind;
    private final Iptables iptables;

    IptablesState(Kind kind, Iptables iptables) {
        this.kind = kind;
        this.iptables = iptables;
    }

    @Override
    public String name() {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String doc() {
        return switch (kind) {
            case APPEND -> "Ensures a rule is in a chain, appending it when it is not (save: True to persist).";
            case INSERT -> "Ensures a rule is in a chain, inserting it at position when it is not.";
            case DELETE -> "Ensures a rule is not in a chain.";
            case SET_POLICY -> "Ensures a built-in chain's policy.";
            case FLUSH -> "Deletes every rule of a chain (or of the table).";
            case CHAIN_PRESENT -> "Ensures a user-defined chain exists.";
            case CHAIN_ABSENT -> "Ensures a user-defined chain does not exist (flushed, then deleted).";
        };
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(List.of(
                Param.optional("table", Type.STRING, "filter", "filter, nat, mangle, raw or security"),
                Param.optional("family", Type.STRING, "ipv4", "ipv4 or ipv6")));
        switch (kind) {
            case APPEND, DELETE, SET_POLICY -> params.add(Param.required("chain", Type.STRING, "the chain"));
            case INSERT -> {
                params.add(Param.required("chain", Type.STRING, "the chain"));
                params.add(Param.required("position", Type.INTEGER, "1 is first"));
            }
            case FLUSH -> params.add(Param.optional("chain", Type.STRING, null, "only this chain"));
            default -> {
            }
        }
        if (kind == Kind.DELETE) {
            params.add(Param.optional("position", Type.INTEGER, null, "delete the rule at this position instead"));
        }
        if (kind == Kind.SET_POLICY) {
            params.add(Param.required("policy", Type.STRING, "ACCEPT, DROP..."));
        }
        if (kind != Kind.CHAIN_PRESENT && kind != Kind.CHAIN_ABSENT) {
            params.add(Param.optional("save", Type.ANY, false, "True: save the rules to the distribution's file "
                    + "after a change; a path: to that file"));
        }
        return params;
    }

    /** The rule's own options (proto, dport, jump...) are the state's other arguments, as in Salt. */
    @Override
    public boolean acceptsExtraArguments() {
        return kind == Kind.APPEND || kind == Kind.INSERT || kind == Kind.DELETE;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        try {
            return switch (kind) {
                case APPEND, INSERT -> add(args, ctx);
                case DELETE -> delete(args, ctx);
                case SET_POLICY -> policy(args, ctx);
                case FLUSH -> flush(args, ctx);
                case CHAIN_PRESENT, CHAIN_ABSENT -> chain(args, ctx);
            };
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }

    private StateResult add(Arguments args, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        String family = args.string("family");
        String table = args.string("table");
        String chain = Iptables.chain(args.string("chain"));
        List<String> rule = IptablesRule.of(args.asMap());
        String shown = show(table, kind == Kind.APPEND ? "-A" : "-I", chain, kind == Kind.INSERT
                ? List.of(String.valueOf(args.integer("position"))) : List.of(), rule);
        if (iptables.has(ctx.commands(), family, table, chain, rule)) {
            return StateResult.ok("iptables rule for " + args.name() + " already set (" + shown + ") for " + family);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", args.name()), "iptables rule for " + args.name()
                    + " needs to be set (" + shown + ") for " + family);
        }
        List<String> argv = new ArrayList<>(kind == Kind.APPEND ? List.of("-A", chain)
                : List.of("-I", chain, String.valueOf(args.integer("position"))));
        argv.addAll(rule);
        CommandResult r = iptables.run(ctx.commands(), family, table, argv);
        if (r.exitCode() != 0) {
            return StateResult.failed("Failed to set iptables rule for " + args.name() + ".\nAttempted rule was "
                    + shown + " for " + family + "\n" + r.stderr().strip());
        }
        String saved = save(args, ctx, family);
        return StateResult.changed(Map.of("locale", args.name()), (saved.isEmpty() ? "Set iptables rule for "
                + args.name() + " to: " + shown : "Set and saved iptables rule " + args.name() + " for " + family
                + "\n" + shown + saved) + (saved.isEmpty() ? " for " + family : ""));
    }

    private StateResult delete(Arguments args, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        String family = args.string("family");
        String table = args.string("table");
        String chain = Iptables.chain(args.string("chain"));
        List<String> argv;
        String shown;
        if (args.has("position")) {
            argv = List.of("-D", chain, String.valueOf(args.integer("position")));
            shown = show(table, "-D", chain, List.of(String.valueOf(args.integer("position"))), List.of());
        } else {
            List<String> rule = IptablesRule.of(args.asMap());
            shown = show(table, "-D", chain, List.of(), rule);
            if (!iptables.has(ctx.commands(), family, table, chain, rule)) {
                return StateResult.ok("iptables rule for " + args.name() + " already absent for " + family + " ("
                        + shown + ")");
            }
            argv = new ArrayList<>(List.of("-D", chain));
            argv.addAll(rule);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", args.name()), "iptables rule for " + args.name()
                    + " needs to be deleted for " + family + " (" + shown + ")");
        }
        CommandResult r = iptables.run(ctx.commands(), family, table, argv);
        if (r.exitCode() != 0) {
            return StateResult.failed("Failed to delete iptables rule for " + args.name() + ".\nAttempted rule was "
                    + shown + " for " + family + "\n" + r.stderr().strip());
        }
        return StateResult.changed(Map.of("locale", args.name()), "Delete iptables rule for " + args.name() + " "
                + shown + save(args, ctx, family));
    }

    private StateResult policy(Arguments args, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        String family = args.string("family");
        String table = args.string("table");
        String chain = Iptables.chain(args.string("chain"));
        String policy = args.string("policy");
        if (!policy.matches("[A-Z]+")) {
            throw new FunctionException("iptables.set_policy: '" + policy + "' is not a policy");
        }
        if (policy.equals(iptables.policy(ctx.commands(), family, table, chain))) {
            return StateResult.ok("iptables default policy for chain " + chain + " on table " + table + " for "
                    + family + " already set to " + policy);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", args.name()), "iptables default policy for chain " + chain
                    + " on table " + table + " for " + family + " needs to be set to " + policy);
        }
        CommandResult r = iptables.run(ctx.commands(), family, table, List.of("-P", chain, policy));
        if (r.exitCode() != 0) {
            return StateResult.failed("Failed to set iptables default policy: " + r.stderr().strip());
        }
        return StateResult.changed(Map.of("locale", args.name()), "Set default policy for " + chain + " to "
                + policy + " family " + family + save(args, ctx, family));
    }

    private StateResult flush(Arguments args, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        String family = args.string("family");
        String table = args.string("table");
        String chain = args.has("chain") ? Iptables.chain(args.string("chain")) : "";
        String what = "Flush iptables rules in " + table + " table " + chain + " chain " + family + " family";
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", args.name()), "iptables rules in " + table + " table "
                    + chain + " chain " + family + " family needs to be flushed");
        }
        CommandResult r = iptables.run(ctx.commands(), family, table, chain.isEmpty() ? List.of("-F")
                : List.of("-F", chain));
        if (r.exitCode() != 0) {
            return StateResult.failed("Failed to flush iptables rules: " + r.stderr().strip());
        }
        return StateResult.changed(Map.of("locale", args.name()), what + save(args, ctx, family));
    }

    private StateResult chain(Arguments args, StateContext ctx) throws IOException, InterruptedException,
            FunctionException {
        String family = args.string("family");
        String table = args.string("table");
        String chain = Iptables.chain(args.name());
        boolean exists = iptables.chainExists(ctx.commands(), family, table, chain);
        boolean want = kind == Kind.CHAIN_PRESENT;
        if (exists == want) {
            return StateResult.ok(want ? "iptables " + chain + " chain is already exist in " + table + " table for "
                    + family : "iptables " + chain + " chain is already absent in " + table + " table for " + family);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", chain), "iptables " + chain + " chain in " + table
                    + " table needs to be " + (want ? "set" : "removed") + " for " + family);
        }
        if (!want) {
            CommandResult flushed = iptables.run(ctx.commands(), family, table, List.of("-F", chain));
            if (flushed.exitCode() != 0) {
                return StateResult.failed("Failed to flush " + chain + " chain in " + table + " table: "
                        + flushed.stderr().strip() + " for " + family);
            }
        }
        CommandResult r = iptables.run(ctx.commands(), family, table, List.of(want ? "-N" : "-X", chain));
        if (r.exitCode() != 0) {
            return StateResult.failed("Failed to " + (want ? "create" : "delete") + " " + chain + " chain in " + table
                    + " table: " + r.stderr().strip() + " for " + family);
        }
        return StateResult.changed(Map.of("locale", chain), "iptables " + chain + " chain in " + table + " table "
                + (want ? "create" : "delete") + " success for " + family);
    }

    /** Saves after a change when asked ({@code save: True} or a path); what to add to the comment. */
    private String save(Arguments args, StateContext ctx, String family) throws IOException, InterruptedException,
            FunctionException {
        Object save = args.raw("save");
        if (save == null || Boolean.FALSE.equals(save) || "".equals(save) || "False".equals(save)) {
            return "";
        }
        Path file = Boolean.TRUE.equals(save) || "True".equals(save) ? null : Path.of(String.valueOf(save));
        if (file != null && !file.isAbsolute()) {
            throw new FunctionException("iptables: save must be True or an absolute path, got '" + save + "'");
        }
        return "\nSaved to " + iptables.save(ctx.commands(), family, file, ctx.grains());
    }

    private static String show(String table, String command, String chain, List<String> position, List<String> rule) {
        List<String> words = new ArrayList<>(List.of("--table", table, command, chain));
        words.addAll(position);
        for (String w : rule) {
            words.add(w.contains(" ") ? "\"" + w + "\"" : w);
        }
        return String.join(" ", words);
    }
}
