package io.brine.modules.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Salt's mysql execution functions against a real MariaDB server ({@link TestMariadb}), as the minion calls them. */
class MysqlFunctionsTest {
    TestMariadb db;

    @BeforeEach
    void server() throws Exception {
        db = TestMariadb.shared();
    }

    /** Calls {@code mysql.FUNCTION} as root on the test's server, with these keyword arguments. */
    static Object call(TestMariadb db, String function, Object... kwargs) throws Exception {
        Map<String, Object> args = new LinkedHashMap<>(Map.of("connection_unix_socket", db.socket().toString(),
                "connection_user", "root"));
        for (int i = 0; i < kwargs.length; i += 2) {
            args.put((String) kwargs[i], kwargs[i + 1]);
        }
        ExecutionFunction f = new MysqlModule(db.client()).execution().stream()
                .filter(e -> e.name().equals("mysql." + function)).findFirst().orElseThrow();
        return f.call(Calls.context(Map.of(), Duration.ofMinutes(1)), Arguments.bind(f.name(), f.params(), List.of(),
                args));
    }

    /** Whether {@code user}@localhost logs in with {@code password} (null: none), through the module's client. */
    static boolean canLogIn(TestMariadb db, String user, String password) throws Exception {
        Map<String, Object> args = new HashMap<>(Map.of("connection_user", user));
        if (password != null) {
            args.put("connection_pass", password);
        }
        try {
            Object version = call(db, "version", args.entrySet().stream()
                    .flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue())).toArray());
            return version.toString().contains("MariaDB");
        } catch (MysqlException e) {
            assertEquals(1045, e.code(), e.getMessage());
            return false;
        }
    }

    @Test
    void databasesAreCreatedListedAndRemoved() throws Exception {
        String name = db.name("fn_db");
        assertEquals(false, call(db, "db_exists", "name", name));
        assertEquals(true, call(db, "db_create", "name", name, "character_set", "utf8mb4"));
        assertEquals(false, call(db, "db_create", "name", name), "Salt's False: it exists");
        assertEquals(true, call(db, "db_exists", "name", name));
        assertTrue(((List<?>) call(db, "db_list")).contains(name));
        assertEquals("utf8mb4", ((Map<?, ?>) call(db, "db_get", "name", name)).get("character_set"));
        assertEquals(false, call(db, "db_exists", "name", name.replace("_db", "%db")), "no wildcards");
        assertEquals(true, call(db, "db_remove", "name", name));
        assertFalse(db.databaseExists(name));
    }

    @Test
    void queryReturnsValuesWithTabsNewlinesAndNullsWhole() throws Exception {
        String name = db.name("fn_q");
        db.sql("CREATE DATABASE " + name);
        Map<?, ?> created = (Map<?, ?>) call(db, "query", "database", name, "query",
                "CREATE TABLE t (a INT, b TEXT)");
        assertEquals(0L, created.get("rows affected"));
        Map<?, ?> inserted = (Map<?, ?>) call(db, "query", "database", name, "query",
                "INSERT INTO t VALUES (1, 'tab\\there\\nnewline'), (2, NULL), (3, 'NULL') -- trailing comment");
        assertEquals(3L, inserted.get("rows affected"));
        Map<?, ?> selected = (Map<?, ?>) call(db, "query", "database", name, "query", "SELECT a, b FROM t ORDER BY a");
        assertEquals(3L, selected.get("rows returned"));
        assertEquals(List.of("a", "b"), selected.get("columns"));
        assertEquals(List.of(List.of("1", "tab\there\nnewline"), Arrays.asList("2", null), List.of("3", "NULL")),
                selected.get("results"));
        assertTrue(((Map<?, ?>) selected.get("query time")).get("human").toString().matches("[0-9.]+(ms|s)"));
    }

    @Test
    void usersAndGrantsAreManagedAndReadBack() throws Exception {
        String user = db.name("fn_user");
        String base = db.name("fn_grants");
        db.sql("CREATE DATABASE " + base);
        assertEquals(true, call(db, "user_create", "user", user, "password", "pw1"));
        assertEquals(true, call(db, "user_exists", "user", user, "password", "pw1"));
        assertEquals(false, call(db, "user_exists", "user", user, "password", "other"));
        assertTrue(((List<?>) call(db, "user_list")).contains(Map.of("User", user, "Host", "localhost")));
        assertEquals(user, ((Map<?, ?>) call(db, "user_info", "user", user)).get("User"));
        assertEquals(false, call(db, "grant_exists", "grant", "SELECT", "database", base + ".*", "user", user));
        assertEquals(true, call(db, "grant_add", "grant", "SELECT,DELETE", "database", base + ".*", "user", user));
        assertEquals(true, call(db, "grant_exists", "grant", "delete", "database", base + ".*", "user", user));
        List<?> grants = (List<?>) call(db, "user_grants", "user", user);
        assertTrue(grants.stream().noneMatch(g -> g.toString().contains("PASSWORD")), grants::toString);
        assertTrue(grants.toString().contains("GRANT SELECT, DELETE ON"), grants::toString);
        assertEquals(true, call(db, "grant_revoke", "grant", "DELETE", "database", base + ".*", "user", user));
        assertEquals(false, call(db, "grant_exists", "grant", "delete", "database", base + ".*", "user", user));
        assertEquals(true, call(db, "user_chpass", "user", user, "password", "pw2"));
        assertTrue(canLogIn(db, user, "pw2"));
        assertEquals(true, call(db, "user_remove", "user", user));
        assertEquals(false, call(db, "user_info", "user", user));
    }

    @Test
    void aServerErrorIsReportedInSaltsWords() throws Exception {
        FunctionException e = org.junit.jupiter.api.Assertions.assertThrows(FunctionException.class,
                () -> call(db, "query", "database", "mysql", "query", "SELEKT 1"));
        assertTrue(e.getMessage().startsWith("MySQL Error 1064: You have an error in your SQL syntax"),
                e.getMessage());
    }
}
