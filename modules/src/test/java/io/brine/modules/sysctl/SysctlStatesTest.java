package io.brine.modules.sysctl;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sysctl.present against the real kernel, with kernel.printk_ratelimit: harmless to change (it only paces
 * kernel log messages) and restored after each test. The config file is always a temporary one.
 */
class SysctlStatesTest {
    static final String KEY = "kernel.printk_ratelimit";
    static final Path PROC = Path.of("/proc/sys/kernel/printk_ratelimit");

    @TempDir Path treeDir;
    @TempDir Path dir;
    Path config;
    StateTree tree;
    StateEngine engine;
    String original;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(Files.isReadable(PROC), "needs Linux /proc/sys");
        original = Files.readString(PROC).strip();
        config = dir.resolve("sysctl.d/99-test.conf");
        tree = new StateTree(treeDir);
        engine = StateEngine.of(List.of(new SysctlStates(config)));
    }

    @AfterEach
    void restore() throws Exception {
        if (original != null && !Files.readString(PROC).strip().equals(original)) {
            Files.writeString(PROC, original);
        }
    }

    private StateOutcome apply(String value, boolean test) {
        tree.file("t.sls", KEY + ":\n  sysctl.present:\n    - value: " + value + "\n");
        return test ? engine.apply(tree.testJob("t")) : engine.apply(tree.job("t"));
    }

    @Test
    void theCurrentValueIsOnlyPersisted() throws Exception {
        StateOutcome out = apply(original, false);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(Map.of("diff", "New file"), state(out, KEY, "sysctl.present").get("changes"));
        assertEquals(KEY + " = " + original + "\n", Files.readString(config));
        assertFalse(anyChanges(apply(original, false)));
    }

    @Test
    void aNewValueIsSetInTheKernelAndPersistedButNotInTestMode() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isWritable(PROC), "sysctl -w needs root");
        String wanted = String.valueOf(Integer.parseInt(original) + 1);
        Files.createDirectories(config.getParent());
        Files.writeString(config, "# kept\n" + KEY + "=" + original + "\n");
        StateOutcome dry = apply(wanted, true);
        Map<String, Object> predicted = state(dry, KEY, "sysctl.present");
        assertNull(predicted.get("result"));
        assertEquals(original, Files.readString(PROC).strip());
        StateOutcome out = apply(wanted, false);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(predicted.get("changes"), state(out, KEY, "sysctl.present").get("changes"));
        assertEquals(Map.of("old", original, "new", wanted), ((Map<?, ?>) predicted.get("changes")).get(KEY));
        assertEquals(wanted, Files.readString(PROC).strip());
        assertEquals("# kept\n" + KEY + " = " + wanted + "\n", Files.readString(config));
        assertFalse(anyChanges(apply(wanted, false)));
    }

    @Test
    void anUnknownOrEscapingKeyFails() {
        for (String key : List.of("kernel.no_such_key", "kernel/../../etc/passwd")) {
            tree.file("t.sls", "'" + key + "':\n  sysctl.present:\n    - value: 1\n");
            StateOutcome out = engine.apply(tree.job("t"));
            assertEquals(false, state(out, key, "sysctl.present").get("result"), key);
        }
        assertFalse(Files.exists(config));
    }

    @Test
    void theConfigKeepsOneLinePerKey() {
        assertEquals("a = 1\nb = 2\n", SysctlPresent.persisted("a=0\nb = 2\na = 3\n", "a", "1"));
        assertEquals("a = 1\n", SysctlPresent.persisted("a = 1\n", "a", "1"));
        assertEquals("net/ipv4/conf/eth0.1/rp_filter", SysctlPresent.procPath("net.ipv4.conf.eth0/1.rp_filter"));
    }
}
