package io.brine.modules.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.states.SystemAccounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pkg execution functions, called as a minion calls them (looked up by name, arguments bound to
 * their declarations), installing, upgrading and removing real packages built here and served by a
 * throwaway apt repository that apt sees alone ({@link LocalAptRepo}).
 */
class PkgFunctionsTest {
    @TempDir Path repoDir;
    @TempDir Path cacheDir;
    LocalAptRepo repo;
    FunctionContext ctx;
    final List<String> created = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "installing packages needs root");
        repo = new LocalAptRepo(repoDir);
        FunctionContext plain = new FunctionContext("m1", "20250101000000000000", Map.of("os_family", "Debian"),
                MasterLink.NONE, Instant.now().plus(Duration.ofMinutes(5)), FunctionRegistry.of(List.of(new PkgModule())),
                cacheDir, MinionControl.NONE);
        ctx = new FunctionContext(plain.minionId(), plain.jid(), plain.grains(), plain.master(), plain.deadline(),
                plain.catalog(), plain.cacheDir(), plain.minion(), plain.policy(), repo.confine(plain.commands()));
    }

    @AfterEach
    void purge() throws Exception {
        for (String pkg : created) {
            if (!dpkgStatus(pkg).isEmpty() && !dpkgStatus(pkg).contains("not-installed")) {
                LocalAptRepo.run("dpkg", "--purge", pkg);
            }
        }
    }

    private String newPackage() {
        String pkg = SystemAccounts.uniqueName();
        created.add(pkg);
        return pkg;
    }

    private Object call(String function, List<Object> args, Map<String, Object> kwargs) throws Exception {
        return ctx.call(function, args, kwargs).ret();
    }

    private static String dpkgStatus(String pkg) throws Exception {
        Process p = new ProcessBuilder("dpkg-query", "-W", "-f=${Status} ${Version}", pkg).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        return p.waitFor() == 0 ? out.strip() : "";
    }

    private static Map<String, Object> change(String oldVersion, String newVersion) {
        return Map.of("old", oldVersion, "new", newVersion);
    }

    @Test
    void installTakesPackageFilesAsSourcesFromTheMasterOrTheLocalDisk() throws Exception {
        String pkg = newPackage();
        Path v1 = repo.build(pkg, "1.0-1", Map.of());
        Path v2 = repo.build(pkg, "2.0-1", Map.of());
        MasterLink master = new MasterLink() {
            @Override
            public Map<String, Object> pillar() {
                return Map.of();
            }

            @Override
            public java.util.Optional<Path> file(String path) {
                return path.equals("debs/" + pkg + ".deb") ? java.util.Optional.of(v1) : java.util.Optional.empty();
            }
        };
        ctx = new FunctionContext(ctx.minionId(), ctx.jid(), ctx.grains(), master, ctx.deadline(), ctx.catalog(),
                ctx.cacheDir(), ctx.minion(), ctx.policy(), ctx.commands());
        List<Object> fromMaster = List.of(Map.of(pkg, "brine://debs/" + pkg + ".deb"));
        assertEquals(Map.of(pkg, change("", "1.0-1")), call("pkg.install", List.of(), Map.of("sources", fromMaster)));
        assertEquals("install ok installed 1.0-1", dpkgStatus(pkg));
        assertEquals(Map.of(), call("pkg.install", List.of(), Map.of("sources", fromMaster)), "already that version");
        assertEquals(Map.of(pkg, change("1.0-1", "2.0-1")),
                call("pkg.install", List.of(), Map.of("sources", List.of(Map.of(pkg, v2.toString())))));
        FunctionException wrongName = assertThrows(FunctionException.class, () -> call("pkg.install", List.of(),
                Map.of("sources", List.of(Map.of("other-name", v2.toString())))));
        assertEquals("pkg.install: Source " + v2 + " holds package " + pkg + ", not other-name",
                wrongName.getMessage());
        FunctionException missing = assertThrows(FunctionException.class, () -> call("pkg.install", List.of(),
                Map.of("sources", List.of(Map.of(pkg, "brine://debs/absent.deb")))));
        assertEquals("pkg.install: Source file brine://debs/absent.deb for package " + pkg + " not found",
                missing.getMessage());
    }

    @Test
    void aPackageIsInstalledUpgradedAndRemovedWithSaltsChangeDicts() throws Exception {
        String pkg = newPackage();
        repo.publish(repo.build(pkg, "1.0-1", Map.of()));
        assertEquals(true, call("pkg.refresh_db", List.of(), Map.of()));
        assertEquals("1.0-1", call("pkg.latest_version", List.of(pkg), Map.of("refresh", false)), "not installed yet");

        assertEquals(Map.of(pkg, change("", "1.0-1")), call("pkg.install", List.of(pkg), Map.of()));
        assertEquals("install ok installed 1.0-1", dpkgStatus(pkg));
        assertEquals(Map.of(), call("pkg.install", List.of(pkg), Map.of()), "already installed: nothing changes");
        assertEquals("", call("pkg.latest_version", List.of(pkg), Map.of("refresh", false)), "the latest is installed");
        assertEquals("1.0-1", call("pkg.version", List.of(pkg), Map.of()));
        @SuppressWarnings("unchecked")
        Map<String, Object> all = (Map<String, Object>) call("pkg.list_pkgs", List.of(), Map.of());
        assertEquals("1.0-1", all.get(pkg));
        assertEquals("install ok installed " + all.get("dpkg"), dpkgStatus("dpkg"), "other packages are listed too");

        repo.publish(repo.build(pkg, "2.0-1", Map.of()));
        assertEquals("2.0-1", call("pkg.latest_version", List.of(pkg), Map.of()), "refreshes first, as Salt does");
        assertOnlyThisWouldBeUpgraded(pkg);
        assertEquals(Map.of(pkg, change("1.0-1", "2.0-1")), call("pkg.upgrade", List.of(), Map.of("refresh", false)));
        assertEquals("2.0-1\n", Files.readString(Path.of("/usr/share", pkg, "version")));

        assertEquals(Map.of(pkg, change("2.0-1", "")), call("pkg.remove", List.of(pkg), Map.of()));
        assertFalse(dpkgStatus(pkg).contains(" installed"), dpkgStatus(pkg));
        assertEquals(Map.of(), call("pkg.remove", List.of(pkg), Map.of()), "already removed: nothing changes");
        assertEquals("", call("pkg.version", List.of(pkg), Map.of()));
    }

    /** A guard for the machine running the test: apt must see nothing but the test's repository. */
    private void assertOnlyThisWouldBeUpgraded(String pkg) throws Exception {
        String plan = ctx.commands().run("apt-get", "-s", "upgrade").stdout();
        List<String> installs = plan.lines().filter(l -> l.startsWith("Inst ")).toList();
        assertEquals(List.of(pkg), installs.stream().map(l -> l.split(" ")[1]).toList(), plan);
    }

    @Test
    void purgeDeletesTheConfigurationThatRemoveKeeps() throws Exception {
        String pkg = newPackage();
        Path conf = Path.of("/etc", pkg + ".conf");
        repo.publish(repo.build(pkg, "1.0-1", Map.of(conf.toString(), "setting = 1\n")));
        Object installed = call("pkg.install", List.of(), Map.of("pkgs", List.of(Map.of(pkg, "1.0-1")), "refresh", true));
        assertEquals(Map.of(pkg, change("", "1.0-1")), installed);

        assertEquals(Map.of(pkg, change("1.0-1", "")), call("pkg.remove", List.of(), Map.of("pkgs", List.of(pkg))));
        assertTrue(Files.exists(conf), "remove keeps configuration files");
        assertEquals("deinstall ok config-files 1.0-1", dpkgStatus(pkg));

        call("pkg.purge", List.of(pkg), Map.of());
        assertFalse(Files.exists(conf), "purge deletes them, even of a package already removed");
        assertFalse(dpkgStatus(pkg).contains("config-files"), dpkgStatus(pkg));
    }

    @Test
    void versionOfSeveralNamesIsADictWithEmptyTextForMissingOnes() throws Exception {
        String pkg = newPackage();
        repo.publish(repo.build(pkg, "1.0-1", Map.of()));
        call("pkg.install", List.of(pkg), Map.of("refresh", true));
        String missing = SystemAccounts.uniqueName();
        assertEquals(Map.of(pkg, "1.0-1", missing, ""), call("pkg.version", List.of(List.of(pkg, missing)), Map.of()));
        assertEquals(Map.of(pkg, "", missing, ""),
                call("pkg.latest_version", List.of(List.of(pkg, missing)), Map.of("refresh", false)));
    }

    @Test
    void aFailedInstallIsAReportedFailureNamingTheTool() {
        String missing = SystemAccounts.uniqueName();
        FunctionException e = assertThrows(FunctionException.class, () -> call("pkg.install", List.of(missing), Map.of()));
        assertTrue(e.getMessage().startsWith("pkg.install: apt-get install"), e.getMessage());
        assertTrue(e.getMessage().contains(missing), e.getMessage());
    }

    @Test
    void installWithoutAPackageIsRefusedBeforeAnythingRuns() {
        FunctionException e = assertThrows(FunctionException.class, () -> call("pkg.install", List.of(), Map.of()));
        assertEquals("pkg.install needs a package: give name or pkgs", e.getMessage());
    }
}
