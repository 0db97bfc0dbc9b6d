package io.brine.modules.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionContext;
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
 * The service execution functions, called as a minion calls them, controlling a real init script
 * daemon ({@link InitScriptDaemon}) through the sysvinit provider this machine uses.
 */
class ServiceFunctionsTest {
    @TempDir Path work;
    @TempDir Path cacheDir;
    InitScriptDaemon daemon;
    FunctionContext ctx;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "installing an init script needs root");
        assumeFalse(Files.isDirectory(Path.of("/run/systemd/system")), "systemd runs here; this test is for sysvinit");
        daemon = InitScriptDaemon.install(work);
        ctx = new FunctionContext("m1", "20250101000000000000", Map.of("os_family", "Debian"), MasterLink.NONE,
                Instant.now().plus(Duration.ofMinutes(2)), FunctionRegistry.of(List.of(new ServiceModule())), cacheDir,
                MinionControl.NONE);
    }

    @AfterEach
    void removeDaemon() throws Exception {
        if (daemon != null) {
            daemon.remove();
        }
    }

    private Object call(String function, Object... args) throws Exception {
        return ctx.call(function, List.of(args), Map.of()).ret();
    }

    @Test
    void theServiceStartsReloadsRestartsAndStops() throws Exception {
        assertEquals(false, call("service.status", daemon.name));
        assertEquals(true, call("service.start", daemon.name));
        long first = daemon.pid();
        assertTrue(InitScriptDaemon.alive(first));
        assertEquals(true, call("service.status", daemon.name));

        assertEquals(true, call("service.reload", daemon.name));
        assertEquals(first, daemon.pid(), "a reload keeps the process");
        assertTrue(InitScriptDaemon.alive(first));

        assertEquals(true, call("service.restart", daemon.name));
        long second = daemon.pid();
        assertNotEquals(first, second);
        assertFalse(InitScriptDaemon.alive(first));
        assertTrue(InitScriptDaemon.alive(second));

        assertEquals(true, call("service.stop", daemon.name));
        assertFalse(InitScriptDaemon.alive(second));
        assertFalse(Files.exists(daemon.pidFile));
        assertEquals(false, call("service.status", daemon.name));
        assertEquals(List.of("status", "start", "status", "reload", "restart", "stop", "start", "stop", "status"),
                daemon.actions().lines().toList(), "each function ran the script's own action");
    }

    @Test
    void enableAndDisableSetOnlyTheBootTimeStart() throws Exception {
        assertEquals(false, call("service.enabled", daemon.name));
        assertEquals(true, call("service.enable", daemon.name));
        assertTrue(Files.exists(Path.of("/etc/rc2.d/S01" + daemon.name)), "started in runlevel 2");
        assertEquals(true, call("service.enabled", daemon.name));
        assertFalse(Files.exists(daemon.pidFile), "enabling does not start it");

        assertEquals(true, call("service.disable", daemon.name));
        assertEquals(false, call("service.enabled", daemon.name));
    }

    @Test
    void getAllListsTheServiceAmongTheOthersSortedAndAvailableKnowsIt() throws Exception {
        @SuppressWarnings("unchecked")
        List<String> all = (List<String>) call("service.get_all");
        assertTrue(all.contains(daemon.name), all.toString());
        List<String> sorted = new ArrayList<>(all);
        sorted.sort(null);
        assertEquals(sorted, all);
        assertEquals(true, call("service.available", daemon.name));
    }

    @Test
    void anUnknownServiceIsUnavailableAndDoesNotStart() throws Exception {
        String ghost = SystemAccounts.uniqueName();
        assertEquals(false, call("service.available", ghost));
        assertEquals(false, call("service.start", ghost));
        assertEquals(false, call("service.status", ghost));
        assertFalse(((List<?>) call("service.get_all")).contains(ghost));
    }
}
