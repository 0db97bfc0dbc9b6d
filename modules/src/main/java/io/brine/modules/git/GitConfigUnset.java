package io.brine.modules.git;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
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
 * {@code git.config_unset}: no git configuration key matching {@code name} (a regular expression over the whole
 * key) has a value matching {@code value_regex} (any value when absent). A key with several matching values is
 * left alone and the state fails unless {@code all: True}, as in Salt, since removing every value of a multivar
 * is rarely what a single-value pattern meant.
 *
 * <pre>
 * remove-proxy:
 *   git.config_unset:
 *     - name: 'http\..*proxy'
 *     - all: True
 *     - repo: /srv/app
 * </pre>
 */
final class GitConfigUnset implements StateFunction {
    @Override
    public String name() {
        return "config_unset";
    }

    @Override
    public String doc() {
        return "Unsets the git configuration keys matching a regular expression (and their values matching another).";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("value_regex", Type.STRING, null, "only values matching this (git's own pattern syntax)"),
                Param.optional("all", Type.BOOLEAN, false, "unset every matching value of a multivar too"),
                Param.optional("repo", Type.STRING, null, "the repository whose config to change (not with global)"),
                Param.optional("global", Type.BOOLEAN, false, "change the user's global config instead"),
                Param.optional("user", Type.STRING, null, "the account whose git runs (and whose global config it is)"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        boolean global = args.bool("global");
        if (!global && !args.has("repo")) {
            return StateResult.failed("Non-global config options require the 'repo' argument to be set");
        }
        Path repo = global ? null : Path.of(args.string("repo"));
        if (repo != null && !Files.isDirectory(repo)) {
            return StateResult.failed("Repository " + repo + " does not exist");
        }
        // git matches the key expression anywhere in the name; Salt's anchors it to the whole name.
        String keyRegex = "^" + stripAnchors(args.name()) + "$";
        String valueRegex = args.string("value_regex");
        String scope = global ? "--global" : "--local";
        try {
            Git git = Git.as(args.string("user"), ctx);
            Map<String, List<String>> matches = matching(git, repo, scope, keyRegex, valueRegex);
            if (matches.isEmpty()) {
                return StateResult.ok("No matching keys are set");
            }
            if (!args.bool("all")) {
                List<String> greedy = matches.entrySet().stream().filter(e -> e.getValue().size() > 1)
                        .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")").toList();
                if (!greedy.isEmpty()) {
                    return StateResult.failed((valueRegex != null ? "Multiple values are matched by value_regex"
                            : "Multivar(s) matched by the key expression") + " (set 'all' to True to remove them): "
                            + String.join("; ", greedy));
                }
            }
            if (ctx.test()) {
                return StateResult.pending(new LinkedHashMap<>(matches),
                        matches.size() + " key(s) would have value(s) unset");
            }
            return unset(git, repo, scope, matches, valueRegex, args.bool("all"), keyRegex);
        } catch (Git.GitFailure e) {
            return StateResult.failed(e.getMessage());
        }
    }

    private static StateResult unset(Git git, Path repo, String scope, Map<String, List<String>> matches,
            String valueRegex, boolean all, String keyRegex) throws IOException, InterruptedException, Git.GitFailure {
        Map<String, List<String>> before = matching(git, repo, scope, keyRegex, null);
        for (String key : matches.keySet()) {
            List<String> argv = new ArrayList<>(List.of("config", scope, all ? "--unset-all" : "--unset", key));
            if (valueRegex != null) {
                argv.add(valueRegex);
            }
            git.run(repo, argv.toArray(String[]::new));
        }
        Map<String, List<String>> after = matching(git, repo, scope, keyRegex, null);
        Map<String, Object> changes = new LinkedHashMap<>();
        before.forEach((key, values) -> {
            List<String> kept = after.getOrDefault(key, List.of());
            List<String> gone = values.stream().filter(v -> !kept.contains(v)).toList();
            if (!gone.isEmpty()) {
                changes.put(key, gone);
            }
        });
        Map<String, List<String>> left = matching(git, repo, scope, keyRegex, valueRegex);
        if (!left.isEmpty()) {
            return new StateResult(false, changes, "Failed to unset value(s): " + left);
        }
        return StateResult.changed(changes, "Value(s) successfully unset");
    }

    /** Key to values, in file order, of every key matching; git exits 1 when nothing matches. */
    private static Map<String, List<String>> matching(Git git, Path repo, String scope, String keyRegex,
            String valueRegex) throws IOException, InterruptedException, Git.GitFailure {
        List<String> argv = new ArrayList<>(List.of("config", scope, "-z", "--get-regexp", keyRegex));
        if (valueRegex != null) {
            argv.add(valueRegex);
        }
        CommandResult r = git.attempt(repo, argv.toArray(String[]::new));
        Map<String, List<String>> found = new LinkedHashMap<>();
        if (r.exitCode() == 1) {
            return found;
        }
        if (!r.ok()) {
            throw new Git.GitFailure("git " + String.join(" ", argv) + " failed: " + r.diagnostic());
        }
        // With -z each entry ends in NUL and a newline parts key from value (no newline: a key without a value).
        for (String entry : r.stdout().split("\0")) {
            if (entry.isEmpty()) {
                continue;
            }
            int newline = entry.indexOf('\n');
            String key = newline < 0 ? entry : entry.substring(0, newline);
            String value = newline < 0 ? "" : entry.substring(newline + 1);
            found.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
        return found;
    }

    private static String stripAnchors(String name) {
        String key = name.startsWith("^") ? name.substring(1) : name;
        return key.endsWith("$") ? key.substring(0, key.length() - 1) : key;
    }
}
