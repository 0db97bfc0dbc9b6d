package io.brine.modules.iptables;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.modules.cmd.ShellWords;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Salt's {@code iptables} execution functions, with Salt's arguments and returns: {@code append}, {@code insert},
 * {@code delete}, {@code check} (True, or the reason it is not there), {@code flush}, {@code set_policy},
 * {@code get_policy}, {@code new_chain}, {@code delete_chain}, {@code check_chain}, {@code save} and
 * {@code build_rule}. A {@code rule} is the rule specification as written after the chain ({@code -p tcp --dport
 * 22 -j ACCEPT}), split into words as a shell would, but never run through one.
 */
final class IptablesFunction implements ExecutionFunction {
    enum Kind { APPEND, INSERT, DELETE, CHECK, FLUSH, SET_POLICY, GET_POLICY, NEW_CHAIN, DELETE_CHAIN, CHECK_CHAIN,
        SAVE, BUILD_RULE }

    private final Kind kind;
    private final Iptables iptables;

    IptablesFunction(Kind kind, Iptables iptables) {
        this.kind = kind;
        this.iptables = iptables;
    }

    @Override
    public String name() {
        return "iptables." + kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String doc() {
        return switch (kind) {
            case APPEND -> "Appends a rule to a chain; True, or the error.";
            case INSERT -> "Inserts a rule at a position (1 is first) of a chain; True, or the error.";
            case DELETE -> "Deletes a rule from a chain, by its specification or its position; True, or the error.";
            case CHECK -> "True if the rule is in the chain, else why not.";
            case FLUSH -> "Deletes every rule of a chain, or of every chain of the table.";
            case SET_POLICY -> "Sets a built-in chain's policy (ACCEPT, DROP).";
            case GET_POLICY -> "A built-in chain's policy, or None.";
            case NEW_CHAIN -> "Creates a user-defined chain.";
            case DELETE_CHAIN -> "Deletes an empty user-defined chain.";
            case CHECK_CHAIN -> "True if the chain exists in the table.";
            case SAVE -> "Saves the running rules (iptables-save) to a file, by default the distribution's.";
            case BUILD_RULE -> "The rule specification Salt's keyword arguments make (proto=tcp dport=22 "
                    + "jump=ACCEPT), as one line.";
        };
    }

    @Override
    public List<Param> params() {
        Param table = Param.optional("table", Type.STRING, "filter", "filter, nat, mangle, raw or security");
        Param chain = Param.required("chain", Type.STRING, "the chain");
        Param rule = Param.required("rule", Type.STRING, "the rule specification, as after the chain");
        Param family = Param.optional("family", Type.STRING, "ipv4", "ipv4 or ipv6");
        return switch (kind) {
            case APPEND, CHECK -> List.of(table, chain, rule, family);
            case INSERT -> List.of(table, chain, Param.required("position", Type.INTEGER, "1 is first"), rule,
                    family);
            case DELETE -> List.of(table, chain, Param.optional("position", Type.INTEGER, null, "or this position"),
                    Param.optional("rule", Type.STRING, null, "the rule specification"), family);
            case FLUSH -> List.of(table, Param.optional("chain", Type.STRING, null, "only this chain"), family);
            case SET_POLICY -> List.of(table, chain, Param.required("policy", Type.STRING, "ACCEPT, DROP..."), family);
            case GET_POLICY, NEW_CHAIN, DELETE_CHAIN, CHECK_CHAIN -> List.of(table, chain, family);
            case SAVE -> List.of(Param.optional("filename", Type.STRING, null, "default: the distribution's file"),
                    family);
            case BUILD_RULE -> List.of(table, Param.optional("chain", Type.STRING, null, "unused"), family);
        };
    }

    @Override
    public boolean acceptsExtraKeywords() {
        return kind == Kind.BUILD_RULE;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String family = args.string("family");
        String table = kind == Kind.SAVE ? "filter" : args.string("table");
        var runner = context.commands();
        switch (kind) {
            case BUILD_RULE -> {
                return String.join(" ", IptablesRule.of(args.extras()));
            }
            case CHECK -> {
                return iptables.has(runner, family, table, args.string("chain"), words(args.string("rule")))
                        ? (Object) true : "Rule not found in " + args.string("chain");
            }
            case CHECK_CHAIN -> {
                return iptables.chainExists(runner, family, table, args.string("chain"));
            }
            case GET_POLICY -> {
                return iptables.policy(runner, family, table, args.string("chain"));
            }
            case SAVE -> {
                String file = args.string("filename");
                return "Wrote rules to " + iptables.save(runner, family, file == null ? null : Path.of(file),
                        context.grains());
            }
            default -> {
                return answer(iptables.run(runner, family, table, command(args)));
            }
        }
    }

    private List<String> command(Arguments args) throws FunctionException {
        List<String> argv = new ArrayList<>();
        switch (kind) {
            case APPEND -> argv.addAll(List.of("-A", Iptables.chain(args.string("chain"))));
            case INSERT -> argv.addAll(List.of("-I", Iptables.chain(args.string("chain")),
                    String.valueOf(args.integer("position"))));
            case DELETE -> {
                argv.addAll(List.of("-D", Iptables.chain(args.string("chain"))));
                if (args.has("position")) {
                    argv.add(String.valueOf(args.integer("position")));
                    return argv;
                }
                if (!args.has("rule")) {
                    throw new FunctionException("iptables.delete: give a rule or a position");
                }
            }
            case FLUSH -> {
                argv.add("-F");
                if (args.has("chain")) {
                    argv.add(Iptables.chain(args.string("chain")));
                }
                return argv;
            }
            case SET_POLICY -> {
                String policy = args.string("policy");
                if (!policy.matches("[A-Z]+")) {
                    throw new FunctionException("iptables.set_policy: '" + policy + "' is not a policy");
                }
                return List.of("-P", Iptables.chain(args.string("chain")), policy);
            }
            case NEW_CHAIN -> {
                return List.of("-N", Iptables.chain(args.string("chain")));
            }
            case DELETE_CHAIN -> {
                return List.of("-X", Iptables.chain(args.string("chain")));
            }
            default -> throw new IllegalStateException(kind + " runs no command of its own");
        }
        argv.addAll(words(args.string("rule")));
        return argv;
    }

    private List<String> words(String rule) throws FunctionException {
        List<String> words = ShellWords.split(name(), rule);
        IptablesRule.refuseModprobe(words);
        return words;
    }

    /** Salt's answer: True, or what iptables said. */
    private static Object answer(CommandResult r) {
        return r.exitCode() == 0 ? (Object) true : (r.stderr() + r.stdout()).strip();
    }
}
