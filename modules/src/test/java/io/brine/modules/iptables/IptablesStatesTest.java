package io.brine.modules.iptables;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionModule;
import io.brine.modules.test.TestStates;
import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's iptables states against the real iptables, in a network namespace the test makes (its rules touch nothing
 * else): the module runs wrappers named iptables, iptables-save... that enter the namespace. Rules are added once
 * (a second run changes nothing), planned in test mode, saved with save, removed and flushed; chains made and removed.
 */
class IptablesStatesTest {
    private static final String NS = "brine-ipt-" + ProcessHandle.current().pid();
    @TempDir
    static Path bin;
    @TempDir
    Path dir;
    StateTree tree;
    StateEngine engine;

    @BeforeAll
    static void namespace() throws Exception {
        assumeTrue(new ProcessBuilder("id", "-u").start().inputReader().readLine().equals("0"), "needs root");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/iptables")), "iptables is installed by "
                + "scripts/install-test-packages");
        assertEquals(0, run("ip", "netns", "add", NS), "a namespace of the test's own");
        for (String tool : List.of("iptables", "iptables-save", "ip6tables", "ip6tables-save")) {
            Path wrapper = bin.resolve(tool);
            Files.writeString(wrapper, "#!/bin/sh\nexec ip netns exec " + NS + " /usr/sbin/" + tool + " \"$@\"\n");
            Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @AfterAll
    static void removeNamespace() throws Exception {
        if (Files.exists(Path.of("/run/netns", NS))) {
            run("ip", "netns", "del", NS);
        }
    }

    @BeforeEach
    void engine() throws Exception {
        tree = new StateTree(Files.createDirectories(dir.resolve("tree")));
        List<FunctionModule> modules = new ArrayList<>(List.of(new TestStates(), new IptablesModule(bin)));
        engine = StateEngine.of(modules);
        for (String table : List.of("filter", "nat")) {
            run("ip", "netns", "exec", NS, "iptables", "-t", table, "-F");
        }
        run("ip", "netns", "exec", NS, "iptables", "-X");
        run("ip", "netns", "exec", NS, "iptables", "-P", "FORWARD", "ACCEPT");
    }

    @Test
    void rulesAreAddedOnceInOrderPlannedInTestModeAndSaved() throws Exception {
        Path saved = dir.resolve("rules.v4");
        tree.file("fw.sls", """
                brine-in:
                  iptables.chain_present: []
                allow-ssh:
                  iptables.append:
                    - chain: brine-in
                    - proto: tcp
                    - dport: 22
                    - jump: ACCEPT
                    - comment: allow ssh from anywhere
                    - save: %s
                    - require:
                      - iptables: brine-in
                established:
                  iptables.insert:
                    - chain: INPUT
                    - position: 1
                    - match: state
                    - connstate: RELATED,ESTABLISHED
                    - jump: ACCEPT
                no-forwarding:
                  iptables.set_policy:
                    - chain: FORWARD
                    - policy: DROP
                """.formatted(saved));

        StateOutcome planned = engine.apply(tree.testJob("fw"));
        assertTrue(planned.success(), () -> planned.ret().toString());
        Map<String, Object> plan = state(planned, "allow-ssh", "iptables.append");
        assertNull(plan.get("result"), plan.toString());
        assertTrue(String.valueOf(plan.get("comment")).startsWith("iptables rule for allow-ssh needs to be set "
                + "(--table filter -A brine-in -p tcp --dport 22 -m comment --comment \"allow ssh from anywhere\" "
                + "-j ACCEPT) for ipv4"), plan.toString());
        assertEquals("", rules("INPUT"), "test mode changed nothing");

        StateOutcome first = engine.apply(tree.job("fw"));
        assertTrue(first.success(), () -> first.ret().toString());
        assertEquals(Map.of("locale", "allow-ssh"), state(first, "allow-ssh", "iptables.append").get("changes"));
        assertEquals(Map.of("locale", "no-forwarding"),
                state(first, "no-forwarding", "iptables.set_policy").get("changes"));
        assertEquals("-A brine-in -p tcp -m tcp --dport 22 -m comment --comment \"allow ssh from anywhere\" -j ACCEPT",
                rules("brine-in"));
        assertTrue(rules("INPUT").startsWith("-A INPUT -m state --state RELATED,ESTABLISHED -j ACCEPT"),
                rules("INPUT"));
        assertTrue(Files.readString(saved).contains("--dport 22"), "saved as iptables-save writes it");
        assertTrue(netns("iptables", "-S", "FORWARD").contains("-P FORWARD DROP"));

        StateOutcome again = engine.apply(tree.job("fw"));
        assertTrue(again.success(), () -> again.ret().toString());
        for (String id : List.of("allow-ssh", "established")) {
            Map<String, Object> s = state(again, id, id.equals("allow-ssh") ? "iptables.append" : "iptables.insert");
            assertEquals(Map.of(), s.get("changes"), s.toString());
            assertTrue(String.valueOf(s.get("comment")).startsWith("iptables rule for " + id + " already set"), s
                    .toString());
        }
        assertEquals(1, rules("INPUT").lines().count(), "inserted once: " + rules("INPUT"));
    }

    @Test
    void rulesAreDeletedChainsFlushedAndRemoved() throws Exception {
        netns("iptables", "-N", "old");
        netns("iptables", "-A", "old", "-p", "udp", "--dport", "53", "-j", "DROP");
        netns("iptables", "-A", "INPUT", "-p", "tcp", "--dport", "23", "-j", "ACCEPT");
        tree.file("clean.sls", """
                no-telnet:
                  iptables.delete:
                    - chain: INPUT
                    - proto: tcp
                    - dport: 23
                    - jump: ACCEPT
                old:
                  iptables.chain_absent: []
                """);
        StateOutcome out = engine.apply(tree.job("clean"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("", rules("INPUT"));
        assertFalse(netns("iptables", "-S").contains("-N old"), netns("iptables", "-S"));
        StateOutcome again = engine.apply(tree.job("clean"));
        assertTrue(String.valueOf(state(again, "no-telnet", "iptables.delete").get("comment"))
                .startsWith("iptables rule for no-telnet already absent"), () -> again.ret().toString());
    }

    @Test
    void anOptionNamingAProgramIsRefused() throws Exception {
        tree.file("evil.sls", """
                evil:
                  iptables.append:
                    - chain: INPUT
                    - jump: ACCEPT
                    - modprobe: /tmp/evil
                """);
        Map<String, Object> s = state(engine.apply(tree.job("evil")), "evil", "iptables.append");
        assertEquals(false, s.get("result"));
        assertTrue(String.valueOf(s.get("comment")).contains("--modprobe is refused"), s.toString());
        assertEquals("", rules("INPUT"));
    }

    /** The execution functions, with Salt's arguments: a rule is the specification as written after the chain. */
    @Test
    void theFunctionsTakeARuleAsWrittenAndAnswerAsSaltsDo() throws Exception {
        var ctx = io.brine.modules.Calls.context(Map.of("os_family", "Debian"), java.time.Duration.ofMinutes(1));
        assertEquals("-p tcp --dport 80 -j ACCEPT", call(ctx, "build_rule", Map.of("proto", "tcp", "dport", 80,
                "jump", "ACCEPT")));
        String rule = "-p tcp --dport 80 -m comment --comment \"web in\" -j ACCEPT";
        assertEquals(true, call(ctx, "append", Map.of("chain", "INPUT", "rule", rule)));
        assertEquals(true, call(ctx, "check", Map.of("chain", "INPUT", "rule", rule)));
        assertEquals("Rule not found in INPUT", call(ctx, "check", Map.of("chain", "INPUT", "rule",
                "-p tcp --dport 81 -j ACCEPT")));
        assertEquals(true, call(ctx, "delete", Map.of("chain", "INPUT", "rule", rule)));
        assertEquals("", rules("INPUT"));
        assertEquals("ACCEPT", call(ctx, "get_policy", Map.of("chain", "FORWARD")));
        assertEquals(true, call(ctx, "set_policy", Map.of("chain", "FORWARD", "policy", "DROP")));
        assertEquals("DROP", call(ctx, "get_policy", Map.of("chain", "FORWARD")));
        assertEquals(true, call(ctx, "new_chain", Map.of("chain", "extra")));
        assertEquals(true, call(ctx, "check_chain", Map.of("chain", "extra")));
        assertEquals(true, call(ctx, "delete_chain", Map.of("chain", "extra")));
        assertEquals(false, call(ctx, "check_chain", Map.of("chain", "extra")));
        io.brine.functions.FunctionException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.brine.functions.FunctionException.class, () -> call(ctx, "append", Map.of("chain", "INPUT",
                        "rule", "--modprobe=/tmp/evil -j ACCEPT")));
        assertTrue(refused.getMessage().contains("--modprobe is refused"), refused.getMessage());
    }

    private static Object call(io.brine.functions.FunctionContext ctx, String function, Map<String, Object> kwargs)
            throws Exception {
        io.brine.functions.ExecutionFunction f = new IptablesModule(bin).execution().stream()
                .filter(e -> e.name().equals("iptables." + function)).findFirst().orElseThrow();
        return f.call(ctx, io.brine.functions.Arguments.bind(f.name(), f.params(), List.of(), kwargs,
                f.acceptsExtraKeywords()));
    }

    /** The chain's rules as {@code iptables -S} lists them, its own -N/-P lines left out. */
    private static String rules(String chain) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String line : netns("iptables", "-S", chain).split("\n")) {
            if (line.startsWith("-A ")) {
                out.append(out.length() == 0 ? "" : "\n").append(line);
            }
        }
        return out.toString();
    }

    private static String netns(String... command) throws Exception {
        List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", NS));
        argv.addAll(List.of(command));
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", argv));
        return out.strip();
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(
                ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", command));
        return p.exitValue();
    }
}
