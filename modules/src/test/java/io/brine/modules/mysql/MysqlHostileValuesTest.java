package io.brine.modules.mysql;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names and passwords made of everything that ends a string, an identifier or a statement: they reach the server
 * as exactly those bytes, a login with the password works, the grant lets the user into exactly that database, and
 * the statements they would inject never run (the canary database survives).
 */
class MysqlHostileValuesTest {
    @TempDir
    Path dir;

    /** A YAML double-quoted scalar. */
    private static String yaml(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void quotesBackquotesBackslashesAndSemicolonsRoundTripAndInjectNothing() throws Exception {
        TestMariadb db = TestMariadb.shared();
        String canary = db.name("canary");
        db.sql("CREATE DATABASE " + canary);
        String name = "h`d'b\"x\\y_z; DROP DATABASE " + canary + "; -- " + db.name("");
        String user = "u'`\\\"; DROP DATABASE " + canary + ";" + db.name("");
        String password = "p'\"`\\;# DROP DATABASE " + canary + "; -- \\n";
        StateTree tree = new StateTree(Files.createDirectories(dir.resolve("tree")));
        Path client = db.client();
        List<FunctionModule> modules = List.of(new TestStates(), new MysqlDatabaseStates(client),
                new MysqlUserStates(client), new MysqlGrantsStates(client));
        StateEngine engine = StateEngine.of(modules);
        String conn = db.connectionArgs();
        tree.file("h.sls", "hostile-db:\n  mysql_database.present:\n    - name: " + yaml(name) + "\n" + conn
                + "hostile-user:\n  mysql_user.present:\n    - name: " + yaml(user) + "\n    - password: "
                + yaml(password) + "\n" + conn
                + "hostile-grant:\n  mysql_grants.present:\n    - grant: all privileges\n    - database: "
                + yaml(name + ".*") + "\n    - user: " + yaml(user) + "\n" + conn);

        StateOutcome first = engine.apply(tree.job("h"));
        assertTrue(first.success(), () -> first.ret().toString());
        assertEquals(Map.of(name, "Present"), state(first, "hostile-db", "mysql_database.present").get("changes"));
        assertEquals(Map.of(user, "Present"), state(first, "hostile-user", "mysql_user.present").get("changes"));
        assertEquals(Map.of("hostile-grant", "Present"),
                state(first, "hostile-grant", "mysql_grants.present").get("changes"));
        StateOutcome again = engine.apply(tree.job("h"));
        assertTrue(again.success(), () -> again.ret().toString());
        assertEquals("User " + user + "@localhost is already present with the desired password",
                state(again, "hostile-user", "mysql_user.present").get("comment"));
        assertEquals("Grant all privileges on " + name + ".* to " + user + "@localhost is already present",
                state(again, "hostile-grant", "mysql_grants.present").get("comment"));

        assertTrue(db.databaseExists(name), "the name's exact bytes");
        assertTrue(db.userExists(user, "localhost"), "the user's exact bytes");
        assertTrue(db.databaseExists(canary), "nothing was injected");
        Object inside = MysqlFunctionsTest.call(db, "query", "connection_user", user, "connection_pass", password,
                "database", name, "query", "SELECT DATABASE() AS d, CURRENT_USER() AS u");
        assertEquals(List.of(List.of(name, user + "@localhost")), ((Map<?, ?>) inside).get("results"),
                "the user logs in with the password and the grant opens exactly that database");

        tree.file("gone.sls", "hostile-db:\n  mysql_database.absent:\n    - name: " + yaml(name) + "\n" + conn
                + "hostile-user:\n  mysql_user.absent:\n    - name: " + yaml(user) + "\n" + conn);
        StateOutcome gone = engine.apply(tree.job("gone"));
        assertTrue(gone.success(), () -> gone.ret().toString());
        assertTrue(!db.databaseExists(name) && !db.userExists(user, "localhost"));
        assertTrue(db.databaseExists(canary), "nothing was injected");
    }
}
