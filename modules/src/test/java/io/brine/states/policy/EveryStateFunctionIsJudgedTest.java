package io.brine.states.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.Param;
import io.brine.functions.StateFunction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every state function this minion registers is in docs/guest-policy.md's table, as what it is to the minion's
 * policy: one that runs or installs a command, changes how commands run, or calls execution functions declares
 * it ({@link StateFunction#effects}) for a typical call, and one listed as running nothing declares nothing. A
 * state function added without a row, or declaring effects its row does not say, fails here.
 */
class EveryStateFunctionIsJudgedTest {
    private static final Path DOC = Path.of("..", "docs", "guest-policy.md");
    private static final Pattern ROW = Pattern.compile("^\\| (`[a-z_]+\\.[a-z_]+`(?:, `[a-z_]+\\.[a-z_]+`)*) \\| ([a-z ]+) \\|");

    /** A typical call of each state function that sets something going, and the command line it would run. */
    private static final Map<String, Map<String, Object>> SAMPLES = new LinkedHashMap<>();

    static {
        sample("cmd.run", Map.of("name", "make install"));
        sample("cmd.wait", Map.of("name", "make install"));
        sample("cmd.script", Map.of("name", "brine://fix.sh"));
        sample("cmd.wait_script", Map.of("name", "brine://fix.sh"));
        sample("cron.present", Map.of("name", "id", "user", "root"));
        sample("cron.env_present", Map.of("name", "SHELL", "value", "/bin/bash", "user", "root"));
        sample("file.managed", Map.of("name", "/etc/sudoers", "check_cmd", "/usr/sbin/visudo -c -f"));
        sample("module.run", Map.of("name", "test.echo", "text", "hi"));
        sample("module.wait", Map.of("name", "test.echo", "text", "hi"));
        sample("sysctl.present", Map.of("name", "kernel.core_pattern", "value", "|/usr/bin/handler %p"));
        sample("mount.mounted", Map.of("name", "/mnt/x", "device", "me@host:/", "fstype", "fuse.sshfs",
                "opts", List.of("defaults")));
        sample("git.latest", Map.of("name", "ext::ssh git.example.com %S /repo", "target", "/srv/repo"));
        sample("git.config_set", Map.of("name", "core.sshCommand", "value", "ssh -i key", "global", true));
        sample("pip.installed", Map.of("name", "requests", "bin_env", "/opt/venv/bin/python"));
        sample("pip.removed", Map.of("name", "requests", "bin_env", "/opt/venv/bin/python"));
        sample("alternatives.install", Map.of("name", "editor", "link", "/usr/bin/editor", "path", "/tmp/evil",
                "priority", 100));
        sample("alternatives.set", Map.of("name", "editor", "path", "/tmp/evil"));
        sample("archive.extracted", Map.of("name", "/opt", "source", "https://example.com/app.tgz",
                "source_hash", "sha256=" + "0".repeat(64)));
        sample("mysql_query.run", Map.of("name", "q", "database", "shop", "query", "DROP TABLE orders"));
        sample("mysql_query.run_file", Map.of("name", "q", "database", "shop", "query_file", "brine://x.sql"));
        sample("schedule.present", Map.of("name", "backup", "function", "cmd.run", "minutes", 60));
    }

    private static void sample(String state, Map<String, Object> args) {
        SAMPLES.put(state, args);
    }

    @Test
    void everyRegisteredStateFunctionHasARowSayingWhatItSetsGoing() throws IOException {
        Map<String, String> documented = documented();
        FunctionRegistry registry = FunctionRegistry.installed();
        assertEquals(registry.stateNames(), documented.keySet(),
                "docs/guest-policy.md lists exactly the registered state functions");
        for (String state : registry.stateNames()) {
            StateFunction fn = registry.state(state).orElseThrow();
            String kind = documented.get(state);
            boolean declares = declaresEffects(fn);
            if (kind.equals("none")) {
                assertFalse(declares, state + " declares effects but its row says it sets nothing going");
                continue;
            }
            assertTrue(declares, state + " is documented as '" + kind + "' but declares no effects");
            assertTrue(SAMPLES.containsKey(state), "no sample call of " + state);
            List<Effect> effects = fn.effects(chunkArgs(fn, SAMPLES.get(state)));
            assertTrue(effects.stream().anyMatch(e -> kindOf(e).equals(kind)),
                    state + " is documented as '" + kind + "' but a typical call declares " + effects);
        }
    }

    @Test
    void aStateThatRunsACommandDeclaresTheLineItWouldRun() {
        FunctionRegistry registry = FunctionRegistry.installed();
        Map<String, String> lines = Map.of(
                "cmd.run", "make install",
                "cron.present", "id",
                "file.managed", "/usr/sbin/visudo -c -f",
                "sysctl.present", "/usr/bin/handler %p",
                "mount.mounted", "sshfs me@host:/ /mnt/x",
                "git.latest", "ssh git.example.com %S /repo");
        lines.forEach((state, line) -> {
            StateFunction fn = registry.state(state).orElseThrow();
            List<Effect> effects = fn.effects(chunkArgs(fn, SAMPLES.get(state)));
            assertTrue(effects.stream().anyMatch(e -> e instanceof Effect.RunsCommand c && c.line().equals(line)),
                    state + " declares " + effects);
        });
    }

    /** The arguments as the compiler hands them to the function: every declared one, given or defaulted. */
    static Arguments chunkArgs(StateFunction fn, Map<String, Object> given) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("name", given.get("name"));
        for (Param p : fn.params()) {
            values.put(p.name(), given.containsKey(p.name()) ? p.coerce(given.get(p.name())) : p.defaultValue());
        }
        given.forEach(values::putIfAbsent); // module.run's undeclared ones
        return Arguments.of(values);
    }

    private static boolean declaresEffects(StateFunction fn) {
        try {
            return fn.getClass().getMethod("effects", Arguments.class).getDeclaringClass() != StateFunction.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    private static String kindOf(Effect e) {
        if (e instanceof Effect.RunsCommand) {
            return "runs commands";
        }
        return e instanceof Effect.ChangesHowCommandsRun ? "changes how commands run" : "calls functions";
    }

    /** State function name to the kind its row gives, from the doc's table. */
    private static Map<String, String> documented() throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (String line : Files.readAllLines(DOC)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                for (String name : m.group(1).split(", ")) {
                    String bare = name.substring(1, name.length() - 1);
                    assertEquals(null, out.put(bare, m.group(2).strip()), bare + " has two rows");
                }
            }
        }
        return out;
    }
}
