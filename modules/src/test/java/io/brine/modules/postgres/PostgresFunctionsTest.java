package io.brine.modules.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Salt's postgres execution functions against the tests' own server, with Salt's arguments and return values. */
class PostgresFunctionsTest {
    TestPostgresServer pg;
    FunctionContext ctx;
    String u;

    @BeforeEach
    void setUp() throws Exception {
        pg = TestPostgresServer.shared();
        ctx = Calls.context(Map.of("os_family", "Debian"), Duration.ofMinutes(1));
        u = "f" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    }

    private Object call(String function, Map<String, Object> kwargs) throws Exception {
        ExecutionFunction f = new PostgresModule(pg.bin).execution().stream()
                .filter(e -> e.name().equals("postgres." + function)).findFirst().orElseThrow();
        Map<String, Object> all = new HashMap<>(kwargs);
        all.put("host", pg.dir.toString());
        all.put("port", pg.port);
        return f.call(ctx, Arguments.bind(f.name(), f.params(), List.of(), all, f.acceptsExtraKeywords()));
    }

    @Test
    void queriesListsAndRolesWithSaltsShapes() throws Exception {
        assertTrue(String.valueOf(call("version", Map.of())).matches("\\d+\\.\\d+.*"));
        assertEquals(List.of(Map.of("a", "1", "b", "x,\"y\"\nz", "c", "")),
                call("psql_query", Map.of("query", "SELECT 1 AS a, E'x,\"y\"\\nz' AS b, NULL AS c;")),
                "quoted CSV fields come back whole; NULL is empty, as in Salt");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> dbs = (Map<String, Map<String, Object>>) call("db_list", Map.of());
        assertEquals("postgres", dbs.get("postgres").get("Owner"));
        assertEquals("UTF8", dbs.get("postgres").get("Encoding"));

        assertEquals(true, call("user_create", Map.of("username", u, "rolepassword", "pw", "groups", "")));
        assertEquals(false, call("user_create", Map.of("username", u)), "Salt: False when it exists");
        assertEquals(true, call("user_exists", Map.of("name", u)));
        @SuppressWarnings("unchecked")
        Map<String, Object> role = (Map<String, Object>) call("role_get", Map.of("name", u, "return_password", true));
        assertEquals(true, role.get("can login"));
        assertEquals(false, role.get("superuser"));
        assertEquals(PgPasswords.md5(u, "pw"), role.get("password"));
        assertEquals(true, call("user_update", Map.of("username", u, "createdb", true)));
        assertEquals("t", pg.sql("postgres", "SELECT rolcreatedb FROM pg_roles WHERE rolname = '" + u + "'"));
        assertEquals(false, call("has_privileges", Map.of("name", u, "object_name", "postgres",
                "object_type", "database", "privileges", "create")));
        assertEquals(true, call("privileges_grant", Map.of("name", u, "object_name", "postgres",
                "object_type", "database", "privileges", "create")));
        assertEquals(true, call("has_privileges", Map.of("name", u, "object_name", "postgres",
                "object_type", "database", "privileges", "create")));
        assertEquals(true, call("privileges_revoke", Map.of("name", u, "object_name", "postgres",
                "object_type", "database", "privileges", "create")));
        assertEquals(true, call("user_remove", Map.of("username", u)));
        assertEquals(false, call("user_exists", Map.of("name", u)));
    }

    @Test
    void aServerErrorIsTheFunctionsErrorWithoutPsqlsPrefix() throws Exception {
        FunctionException e = assertThrows(FunctionException.class,
                () -> call("psql_query", Map.of("query", "SELECT * FROM no_such_table")));
        assertTrue(e.getMessage().contains("relation \"no_such_table\" does not exist"), e.getMessage());
        assertFalse(e.getMessage().startsWith("psql:"), e.getMessage());
    }

    @Test
    void anMd5PasswordHasPostgresqlsOwnForm() throws Exception {
        assertEquals("md53858f62230ac3c915f300c664312c63f", PgPasswords.md5("bar", "foo"));
    }
}
