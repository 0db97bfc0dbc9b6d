package io.brine.modules.mysql;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionModule;
import io.brine.modules.test.TestStates;
import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's mysql_database, mysql_user and mysql_grants states applied from SLS by the real engine against a real
 * MariaDB server ({@link TestMariadb}): planned in test mode without a change, applied once with Salt's comments and
 * changes, unchanged the second time, and undone by absent.
 */
class MysqlStatesTest {
    @TempDir
    Path dir;
    TestMariadb db;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        db = TestMariadb.shared();
        tree = new StateTree(Files.createDirectories(dir.resolve("tree")));
        Path client = db.client();
        List<FunctionModule> modules = List.of(new TestStates(), new MysqlModule(client),
                new MysqlDatabaseStates(client), new MysqlUserStates(client), new MysqlGrantsStates(client),
                new MysqlQueryStates(client));
        engine = StateEngine.of(modules);
    }

    private Map<String, Object> apply(boolean test, String id, String function, String args) {
        tree.file("s.sls", id + ":\n  " + function + ":\n" + args + db.connectionArgs());
        StateOutcome out = engine.apply(test ? tree.testJob("s") : tree.job("s"));
        assertTrue(out.errors().isEmpty(), () -> out.errors().toString());
        return state(out, id, function);
    }

    @Test
    void databaseIsPlannedCreatedOnceAlteredAndDropped() throws Exception {
        String name = db.name("shop");
        Map<String, Object> plan = apply(true, name, "mysql_database.present", "");
        assertNull(plan.get("result"));
        assertEquals("Database " + name + " is not present and needs to be created", plan.get("comment"));
        assertFalse(db.databaseExists(name), "test mode changes nothing");

        Map<String, Object> created = apply(false, name, "mysql_database.present",
                "    - character_set: utf8mb4\n    - collate: utf8mb4_bin\n");
        assertEquals(true, created.get("result"));
        assertEquals("The database " + name + " has been created", created.get("comment"));
        assertEquals(Map.of(name, "Present"), created.get("changes"));
        assertTrue(db.databaseExists(name));

        Map<String, Object> again = apply(false, name, "mysql_database.present", "    - character_set: utf8mb4\n");
        assertEquals("Database " + name + " is already present", again.get("comment"));
        assertEquals(Map.of(), again.get("changes"));

        String latin = "    - character_set: latin1\n    - collate: latin1_swedish_ci\n";
        Map<String, Object> planAlter = apply(true, name, "mysql_database.present", latin);
        assertNull(planAlter.get("result"));
        assertEquals("Database character set latin1 != utf8mb4 needs to be updated\nDatabase collate "
                + "latin1_swedish_ci != utf8mb4_bin needs to be updated", planAlter.get("comment"));
        Map<String, Object> altered = apply(false, name, "mysql_database.present", latin);
        assertEquals(Map.of("collate", Map.of("before", "utf8mb4_bin", "now", "latin1_swedish_ci"),
                "character_set", Map.of("before", "utf8mb4", "now", "latin1")), altered.get("changes"));
        assertEquals("latin1\n", db.sql("SELECT DEFAULT_CHARACTER_SET_NAME FROM information_schema.SCHEMATA "
                + "WHERE SCHEMA_NAME = '" + name + "'"));

        Map<String, Object> planDrop = apply(true, name, "mysql_database.absent", "");
        assertNull(planDrop.get("result"));
        assertEquals("Database " + name + " is present and needs to be removed", planDrop.get("comment"));
        assertTrue(db.databaseExists(name), "test mode changes nothing");
        Map<String, Object> dropped = apply(false, name, "mysql_database.absent", "");
        assertEquals(Map.of(name, "Absent"), dropped.get("changes"));
        assertEquals("Database " + name + " has been removed", dropped.get("comment"));
        assertFalse(db.databaseExists(name));
        assertEquals("Database " + name + " is not present, so it cannot be removed",
                apply(false, name, "mysql_database.absent", "").get("comment"));
    }

    @Test
    void userIsCreatedWithItsPasswordWhichIsChangedLater() throws Exception {
        String user = db.name("app");
        String first = "    - password: first-secret\n";
        Map<String, Object> plan = apply(true, user, "mysql_user.present", first);
        assertNull(plan.get("result"));
        assertEquals("User " + user + "@localhost is set to be added", plan.get("comment"));
        assertFalse(db.userExists(user, "localhost"), "test mode changes nothing");

        Map<String, Object> created = apply(false, user, "mysql_user.present", first);
        assertEquals("The user " + user + "@localhost has been added", created.get("comment"));
        assertEquals(Map.of(user, "Present"), created.get("changes"));
        assertEquals("User " + user + "@localhost is already present with the desired password",
                apply(false, user, "mysql_user.present", first).get("comment"));
        assertTrue(MysqlFunctionsTest.canLogIn(db, user, "first-secret"));

        String second = "    - password: second-secret\n";
        Map<String, Object> planChange = apply(true, user, "mysql_user.present", second);
        assertNull(planChange.get("result"));
        assertEquals("Password for user " + user + "@localhost is set to be changed", planChange.get("comment"));
        assertTrue(MysqlFunctionsTest.canLogIn(db, user, "first-secret"), "test mode changes nothing");
        Map<String, Object> changed = apply(false, user, "mysql_user.present", second);
        assertEquals("Password for user " + user + "@localhost has been changed", changed.get("comment"));
        assertEquals(Map.of(user, "Updated"), changed.get("changes"));
        assertFalse(MysqlFunctionsTest.canLogIn(db, user, "first-secret"));
        assertTrue(MysqlFunctionsTest.canLogIn(db, user, "second-secret"));

        String hash = SqlText.nativeHash("second-secret");
        assertEquals("User " + user + "@localhost is already present with the desired password hash",
                apply(false, user, "mysql_user.present", "    - password_hash: '" + hash + "'\n").get("comment"));

        Map<String, Object> noPassword = apply(false, user, "mysql_user.present", "");
        assertEquals(false, noPassword.get("result"));
        assertEquals("Either password or password_hash must be specified, unless allow_passwordless is True",
                noPassword.get("comment"));

        assertEquals("User " + user + "@localhost is set to be removed",
                apply(true, user, "mysql_user.absent", "").get("comment"));
        Map<String, Object> removed = apply(false, user, "mysql_user.absent", "");
        assertEquals("User " + user + "@localhost has been removed", removed.get("comment"));
        assertEquals(Map.of(user, "Absent"), removed.get("changes"));
        assertFalse(db.userExists(user, "localhost"));
        assertEquals("User " + user + "@localhost is not present, so it cannot be removed",
                apply(false, user, "mysql_user.absent", "").get("comment"));
    }

    @Test
    void passwordlessUserIsAllowedOnlyWhenAsked() throws Exception {
        String user = db.name("nopass");
        Map<String, Object> created = apply(false, user, "mysql_user.present", "    - allow_passwordless: True\n");
        assertEquals("The user " + user + "@localhost has been added with passwordless login", created.get("comment"));
        assertTrue(MysqlFunctionsTest.canLogIn(db, user, null));
        assertEquals("User " + user + "@localhost is already present with passwordless login",
                apply(false, user, "mysql_user.present", "    - allow_passwordless: True\n").get("comment"));
    }

    @Test
    void grantsAreAddedOnceAndRevoked() throws Exception {
        String base = db.name("grants");
        String user = base + "_u";
        db.sql("CREATE DATABASE " + base + "; CREATE USER '" + user + "'@'localhost' IDENTIFIED BY 'pw'");
        String args = "    - grant: select, insert\n    - database: " + base + ".*\n    - user: " + user + "\n";
        Map<String, Object> plan = apply(true, "app-grants", "mysql_grants.present", args);
        assertNull(plan.get("result"));
        assertEquals("MySQL grant app-grants is set to be created", plan.get("comment"));
        assertFalse(grants(user).contains(" ON `"), "test mode changes nothing");

        Map<String, Object> added = apply(false, "app-grants", "mysql_grants.present", args);
        assertEquals("Grant select, insert on " + base + ".* to " + user + "@localhost has been added",
                added.get("comment"));
        assertEquals(Map.of("app-grants", "Present"), added.get("changes"));
        assertTrue(grants(user).contains("GRANT SELECT, INSERT ON `" + base.replace("_", "\\_") + "`.* TO"),
                () -> "escaped as Salt escapes: " + grants(user));
        Map<String, Object> again = apply(false, "app-grants", "mysql_grants.present", args);
        assertEquals("Grant select, insert on " + base + ".* to " + user + "@localhost is already present",
                again.get("comment"));
        assertEquals(Map.of(), again.get("changes"));

        String withOption = args + "    - grant_option: True\n";
        assertEquals(Map.of("app-grants", "Present"),
                apply(false, "app-grants", "mysql_grants.present", withOption).get("changes"));
        assertTrue(grants(user).contains("WITH GRANT OPTION"));

        String narrower = "    - grant: select, update\n    - database: " + base + ".*\n    - user: " + user
                + "\n    - revoke_first: True\n";
        Map<String, Object> narrowed = apply(false, "app-grants", "mysql_grants.present", narrower);
        assertEquals(Map.of("app-grants", "Present"), narrowed.get("changes"), narrowed::toString);
        assertTrue(grants(user).contains("GRANT SELECT, UPDATE ON `"), () -> "revoke_first narrows: " + grants(user));
        assertFalse(grants(user).contains("INSERT"));
        assertFalse(grants(user).contains("WITH GRANT OPTION"));

        Map<String, Object> planRevoke = apply(true, "app-grants", "mysql_grants.absent", narrower);
        assertEquals("MySQL grant app-grants is set to be revoked", planRevoke.get("comment"));
        Map<String, Object> revoked = apply(false, "app-grants", "mysql_grants.absent", narrower);
        assertEquals("Grant select, update on " + base + ".* for " + user + "@localhost has been revoked",
                revoked.get("comment"));
        assertEquals(Map.of("app-grants", "Absent"), revoked.get("changes"));
        assertFalse(grants(user).contains(" ON `"), () -> grants(user));
        assertEquals("Grant select, update on " + base + ".* to " + user + "@localhost is not present, so it cannot be "
                + "revoked", apply(false, "app-grants", "mysql_grants.absent", narrower).get("comment"));
    }

    @Test
    void unknownPrivilegeIsRefusedBeforeAnythingRuns() throws Exception {
        String user = db.name("badgrant");
        Map<String, Object> refused = apply(false, "bad", "mysql_grants.present",
                "    - grant: select, drop table x\n    - database: '*.*'\n    - user: " + user + "\n");
        assertEquals(false, refused.get("result"));
        assertEquals("Failed to execute: \"GRANT select, drop table x ON *.* TO " + user + "@localhost\" (Invalid "
                + "grant : 'drop table x')", refused.get("comment"));
    }

    @Test
    void aWrongConnectionPasswordFailsWithTheServersError() throws Exception {
        String admin = db.name("admin");
        db.sql("CREATE USER '" + admin + "'@'localhost' IDENTIFIED BY 'right'");
        tree.file("s.sls", "x:\n  mysql_database.present:\n    - connection_unix_socket: " + db.socket()
                + "\n    - connection_user: " + admin + "\n    - connection_pass: wrong\n");
        Map<String, Object> failed = state(engine.apply(tree.job("s")), "x", "mysql_database.present");
        assertEquals(false, failed.get("result"));
        assertEquals("MySQL Error 1045: Access denied for user '" + admin + "'@'localhost' (using password: YES)",
                failed.get("comment"));
    }

    @Test
    void theConnectionComesFromThePillarsMysqlKeysUnlessADefaultFileIsGiven() throws Exception {
        String name = db.name("frompillar");
        tree.pillar.put("mysql.unix_socket", db.socket().toString());
        tree.file("s.sls", name + ":\n  mysql_database.present: []\n");
        Map<String, Object> made = state(engine.apply(tree.job("s")), name, "mysql_database.present");
        assertEquals(true, made.get("result"), made::toString);
        assertEquals(Map.of(name, "Present"), made.get("changes"));
        Path defaults = Files.writeString(dir.resolve("empty.cnf"), "[client]\nsocket=" + dir.resolve("no.sock")
                + "\n");
        tree.file("s.sls", name + ":\n  mysql_database.present:\n    - connection_default_file: " + defaults + "\n");
        Map<String, Object> own = state(engine.apply(tree.job("s")), name, "mysql_database.present");
        assertEquals(false, own.get("result"), "the pillar's socket is not mixed into the file's login: " + own);
    }

    @Test
    void noServerFailsTheStateButLeavesATestRunsPlanOpen() throws Exception {
        tree.file("s.sls", "x:\n  mysql_database.present:\n    - connection_unix_socket: " + dir.resolve("none.sock")
                + "\n");
        Map<String, Object> failed = state(engine.apply(tree.job("s")), "x", "mysql_database.present");
        assertEquals(false, failed.get("result"));
        assertTrue(String.valueOf(failed.get("comment")).startsWith("MySQL Error 2002: "), failed::toString);
        Map<String, Object> planned = state(engine.apply(tree.testJob("s")), "x", "mysql_database.present");
        assertNull(planned.get("result"), planned::toString);
        assertTrue(String.valueOf(planned.get("comment")).startsWith("x cannot be checked now: MySQL Error 2002: "),
                planned::toString);
        StateEngine noClient = StateEngine.of(List.of(new TestStates(), new MysqlDatabaseStates(dir.resolve("no"))));
        Map<String, Object> without = state(noClient.apply(tree.testJob("s")), "x", "mysql_database.present");
        assertNull(without.get("result"), without::toString);
        assertTrue(String.valueOf(without.get("comment")).contains("cannot run the MySQL client"), without::toString);
    }

    private String grants(String user) {
        try {
            return db.sql("SHOW GRANTS FOR '" + user + "'@'localhost'");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
