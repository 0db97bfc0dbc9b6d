package io.brine.functions;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What this minion agrees to run, whatever the master asks: {@code functions_allowed} (globs, default every
 * function), {@code functions_denied} (globs, checked after), and {@code cmd_allowed} (regular expressions that
 * the whole command line of every {@code cmd.*} function, and of every command a state runs or installs, must
 * match; unset, any command). A list command ({@code ['systemctl', 'reload', 'nginx']}) is matched as its words
 * joined by single spaces.
 *
 * <p>The check runs on the minion, after the master's own checks, so a guest owner can prove what a compromised
 * or careless master could make it do. Execution functions are matched by name; state functions by theirs too
 * ({@code functions_denied: [file.*]} refuses {@code file.managed}), and every command a state would run, now or
 * later ({@code cron.present}'s job), is judged as {@code cmd.run} with that command line (see {@link Effect}).
 * With {@code functions_allowed: [test.*, trove.*]} no job, state or template reaches a shell.
 *
 * <pre>{@code
 * FunctionPolicy p = new FunctionPolicy(List.of("test.*", "cmd.run"), List.of(), List.of("systemctl (start|stop) \\w+"));
 * p.refusal("cmd.run", "rm -rf /");   // "command 'rm -rf /' matches no cmd_allowed pattern"
 * }</pre>
 */
public final class FunctionPolicy {
    /**
     * The shell a command line runs through unless a caller asks for another, and the minion's {@code shell} grain:
     * {@code /bin/bash} where it exists, else {@code /bin/sh}. Salt's cmd functions run through the minion's shell
     * (its {@code shell} grain, bash on the distributions formulas are written for), and formulas rely on bash's
     * syntax ({@code [[ ]]}, {@code $'...'}, {@code set -o pipefail}).
     */
    public static final String DEFAULT_SHELL = java.nio.file.Files.isExecutable(java.nio.file.Path.of("/bin/bash"))
            ? "/bin/bash" : "/bin/sh";

    /** Every function and command: Brine's default, as Salt's. */
    public static final FunctionPolicy ALLOW_ALL = new FunctionPolicy(List.of("*"), List.of(), null);

    private record Glob(String text, PathMatcher matcher) {
        boolean matches(String name) {
            // The JDK's glob matcher is well tested; function names have no '/', so its path rules never apply.
            return matcher.matches(Path.of(name));
        }
    }

    private final List<Glob> allowed;
    private final List<Glob> denied;
    private final List<Pattern> commands;

    /**
     * @param commandPatterns null for no restriction on commands
     * @throws IllegalArgumentException naming the glob or expression that does not compile
     */
    public FunctionPolicy(List<String> allowedGlobs, List<String> deniedGlobs, List<String> commandPatterns) {
        this.allowed = globs("functions_allowed", allowedGlobs);
        this.denied = globs("functions_denied", deniedGlobs);
        this.commands = commandPatterns == null ? null : patterns(commandPatterns);
    }

    /** Why {@code function} may not run here; empty if it may. */
    public Optional<String> functionRefusal(String function) {
        for (Glob g : denied) {
            if (g.matches(function)) {
                return Optional.of(function + " is refused by functions_denied '" + g.text() + "'");
            }
        }
        if (allowed.stream().noneMatch(g -> g.matches(function))) {
            return Optional.of(function + " is refused: it matches no functions_allowed pattern");
        }
        return Optional.empty();
    }

    /** Why {@code commandLine} may not run as {@code function} (a cmd.* function); empty if it may. */
    public Optional<String> refusal(String function, String commandLine) {
        Optional<String> no = functionRefusal(function);
        if (no.isPresent() || commands == null) {
            return no;
        }
        if (commands.stream().noneMatch(p -> p.matcher(commandLine).matches())) {
            return Optional.of("command '" + commandLine + "' matches no cmd_allowed pattern");
        }
        return Optional.empty();
    }

    /**
     * Why a command may not run with this shell or these environment changes; empty if it may. With
     * {@code cmd_allowed} set, matching the command line proves nothing if the caller may also pick the shell or
     * set {@code BASH_ENV}, {@code LD_PRELOAD} and the like, which run other code: so then commands run only
     * through {@code /bin/sh} and with the minion's own environment.
     */
    public Optional<String> optionRefusal(String function, String shell, Map<String, ?> env) {
        return judge(function, Effect.ofOptions(shell, env));
    }

    /**
     * Why the state function {@code state} ({@code file.managed}) may not act here with these effects; empty if it
     * may. The state's own name is matched against {@code functions_allowed} and {@code functions_denied} as a
     * function's is, so {@code file.*} covers {@code file.managed}; then each effect is judged: a command line as
     * {@code cmd.run} with that line, a change to how commands run under {@code cmd_allowed}, an execution function
     * called as a job naming it.
     */
    public Optional<String> stateRefusal(String state, List<Effect> effects) {
        Optional<String> family = functionRefusal(state);
        return family.isPresent() ? family : judge(state, effects);
    }

    private Optional<String> judge(String caller, List<Effect> effects) {
        for (Effect effect : effects) {
            Optional<String> no = Optional.empty();
            if (effect instanceof Effect.RunsCommand c) {
                no = refusal("cmd.run", c.line()).map(why -> caller + ": " + c.role() + " is refused: " + why);
            } else if (effect instanceof Effect.ChangesHowCommandsRun c && commands != null) {
                no = Optional.of(caller + ": " + c.what() + " is refused: with cmd_allowed set, " + c.why());
            } else if (effect instanceof Effect.CallsFunction c) {
                no = functionRefusal(c.function()).map(why -> caller + ": " + why);
            }
            if (no.isPresent()) {
                return no;
            }
        }
        return Optional.empty();
    }

    /** The command line a {@code cmd} argument stands for: a string as it is, a list as its words joined. */
    public static String commandLine(Object cmd) {
        if (cmd instanceof List<?> words) {
            return String.join(" ", words.stream().map(String::valueOf).toList());
        }
        return String.valueOf(cmd);
    }

    /** The catalog as this policy shows it: only the functions it would run (for sys.list_functions, sys.doc). */
    public FunctionCatalog visible(FunctionCatalog all) {
        return new FunctionCatalog() {
            @Override
            public Optional<ExecutionFunction> find(String name) {
                return functionRefusal(name).isPresent() ? Optional.empty() : all.find(name);
            }

            @Override
            public SortedSet<String> names() {
                SortedSet<String> names = new TreeSet<>(all.names());
                names.removeIf(n -> functionRefusal(n).isPresent());
                return names;
            }

            @Override
            public Optional<StateFunction> state(String name) {
                // Still found: the state engine refuses it when it would act, as a failed state naming the rule,
                // which an "unknown state function" compile error would not.
                return all.state(name);
            }

            @Override
            public SortedSet<String> stateNames() {
                SortedSet<String> names = new TreeSet<>(all.stateNames());
                names.removeIf(n -> functionRefusal(n).isPresent());
                return names;
            }
        };
    }

    private static List<Glob> globs(String key, List<String> texts) {
        List<Glob> out = new ArrayList<>();
        for (String text : texts) {
            try {
                out.add(new Glob(text, FileSystems.getDefault().getPathMatcher("glob:" + text)));
            } catch (IllegalArgumentException e) { // PatternSyntaxException among them
                throw new IllegalArgumentException(key + ": '" + text + "' is not a valid glob", e);
            }
        }
        return List.copyOf(out);
    }

    private static List<Pattern> patterns(List<String> texts) {
        List<Pattern> out = new ArrayList<>();
        for (String text : texts) {
            try {
                out.add(Pattern.compile(text));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("cmd_allowed: '" + text + "' is not a valid regular expression: "
                        + e.getDescription(), e);
            }
        }
        return List.copyOf(out);
    }
}
