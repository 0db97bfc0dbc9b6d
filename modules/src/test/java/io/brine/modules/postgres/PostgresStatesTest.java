package io.brine.modules.postgres;

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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's postgres_* states applied from SLS by the real engine against a real PostgreSQL server of the test's own
 * ({@link TestPostgresServer}), connecting as Salt does by default: psql run as the postgres system user over the
 * server's socket. What the server then holds is checked with psql of the test's own, and passwords by logging in
 * over TCP, where the server checks them.
 */
class PostgresStatesTest {
    private static final AtomicInteger N = new AtomicInteger();

    @TempDir
    Path dir;
    TestPostgresServer pg;
    StateTree tree;
    StateEngine engine;
    String u;

    @BeforeEach
    void setUp() throws Exception {
        pg = TestPostgresServer.shared();
        tree = new StateTree(Files.createDirectories(dir.resolve("tree")));
        List<FunctionModule> modules = List.of(new TestStates(), new PostgresUserStates(pg.bin),
                new PostgresGroupStates(pg.bin), new PostgresDatabaseStates(pg.bin), new PostgresSchemaStates(pg.bin),
                new PostgresExtensionStates(pg.bin), new PostgresPrivilegesStates(pg.bin),
                new PostgresTablespaceStates(pg.bin));
        engine = StateEngine.of(modules);
        u = "t" + ProcessHandle.current().pid() + "_" + N.incrementAndGet();
    }

    private Map<String, Object> apply(boolean test, String id, String function, String sls) {
        tree.file("s.sls", sls);
        StateOutcome out = engine.apply(test ? tree.testJob("s") : tree.job("s"));
        return state(out, id, function);
    }

