package io.brine.modules.git;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code git.config_set}: a git configuration key with one value ({@code value}) or exactly these values
 * ({@code multivar}), in a repository's own config or, with {@code global: True}, in the user's ~/.gitconfig.
 *
 * <pre>
 * user.email:
 *   git.config_set:
 *     - value: deploy@example.com
 *     - repo: /srv/app
 * </pre>
 */
final class GitConfigSet implements StateFunction {
    @Override
    public String name() {
        return "config_set";
    }

    @Override
    public String doc() {
        return "Sets a git configuration key to a value, or to a list of values, in a repository or globally.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("value", Type.STRING, null, "the one value the key should have"),
                Param.optional("multivar", Type.STRING_LIST, null, "the values a multi-valued key should have, in order"),
                Param.optional("repo", Type.STRING, null, "the repository whose config to set (not with global)"),
                Param.optional("global", Type.BOOLEAN, false, "set it in the user's global config instead"),
                Param.optional("user", Type.STRING, null, "the account whose git runs (and whose global config it is)"));
    }

    /**
     * Any key: git runs the values of many as commands (core.sshCommand, core.fsmonitor, core.hooksPath, alias.*,
     * filter.*.clean, credential.helper, include.path...), and the list grows with git, so none is told apart.
     */
    @Override
    public List<Effect> effects(Arguments args) {
        return List.of(new Effect.ChangesHowCommandsRun("git configuration ('" + args.name() + "')", "git runs the "
                + "values of many keys as commands (core.sshCommand, core.fsmonitor, alias.*, filter.*.clean...)"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String key = args.name();
        boolean global = args.bool("global");
        if (args.has("value") == args.has("multivar")) {
            return StateResult.failed(args.has("value") ? "Only one of 'value' and 'multivar' is permitted"
                    : "Either 'value' or 'multivar' must be specified");
        }
        if (!global && !args.has("repo")) {
            return StateResult.failed("Non-global config options require the 'repo' argument to be set");
        }
        Path repo = global ? null : Path.of(args.string("repo"));
        if (repo != null && !Files.isDirectory(repo)) {
            return StateResult.failed("Repository " + repo + " does not exist");
        }
        List<String> wanted = args.has("value") ? List.of(args.string("value")) : args.strings("multivar");
        String scope = global ? "--global" : "--local";
        String label = (global ? "Global key '" : "'") + key + "'";
        try {
            Git git = Git.as(args.string("user"), ctx);
            List<String> before = values(git, repo, scope, key);
            Object shown = shown(wanted, args.has("multivar"));
            if (before.equals(wanted)) {
                return StateResult.ok(label + " is already set to " + describe(shown));
            }
            Map<String, Object> changes = new LinkedHashMap<>();
            changes.put("old", shown(before, args.has("multivar")));
            changes.put("new", shown);
            if (ctx.test()) {
                return StateResult.pending(changes, label + " would be set to " + describe(shown));
            }
            if (!before.isEmpty()) {
                git.run(repo, "config", scope, "--unset-all", key);
            }
            for (String value : wanted) {
                git.run(repo, "config", scope, "--add", key, value);
            }
            changes.put("new", shown(values(git, repo, scope, key), args.has("multivar")));
            return StateResult.changed(changes, label + " was set to " + describe(shown));
        } catch (Git.GitFailure e) {
            return StateResult.failed(e.getMessage());
        }
    }

    /** Every value of the key, in order; none when it is unset (git config exits 1). */
    private static List<String> values(Git git, Path repo, String scope, String key)
            throws IOException, InterruptedException {
        return git.optional(repo, "config", scope, "--get-all", key).map(v -> v.lines().toList())
                .orElse(new ArrayList<>());
    }

    /** As Salt reports it: nothing for an unset key, the string for a single value, the list for a multivar. */
    private static Object shown(List<String> values, boolean multivar) {
        if (values.isEmpty()) {
            return null;
        }
        return multivar || values.size() > 1 ? List.copyOf(values) : values.get(0);
    }

    private static String describe(Object shown) {
        return shown instanceof List<?> list ? list.toString() : "'" + shown + "'";
    }
}
