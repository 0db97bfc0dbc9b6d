package io.brine.modules.accounts;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user and group execution functions against the real account database, as the minion calls them. */
class AccountFunctionsTest {
    @TempDir Path homes;
    final SystemAccounts accounts = new SystemAccounts();
    FunctionContext ctx;
    String user;
    String group;
    String other;

    @BeforeEach
    void setUp() {
        assumeTrue("root".equals(System.getProperty("user.name")), "changing accounts needs root");
        ctx = new FunctionContext("minion1", "20240101000000000000", Map.of(), MasterLink.NONE,
                Instant.now().plus(Duration.ofMinutes(1)), FunctionRegistry.installed(), homes, MinionControl.NONE);
        user = accounts.track(SystemAccounts.uniqueName());
        group = accounts.trackGroup(SystemAccounts.uniqueName());
        other = accounts.trackGroup(SystemAccounts.uniqueName());
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private Object call(String function, Map<String, Object> kwargs) throws Exception {
        return ctx.call(function, List.of(), kwargs).ret();
    }

    private static String line(String file, String name) throws Exception {
        return Files.readAllLines(Path.of(file)).stream().filter(l -> l.startsWith(name + ":")).findFirst().orElse(null);
    }

    @Test
    void groupsAreAddedDescribedJoinedAndDeleted() throws Exception {
        assertEquals(true, call("group.add", Map.of("name", group, "gid", 47321)));
        assertEquals(group + ":x:47321:", line("/etc/group", group));
        assertEquals(Map.of("name", group, "passwd", "x", "gid", 47321L, "members", List.of()),
                call("group.info", Map.of("name", group)));

        assertEquals(true, call("user.add", Map.of("name", user, "createhome", false, "shell", "/bin/sh")));
        assertEquals(true, call("group.adduser", Map.of("name", group, "username", user)));
        assertEquals(group + ":x:47321:" + user, line("/etc/group", group));
        assertEquals(List.of(user), ((Map<?, ?>) call("group.info", Map.of("name", group))).get("members"));

        call("user.delete", Map.of("name", user));
        assertEquals(true, call("group.delete", Map.of("name", group)));
        assertEquals(null, line("/etc/group", group));
        assertEquals(Map.of(), call("group.info", Map.of("name", group)));
    }

    @Test
    void aUserIsAddedDescribedRegroupedAndDeleted() throws Exception {
        call("group.add", Map.of("name", group, "gid", 47331));
        call("group.add", Map.of("name", other));
        Path home = homes.resolve(user);
        assertEquals(true, call("user.add", Map.of("name", user, "uid", 47332, "gid", group, "groups", List.of(other),
                "home", home.toString(), "shell", "/bin/sh", "fullname", "Brine Test")));
        assertEquals(user + ":x:47332:47331:Brine Test:" + home + ":/bin/sh", line("/etc/passwd", user));
        assertTrue(Files.isDirectory(home));

        Map<?, ?> info = (Map<?, ?>) call("user.info", Map.of("name", user));
        assertEquals(user, info.get("name"));
        assertEquals(47332L, info.get("uid"));
        assertEquals(47331L, info.get("gid"));
        assertEquals(home.toString(), info.get("home"));
        assertEquals("/bin/sh", info.get("shell"));
        assertEquals("Brine Test", info.get("fullname"));
        assertEquals(List.of(group, other).stream().sorted().toList(), info.get("groups"));
        assertTrue(((List<?>) call("user.list_users", Map.of())).contains(user));
        List<?> all = (List<?>) call("user.list_users", Map.of());
        assertEquals(all.stream().map(String::valueOf).sorted().toList(), all);

        assertEquals(true, call("user.chgroups", Map.of("name", user, "groups", "")));
        assertFalse(line("/etc/group", other).endsWith(user));
        assertEquals(true, call("user.chgroups", Map.of("name", user, "groups", other + "," + group, "append", true)));
        assertTrue(line("/etc/group", other).endsWith(":" + user));

        assertEquals(true, call("user.delete", Map.of("name", user, "remove", true)));
        assertEquals(null, line("/etc/passwd", user));
        assertFalse(Files.exists(home));
        assertEquals(Map.of(), call("user.info", Map.of("name", user)));
    }

    @Test
    void failuresNameWhatIsMissing() throws Exception {
        FunctionException e = assertThrows(FunctionException.class,
                () -> call("user.add", Map.of("name", user, "groups", List.of(other), "createhome", false)));
        assertTrue(e.getMessage().contains(other), e.getMessage());
        assertEquals(null, line("/etc/passwd", user));
        e = assertThrows(FunctionException.class, () -> call("user.delete", Map.of("name", user)));
        assertTrue(e.getMessage().contains(user), e.getMessage());
        e = assertThrows(FunctionException.class, () -> call("group.delete", Map.of("name", group)));
        assertTrue(e.getMessage().contains(group), e.getMessage());
    }
}