    private String roles(String name) throws Exception {
        return pg.sql("postgres", "SELECT count(*) FROM pg_roles WHERE rolname = " + literal(name));
    }

    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static String yaml(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    @Test
    void aUserIsCreatedUpdatedAndRemovedAsSaltsStatesSay() throws Exception {
        String user = u + "_app";
        String sls = user + ":\n  postgres_user.present:\n    - password: s3cret\n    - createdb: True\n"
                + pg.socketArgs();
        Map<String, Object> plan = apply(true, user, "postgres_user.present", sls);
        assertNull(plan.get("result"), plan::toString);
        assertEquals("User " + user + " is set to be created", plan.get("comment"));
        assertEquals("0", roles(user), "test mode changes nothing");

        Map<String, Object> created = apply(false, user, "postgres_user.present", sls);
        assertEquals(true, created.get("result"), created::toString);
        assertEquals("The user " + user + " has been created", created.get("comment"));
        assertEquals(Map.of(user, "Present"), created.get("changes"));
        assertTrue(pg.canLogIn(user, "s3cret"), "the server takes the password");
        assertEquals("t|t", pg.sql("postgres", "SELECT rolcreatedb, rolcanlogin FROM pg_roles WHERE rolname = "
                + literal(user)));
        Map<String, Object> again = apply(false, user, "postgres_user.present", sls);
        assertEquals("User " + user + " is already present", again.get("comment"));
        assertEquals(Map.of(), again.get("changes"));

        String changed = user + ":\n  postgres_user.present:\n    - password: n3w\n    - createdb: False\n"
                + pg.socketArgs();
        Map<String, Object> planned = apply(true, user, "postgres_user.present", changed);
        assertEquals("User " + user + " is set to be updated", planned.get("comment"));
        assertEquals(Map.of(user, Map.of("createdb", false, "password", true)), planned.get("changes"));
        Map<String, Object> updated = apply(false, user, "postgres_user.present", changed);
        assertEquals("The user " + user + " has been updated", updated.get("comment"), updated::toString);
        assertTrue(pg.canLogIn(user, "n3w"));
        assertFalse(pg.canLogIn(user, "s3cret"));

        String absent = user + ":\n  postgres_user.absent:\n" + pg.socketArgs();
        assertEquals("User " + user + " is set to be removed",
                apply(true, user, "postgres_user.absent", absent).get("comment"));
        Map<String, Object> removed = apply(false, user, "postgres_user.absent", absent);
        assertEquals(Map.of(user, "Absent"), removed.get("changes"));
        assertEquals("User " + user + " has been removed", removed.get("comment"));
        assertEquals("0", roles(user));
        assertEquals("User " + user + " is not present, so it cannot be removed",
                apply(false, user, "postgres_user.absent", absent).get("comment"));
    }

    @Test
    void scramPasswordsAreMadeOnTheMinionAndTheServerTakesThem() throws Exception {
        String user = u + "_scram";
        String sls = user + ":\n  postgres_user.present:\n    - password: 'pa:ss\\word'\n"
                + "    - encrypted: scram-sha-256\n" + pg.socketArgs();
        assertEquals(true, apply(false, user, "postgres_user.present", sls).get("result"));
        assertTrue(pg.sql("postgres", "SELECT rolpassword FROM pg_authid WHERE rolname = " + literal(user))
                .startsWith("SCRAM-SHA-256$4096:"));
        assertTrue(pg.canLogIn(user, "pa:ss\\word"));
        assertEquals("User " + user + " is already present",
                apply(false, user, "postgres_user.present", sls).get("comment"), "the verifier is compared, not "
                        + "replaced");
    }

    @Test
    void hostileNamesAndPasswordsRoundTripExactlyAndInjectNothing() throws Exception {
        String user = u + "o'ha\"ra; DROP ROLE postgres; --";
        String password = "p'a\"ss\\:wo;rd$$ $1";
        String db = u + "d\"b'; DROP DATABASE postgres; --";
        String sls = "hostile-user:\n  postgres_user.present:\n    - name: " + yaml(user) + "\n    - password: "
                + yaml(password) + "\n" + pg.socketArgs()
                + "hostile-db:\n  postgres_database.present:\n    - name: " + yaml(db) + "\n    - owner: " + yaml(user)
                + "\n" + pg.socketArgs() + "    - require:\n      - postgres_user: hostile-user\n";
        tree.file("s.sls", sls);
        StateOutcome out = engine.apply(tree.job("s"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("1", roles(user));
        assertEquals("1", roles("postgres"));
        assertTrue(pg.canLogIn(user, password));
        assertEquals(user, pg.sql("postgres", "SELECT r.rolname FROM pg_database d JOIN pg_roles r "
                + "ON r.oid = d.datdba WHERE d.datname = " + literal(db)));
        assertEquals("1", pg.sql("postgres", "SELECT count(*) FROM pg_database WHERE datname = 'postgres'"));
        assertTrue(engine.apply(tree.job("s")).states().values().stream()
                .allMatch(s -> ((Map<?, ?>) s.get("changes")).isEmpty()), "idempotent with hostile names");
    }

    @Test
    void groupsDatabasesSchemasExtensionsAndPrivileges() throws Exception {
        String group = u + "_readers";
        String user = u + "_app";
        String db = u + "_shop";
        String schema = "s_" + u;
        String conn = pg.socketArgs();
        Map<String, Object> g = apply(false, group, "postgres_group.present", group + ":\n  postgres_group.present:\n"
                + conn);
        assertEquals("The group " + group + " has been created", g.get("comment"), g::toString);
        assertEquals("f", pg.sql("postgres", "SELECT rolcanlogin FROM pg_roles WHERE rolname = " + literal(group)));
        Map<String, Object> member = apply(false, user, "postgres_user.present", user + ":\n  postgres_user.present:\n"
                + "    - groups: " + group + "\n" + conn);
        assertEquals(true, member.get("result"), member::toString);
        assertEquals(group, pg.sql("postgres", "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g "
                + "ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = " + literal(user)));

        String dbSls = db + ":\n  postgres_database.present:\n    - owner: " + user + "\n" + conn;
        assertEquals("Database " + db + " is set to be created",
                apply(true, db, "postgres_database.present", dbSls).get("comment"));
        Map<String, Object> created = apply(false, db, "postgres_database.present", dbSls);
        assertEquals("The database " + db + " has been created", created.get("comment"), created::toString);
        assertEquals(Map.of(db, "Present"), created.get("changes"));
        assertEquals("Database " + db + " is already present",
                apply(false, db, "postgres_database.present", dbSls).get("comment"));
        String reowned = db + ":\n  postgres_database.present:\n    - owner: postgres\n" + conn;
        assertEquals("Database " + db + " exists, but parameters need to be changed",
                apply(true, db, "postgres_database.present", reowned).get("comment"));
        assertEquals("Parameters for database " + db + " have been changed",
                apply(false, db, "postgres_database.present", reowned).get("comment"));
        assertEquals("postgres", pg.sql("postgres", "SELECT r.rolname FROM pg_database d JOIN pg_roles r "
                + "ON r.oid = d.datdba WHERE d.datname = " + literal(db)));
        Map<String, Object> latin = apply(false, db, "postgres_database.present", db
                + ":\n  postgres_database.present:\n    - encoding: LATIN1\n" + conn);
        assertEquals(false, latin.get("result"));
        assertEquals("Database " + db + " has wrong parameters which couldn't be changed on fly.",
                latin.get("comment"));

        String schemaSls = schema + ":\n  postgres_schema.present:\n    - dbname: " + db + "\n    - owner: " + user
                + "\n" + conn;
        assertEquals("Schema " + schema + " is set to be created in database " + db + ".",
                apply(true, schema, "postgres_schema.present", schemaSls).get("comment"));
        assertEquals("Schema " + schema + " has been created in database " + db,
                apply(false, schema, "postgres_schema.present", schemaSls).get("comment"));
        assertEquals("Schema " + schema + " already exists in database " + db,
                apply(false, schema, "postgres_schema.present", schemaSls).get("comment"));

        String ext = "hstore:\n  postgres_extension.present:\n    - schema: " + schema + "\n    - maintenance_db: " + db
                + "\n" + conn;
        assertEquals("Extension hstore is set to be installed",
                apply(true, "hstore", "postgres_extension.present", ext).get("comment"));
        Map<String, Object> installed = apply(false, "hstore", "postgres_extension.present", ext);
        assertEquals("The extension hstore has been installed", installed.get("comment"), installed::toString);
        assertEquals(Map.of("hstore", "Installed"), installed.get("changes"));
        assertEquals(schema, pg.sql(db, "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n "
                + "ON n.oid = e.extnamespace WHERE e.extname = 'hstore'"));
        assertEquals("Extension hstore is already present",
                apply(false, "hstore", "postgres_extension.present", ext).get("comment"));

        pg.sql(db, "CREATE TABLE orders (id int)");
        String grant = "grant:\n  postgres_privileges.present:\n    - name: " + user + "\n    - object_name: orders\n"
                + "    - object_type: table\n    - privileges: [SELECT, INSERT]\n    - maintenance_db: " + db + "\n"
                + conn;
        assertEquals("The privilege(s): SELECT,INSERT are set to be granted to " + user,
                apply(true, "grant", "postgres_privileges.present", grant).get("comment"));
        Map<String, Object> granted = apply(false, "grant", "postgres_privileges.present", grant);
        assertEquals("The privilege(s): SELECT,INSERT have been granted to " + user, granted.get("comment"),
                granted::toString);
        assertEquals("t|t|f", pg.sql(db, "SELECT has_table_privilege(" + literal(user) + ", 'orders', 'SELECT'), "
                + "has_table_privilege(" + literal(user) + ", 'orders', 'INSERT'), "
                + "has_table_privilege(" + literal(user) + ", 'orders', 'DELETE')"));
        assertEquals("The requested privilege(s) are already set",
                apply(false, "grant", "postgres_privileges.present", grant).get("comment"));
        String revoke = grant.replace("postgres_privileges.present", "postgres_privileges.absent")
                .replace("[SELECT, INSERT]", "[INSERT]");
        assertEquals("The privilege(s): INSERT have been revoked from " + user,
                apply(false, "grant", "postgres_privileges.absent", revoke).get("comment"));
        assertEquals("t|f", pg.sql(db, "SELECT has_table_privilege(" + literal(user) + ", 'orders', 'SELECT'), "
                + "has_table_privilege(" + literal(user) + ", 'orders', 'INSERT')"));
        Map<String, Object> bad = apply(false, "grant", "postgres_privileges.present", grant.replace("INSERT",
                "EXECUTE"));
        assertEquals(false, bad.get("result"));
        assertEquals("Invalid privilege(s): SELECT,EXECUTE provided for object table", bad.get("comment"));

        assertEquals(Map.of("hstore", "Absent"), apply(false, "hstore", "postgres_extension.absent",
                "hstore:\n  postgres_extension.absent:\n    - maintenance_db: " + db + "\n" + conn).get("changes"));
        pg.sql(db, "DROP TABLE orders");
        assertEquals("Schema " + schema + " has been removed from database " + db, apply(false, schema,
                "postgres_schema.absent", schema + ":\n  postgres_schema.absent:\n    - dbname: " + db + "\n"
                        + conn).get("comment"));
        String dropDb = db + ":\n  postgres_database.absent:\n" + conn;
        assertEquals("Database " + db + " has been removed", apply(false, db, "postgres_database.absent", dropDb)
                .get("comment"));
        assertEquals("0", pg.sql("postgres", "SELECT count(*) FROM pg_database WHERE datname = " + literal(db)));
    }

    @Test
    void aTablespaceAtItsDirectoryAndOneThatWouldHaveToMove() throws Exception {
        String name = u + "_fast";
        Path where = Files.createDirectories(pg.dir.resolve("ts-" + u));
        Files.setOwner(where, where.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres"));
        String sls = name + ":\n  postgres_tablespace.present:\n    - directory: " + where + "\n" + pg.socketArgs();
        assertEquals("Tablespace " + name + " is set to be created",
                apply(true, name, "postgres_tablespace.present", sls).get("comment"));
        assertEquals("The tablespace " + name + " has been created",
                apply(false, name, "postgres_tablespace.present", sls).get("comment"));
        assertEquals(where.toString(), pg.sql("postgres", "SELECT pg_tablespace_location(oid) FROM pg_tablespace "
                + "WHERE spcname = " + literal(name)));
        assertEquals("Tablespace " + name + " is already present",
                apply(false, name, "postgres_tablespace.present", sls).get("comment"));
        Map<String, Object> moved = apply(false, name, "postgres_tablespace.present",
                sls.replace(where.toString(), where + "-elsewhere"));
        assertEquals(false, moved.get("result"));
        assertTrue(String.valueOf(moved.get("comment")).startsWith("Tablespace " + name
                + " is not at the right location."), moved::toString);
        assertEquals("Tablespace " + name + " has been removed", apply(false, name, "postgres_tablespace.absent",
                name + ":\n  postgres_tablespace.absent:\n" + pg.socketArgs()).get("comment"));
    }

    @Test
    void aServerThatCannotBeReachedFailsTheStateAndLeavesATestRunsPlanOpen() {
        String sls = "nobody:\n  postgres_user.present:\n    - db_host: " + dir.resolve("no-socket-here") + "\n";
        Map<String, Object> failed = apply(false, "nobody", "postgres_user.present", sls);
        assertEquals(false, failed.get("result"));
        assertTrue(String.valueOf(failed.get("comment")).contains("connection to server on socket"), failed::toString);
        // a highstate's plan on a fresh machine: the states that install and start the server have not run yet
        Map<String, Object> planned = apply(true, "nobody", "postgres_user.present", sls);
        assertNull(planned.get("result"), planned::toString);
        assertTrue(String.valueOf(planned.get("comment")).startsWith("User nobody cannot be checked now: "),
                planned::toString);
        StateEngine withoutClient = StateEngine.of(List.of(new TestStates(),
                new PostgresUserStates(dir.resolve("no-bin"))));
        Map<String, Object> noClient = state(withoutClient.apply(tree.testJob("s")), "nobody", "postgres_user.present");
        assertEquals("User nobody cannot be checked now: psql is not installed in " + dir.resolve("no-bin"),
                noClient.get("comment"));
    }
}
