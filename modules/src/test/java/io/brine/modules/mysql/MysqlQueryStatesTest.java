package io.brine.modules.mysql;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
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

/** Salt's mysql_query states against a real MariaDB server ({@link TestMariadb}). */
class MysqlQueryStatesTest {
    @TempDir
    Path dir;
    TestMariadb db;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        db = TestMariadb.shared();
        tree = new StateTree(Files.createDirectories(dir.resolve("tree")));
        List<FunctionModule> modules = List.of(new TestStates(), new MysqlQueryStates(db.client()));
        engine = StateEngine.of(modules);
    }

    private Map<String, Object> apply(boolean test, String function, String args) {
        tree.file("q.sls", "q:\n  " + function + ":\n" + args + db.connectionArgs());
        StateOutcome out = engine.apply(test ? tree.testJob("q") : tree.job("q"));
        assertTrue(out.errors().isEmpty(), () -> out.errors().toString());
        return state(out, "q", function);
    }

    @Test
    void queryRunsAndWritesItsResultToAFile() throws Exception {
        String name = db.name("q");
        db.sql("CREATE DATABASE " + name + "; CREATE TABLE " + name + ".t (a INT, b VARCHAR(10))");
        Map<String, Object> inserted = apply(false, "mysql_query.run", "    - database: " + name
                + "\n    - query: INSERT INTO t VALUES (1, 'one'), (2, 'two')\n");
        assertEquals(Map.of("query", "Executed"), inserted.get("changes"));
        assertTrue(inserted.get("comment").toString().matches("\\{'query time': \\{'human': '[0-9.]+m?s', "
                + "'raw': '[0-9.]+'}, 'rows affected': 2}"), inserted.get("comment").toString());

        Path output = dir.resolve("out.txt");
        String select = "    - database: " + name + "\n    - query: SELECT a, b FROM t ORDER BY a\n    - output: "
                + output + "\n";
        Map<String, Object> plan = apply(true, "mysql_query.run", select);
        assertNull(plan.get("result"));
        assertEquals("Query would execute, storing result in file: " + output, plan.get("comment"));
        assertFalse(Files.exists(output), "test mode changes nothing");

        Map<String, Object> ran = apply(false, "mysql_query.run", select);
        assertEquals(Map.of("query", "Executed. Output into " + output), ran.get("changes"));
        assertEquals("a:1\nb:one\na:2\nb:two\n", Files.readString(output));
        assertTrue(ran.get("comment").toString().endsWith("'rows returned': 2, 'columns': ('a', 'b'), "
                + "'results': [{'a': '1', 'b': 'one'}, {'a': '2', 'b': 'two'}]}"), ran.get("comment").toString());

        Map<String, Object> kept = apply(false, "mysql_query.run", select + "    - overwrite: False\n");
        assertEquals("No execution needed. File " + output + " already set", kept.get("comment"));
        assertEquals(Map.of(), kept.get("changes"));
    }

    @Test
    void aMissingDatabaseIsNoFailureButNothingRuns() throws Exception {
        String name = db.name("missing");
        Map<String, Object> missing = apply(false, "mysql_query.run", "    - database: " + name
                + "\n    - query: CREATE TABLE t (a INT)\n");
        assertNull(missing.get("result"));
        assertEquals("Database q is not present", missing.get("comment"), "Salt names the state's name here");
        assertFalse(db.databaseExists(name));
    }

    @Test
    void runFileRunsEachStatementOfAFileFromTheStateTree() throws Exception {
        String name = db.name("qf");
        db.sql("CREATE DATABASE " + name);
        tree.file("schema.sql", "-- the schema\nCREATE TABLE t (a INT);\nINSERT INTO t\n  VALUES (1), (2);\n"
                + "SELECT COUNT(*) AS n FROM t;\n");
        Map<String, Object> ran = apply(false, "mysql_query.run_file", "    - database: " + name
                + "\n    - query_file: salt://schema.sql\n");
        assertEquals(true, ran.get("result"), ran.toString());
        assertEquals(Map.of("query", "Executed"), ran.get("changes"));
        assertTrue(ran.get("comment").toString().startsWith("{'rows returned': 1, 'columns': [('n',)], "
                + "'results': [[['2']]], 'rows affected': 2, 'query time': {'raw': "), ran.get("comment").toString());
        assertEquals("2\n", db.sql("SELECT COUNT(*) FROM " + name + ".t"));
    }

    @Test
    void outputToAGrainIsRefusedClearly() {
        Map<String, Object> refused = apply(false, "mysql_query.run", "    - database: mysql\n    - query: SELECT 1\n"
                + "    - output: grain\n    - grain: mine\n");
        assertEquals(false, refused.get("result"));
        assertEquals("Error: output to a grain is not supported; give output a file path", refused.get("comment"));
    }

    @Test
    void runningAQueryIsCallingMysqlQuery() {
        for (StateFunction f : new MysqlQueryStates().states()) {
            assertEquals(List.of(new Effect.CallsFunction("mysql.query")), f.effects(Arguments.of(Map.of())),
                    f.name());
        }
    }
}
