package io.brine.modules.timezone;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** timezone.system and the timezone execution functions against a temporary root with real zoneinfo files. */
class TimezoneTest {
    static final Path SYSTEM_ZONEINFO = Path.of("/usr/share/zoneinfo");

    @TempDir Path treeDir;
    @TempDir Path root;
    Path timezone;
    Path localtime;
    Path zoneinfo;
    Path adjtime;
    TimezoneModule module;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(Files.isRegularFile(SYSTEM_ZONEINFO.resolve("Europe/Amsterdam")), "needs tzdata");
        zoneinfo = root.resolve("zoneinfo");
        for (String zone : List.of("Etc/UTC", "Europe/Amsterdam")) {
            Files.createDirectories(zoneinfo.resolve(zone).getParent());
            Files.copy(SYSTEM_ZONEINFO.resolve(zone), zoneinfo.resolve(zone));
        }
        timezone = Files.writeString(root.resolve("timezone"), "Etc/UTC\n");
        localtime = Files.createSymbolicLink(root.resolve("localtime"), zoneinfo.resolve("Etc/UTC"));
        adjtime = root.resolve("adjtime");
        module = new TimezoneModule(timezone, localtime, zoneinfo, adjtime);
        tree = new StateTree(treeDir);
        engine = StateEngine.of(List.of(module));
    }

    private Map<String, Object> apply(boolean test, String sls, String id) {
        tree.file("t.sls", sls);
        StateOutcome out = engine.apply(test ? tree.testJob("t") : tree.job("t"));
        return state(out, id, "timezone.system");
    }

    @Test
    void systemNamesTheZoneAndLinksLocaltimeToItsRules() throws Exception {
        String sls = "Europe/Amsterdam:\n  timezone.system\n";
        Map<String, Object> dry = apply(true, sls, "Europe/Amsterdam");
        assertNull(dry.get("result"));
        assertEquals(Map.of("timezone", "Europe/Amsterdam"), dry.get("changes"));
        assertEquals("Etc/UTC\n", Files.readString(timezone));
        assertEquals(zoneinfo.resolve("Etc/UTC"), Files.readSymbolicLink(localtime));

        Map<String, Object> done = apply(false, sls, "Europe/Amsterdam");
        assertEquals(true, done.get("result"));
        assertEquals(dry.get("changes"), done.get("changes"));
        assertEquals("Europe/Amsterdam\n", Files.readString(timezone));
        assertEquals(zoneinfo.resolve("Europe/Amsterdam"), Files.readSymbolicLink(localtime));

        tree.file("t.sls", sls);
        StateOutcome again = engine.apply(tree.job("t"));
        assertTrue(again.success() && !anyChanges(again), () -> again.ret().toString());
        assertEquals("Timezone Europe/Amsterdam already set, UTC already set",
                state(again, "Europe/Amsterdam", "timezone.system").get("comment"));
    }

    @Test
    void utcTrueMovesALocalHardwareClockToUtcAndFalseLeavesItAlone() throws Exception {
        Files.writeString(adjtime, "0.0 0 0.0\n0\nLOCAL\n");
        Map<String, Object> untouched = apply(false, "Etc/UTC:\n  timezone.system:\n    - utc: false\n", "Etc/UTC");
        assertEquals(Map.of(), untouched.get("changes"));
        Map<String, Object> dry = apply(true, "Etc/UTC:\n  timezone.system\n", "Etc/UTC");
        assertEquals(Map.of("utc", true), dry.get("changes"));
        assertEquals("0.0 0 0.0\n0\nLOCAL\n", Files.readString(adjtime));
        Map<String, Object> done = apply(false, "Etc/UTC:\n  timezone.system\n", "Etc/UTC");
        assertEquals(Map.of("utc", true), done.get("changes"));
        assertEquals("0.0 0 0.0\n0\nUTC\n", Files.readString(adjtime));
    }

    @Test
    void anUnknownZoneFailsAndChangesNothing() throws Exception {
        for (String zone : List.of("Mars/Olympus_Mons", "../../etc/passwd")) {
            Map<String, Object> r = apply(false, "'" + zone + "':\n  timezone.system\n", zone);
            assertEquals(false, r.get("result"));
            assertTrue(r.get("comment").toString().contains("no such zone"), r.get("comment").toString());
        }
        assertEquals("Etc/UTC\n", Files.readString(timezone));
    }

    @Test
    void getZoneAndSetZoneAreTheExecutionFunctions() throws Exception {
        FunctionContext ctx = new FunctionContext("minion1", "20240101000000000000", Map.of(), MasterLink.NONE,
                Instant.now().plus(Duration.ofMinutes(1)), FunctionRegistry.of(List.of(module)), root, MinionControl.NONE);
        assertEquals("Etc/UTC", ctx.call("timezone.get_zone", List.of(), Map.of()).ret());
        assertEquals(true, ctx.call("timezone.set_zone", List.of("Europe/Amsterdam"), Map.of()).ret());
        assertEquals("Europe/Amsterdam", ctx.call("timezone.get_zone", List.of(), Map.of()).ret());
        Files.delete(timezone); // without /etc/timezone the zone comes from the link
        assertEquals("Europe/Amsterdam", ctx.call("timezone.get_zone", List.of(), Map.of()).ret());
        assertThrows(FunctionException.class, () -> ctx.call("timezone.set_zone", List.of("Nowhere/Else"), Map.of()));
    }

    @Test
    void theTimezoneFunctionsAreInstalled() {
        FunctionRegistry installed = FunctionRegistry.installed();
        assertTrue(installed.names().containsAll(List.of("timezone.get_zone", "timezone.set_zone")));
        assertTrue(installed.stateNames().contains("timezone.system"));
    }
}
