package io.brine.modules.mount;

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
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mount.mounted and mount.unmounted with a real tmpfs on a temporary directory and a temporary fstab; the device
 * name is unique so the mount is recognisable, and whatever is left mounted is lazily unmounted afterwards.
 */
class MountStatesTest {
    static final Path TABLE = Path.of("/proc/self/mounts");

    @TempDir Path treeDir;
    @TempDir Path dir;
    Path fstab;
    Path point;
    String device;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting needs root");
        fstab = Files.writeString(dir.resolve("fstab"), "# static file system information\n");
        point = dir.resolve("mnt");
        device = "brine-" + Long.toHexString(System.nanoTime());
        tree = new StateTree(treeDir);
        tree.pillar.put("point", point.toString());
        tree.pillar.put("device", device);
        engine = StateEngine.of(List.of(new MountStates(fstab, TABLE)));
    }

    @AfterEach
    void unmount() throws Exception {
        if (point == null) {
            return;
        }
        // a test may leave stacked mounts behind; each lazy unmount removes the topmost
        for (int i = 0; i < 5 && mounted().isPresent(); i++) {
            new ProcessBuilder("umount", "-l", point.toString()).inheritIO().start().waitFor();
        }
    }

    private Optional<ActiveMounts.Active> mounted() throws Exception {
        return ActiveMounts.read(TABLE).at(point.toString());
    }

    private Map<String, Object> run(String function, String args, boolean test) {
        tree.file("t.sls", "'{{ pillar.point }}':\n  " + function + ":\n" + args);
        StateOutcome out = engine.apply(test ? tree.testJob("t") : tree.job("t"));
        return state(out, point.toString(), function);
    }

    private static final String TMPFS = """
            - device: {{ pillar.device }}
            - fstype: tmpfs
            - mkmnt: true
        """;

    @Test
    void aTmpfsIsPredictedMountedPersistedAndThenLeftAlone() throws Exception {
        String args = TMPFS + "    - opts: size=1m,noexec\n";
        Map<String, Object> dry = run("mount.mounted", args, true);
        assertNull(dry.get("result"), dry::toString);
        assertEquals(Map.of("mount", true, "persist", "new"), dry.get("changes"));
        assertTrue(mounted().isEmpty());
        assertFalse(Files.exists(point));
        assertEquals("# static file system information\n", Files.readString(fstab));

        Map<String, Object> real = run("mount.mounted", args, false);
        assertEquals(true, real.get("result"), real::toString);
        assertEquals(dry.get("changes"), real.get("changes"));
        ActiveMounts.Active active = mounted().orElseThrow();
        assertEquals(device, active.device());
        assertTrue(active.opts().containsAll(List.of("noexec", "size=1024k")), active::toString);
        assertEquals("# static file system information\n" + device + "\t\t" + point + "\ttmpfs\tsize=1m,noexec\t0 0\n",
                Files.readString(fstab));

        Map<String, Object> again = run("mount.mounted", args, false);
        assertEquals(true, again.get("result"));
        assertEquals(Map.of(), again.get("changes"), again::toString);
    }

    @Test
    void changedOptionsRemountAndUpdateTheEntry() throws Exception {
        run("mount.mounted", TMPFS + "    - opts: [size=1m]\n", false);
        String bigger = TMPFS + "    - opts: [size=2m]\n    - pass_num: 2\n";
        Map<String, Object> dry = run("mount.mounted", bigger, true);
        assertNull(dry.get("result"));
        assertEquals(Map.of("umount", "Forced remount because options (size=2048k) changed", "persist", "update"),
                dry.get("changes"));
        assertTrue(mounted().orElseThrow().opts().contains("size=1024k"));

        Map<String, Object> real = run("mount.mounted", bigger, false);
        assertEquals(true, real.get("result"), real::toString);
        assertEquals(dry.get("changes"), real.get("changes"));
        assertTrue(mounted().orElseThrow().opts().contains("size=2048k"));
        String entries = Files.readString(fstab);
        assertTrue(entries.endsWith("\tsize=2m\t0 2\n"), entries);
        assertEquals(Map.of(), run("mount.mounted", bigger, false).get("changes"));
    }

    @Test
    void unmountedUnmountsAndPurgesTheEntry() throws Exception {
        run("mount.mounted", TMPFS, false);
        assertTrue(mounted().isPresent());
        String args = "    - persist: true\n";
        Map<String, Object> dry = run("mount.unmounted", args, true);
        assertNull(dry.get("result"));
        assertEquals(Map.of("umount", true, "persist", "purged"), dry.get("changes"));
        assertTrue(mounted().isPresent());

        Map<String, Object> real = run("mount.unmounted", args, false);
        assertEquals(true, real.get("result"), real::toString);
        assertEquals(dry.get("changes"), real.get("changes"));
        assertTrue(mounted().isEmpty());
        assertEquals("# static file system information\n", Files.readString(fstab));
        assertEquals(Map.of(), run("mount.unmounted", args, false).get("changes"));
    }

    @Test
    void badRequestsFailWithAReason() throws Exception {
        Map<String, Object> noPoint = run("mount.mounted", "    - device: tmpfs\n    - fstype: tmpfs\n", false);
        assertEquals(false, noPoint.get("result"));
        assertEquals("Mount directory is not present", noPoint.get("comment"));
        Map<String, Object> badFs = run("mount.mounted", TMPFS.replace("tmpfs", "no-such-fs") + "    - persist: false\n",
                false);
        assertEquals(false, badFs.get("result"));
        assertTrue(mounted().isEmpty());
        Files.delete(fstab);
        Map<String, Object> noFstab = run("mount.mounted", TMPFS, false);
        assertEquals(false, noFstab.get("result"));
        assertTrue(noFstab.get("comment").toString().contains("fstab " + fstab + " was not found"), noFstab::toString);
    }

    @Test
    void theStatesAreInstalled() {
        assertTrue(StateEngine.withInstalledFunctions().functionNames().containsAll(List.of("mount.mounted", "mount.unmounted")));
    }
}
