package io.brine.modules.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SysModuleTest {
    private static final List<String> ALL = List.of("cmd.run", "grains.get", "grains.items", "sys.doc",
            "sys.list_functions", "test.echo", "test.ping", "test.sleep", "test.version");

    @Test
    void listFunctionsNamesEveryInstalledFunctionSorted() throws Exception {
        List<?> names = (List<?>) Calls.call("sys.list_functions");
        assertTrue(names.containsAll(ALL), names.toString());
        assertEquals(names.stream().sorted().toList(), names);
    }

    @Test
    void listFunctionsFiltersByGlobOrModuleName() throws Exception {
        assertEquals(List.of("test.echo", "test.ping", "test.sleep", "test.version"),
                Calls.call("sys.list_functions", "test.*"));
        assertEquals(List.of("grains.get"), Calls.call("sys.list_functions", "gr*.get"));
        assertEquals(List.of("grains.get", "grains.items", "grains.refresh"), Calls.call("sys.list_functions", "grains"));
        assertEquals(List.of(), Calls.call("sys.list_functions", "nothing.here"));
    }

    @Test
    void aMalformedGlobIsAReportedFailure() {
        assertThrows(FunctionException.class, () -> Calls.call("sys.list_functions", "test.[p"));
    }

    @Test
    void docDescribesAFunctionAndItsParameters() throws Exception {
        Map<?, ?> docs = (Map<?, ?>) Calls.call("sys.doc", "grains.get");
        assertEquals(List.of("grains.get"), List.copyOf(docs.keySet()));
        Map<?, ?> doc = (Map<?, ?>) docs.get("grains.get");
        assertTrue(((String) doc.get("doc")).contains("':'"));
        List<?> params = (List<?>) doc.get("params");
        Map<String, Object> key = new java.util.LinkedHashMap<>();
        key.put("name", "key");
        key.put("type", "string");
        key.put("required", true);
        key.put("default", null);
        key.put("doc", "grain name, or a ':'-separated path into one");
        assertEquals(key, params.get(0));
        assertEquals("", ((Map<?, ?>) params.get(1)).get("default"));
    }

    @Test
    void docWithoutANameDescribesEverythingAndWithAModuleDescribesThatModule() throws Exception {
        assertTrue(((Map<?, ?>) Calls.call("sys.doc")).keySet().containsAll(ALL));
        assertEquals(List.of("cmd.retcode", "cmd.run", "cmd.run_all", "cmd.run_stderr", "cmd.run_stdout",
                "cmd.script"), List.copyOf(((Map<?, ?>) Calls.call("sys.doc", "cmd")).keySet()));
    }

    @Test
    void stateFunctionsAreListedAndDocumentedBesideExecutionFunctions() throws Exception {
        assertTrue(((List<?>) Calls.call("sys.list_state_functions")).containsAll(List.of("pkg.installed",
                "file.managed", "cmd.run")));
        Map<?, ?> both = (Map<?, ?>) Calls.call("sys.list_functions", "file.*", "all");
        assertEquals(List.of("execution", "state"), List.copyOf(both.keySet()));
        assertTrue(((List<?>) both.get("execution")).contains("file.stat"), both.toString());
        assertTrue(((List<?>) both.get("state")).contains("file.managed"), both.toString());
        Map<?, ?> doc = (Map<?, ?>) Calls.call("sys.state_doc", "pkg.installed");
        List<?> params = (List<?>) ((Map<?, ?>) doc.get("pkg.installed")).get("params");
        assertTrue(params.stream().anyMatch(p -> "version".equals(((Map<?, ?>) p).get("name"))), params.toString());
        FunctionException e = org.junit.jupiter.api.Assertions.assertThrows(FunctionException.class,
                () -> Calls.call("sys.doc", "cmd.*", "sideways"));
        assertTrue(e.getMessage().contains("argument 'kind' must be execution, state or all"), e.getMessage());
    }

    @Test
    void docOfAnUnknownFunctionIsAReportedFailure() {
        FunctionException e = assertThrows(FunctionException.class, () -> Calls.call("sys.doc", "no.such"));
        assertTrue(e.getMessage().contains("no.such"));
    }

    @Test
    void docShowsWhatAParameterAllowsForBothKindsOfFunction() throws Exception {
        Map<?, ?> hash = (Map<?, ?>) ((Map<?, ?>) Calls.call("sys.doc", "file.get_hash")).get("file.get_hash");
        Map<?, ?> form = (Map<?, ?>) ((List<?>) hash.get("params")).get(1);
        assertEquals(List.of("md5", "sha1", "sha224", "sha256", "sha384", "sha512"), form.get("choices"));
        assertEquals(true, form.get("ignore_case"));
        assertEquals("md5, sha1, sha224, sha256, sha384 or sha512 (in any case)", form.get("allowed"));
        Map<?, ?> path = (Map<?, ?>) ((List<?>) hash.get("params")).get(0);
        assertEquals(false, path.containsKey("allowed"), "a parameter without constraints says nothing more");
        Map<?, ?> serialize = (Map<?, ?>) ((Map<?, ?>) Calls.call("sys.state_doc", "file.serialize"))
                .get("file.serialize");
        assertTrue(((List<?>) serialize.get("params")).stream().map(p -> (Map<?, ?>) p)
                .anyMatch(p -> "formatter".equals(p.get("name")) && List.of("yaml", "json").equals(p.get("choices"))),
                serialize.toString());
    }

    @Test
    void aValueOutsideTheDeclaredChoicesIsRefusedBeforeTheFunctionRuns() {
        FunctionException hash = assertThrows(FunctionException.class,
                () -> Calls.callWith("file.get_hash", Map.of("path", "/nonexistent", "form", "crc32")));
        assertEquals("file.get_hash: argument 'form' must be md5, sha1, sha224, sha256, sha384 or sha512 "
                + "(in any case), got 'crc32'", hash.getMessage());
        FunctionException find = assertThrows(FunctionException.class,
                () -> Calls.callWith("file.find", Map.of("path", "/nonexistent", "type", "fx")));
        assertEquals("file.find: argument 'type' must match [fdl]+, got 'fx'", find.getMessage());
        FunctionException sleep = assertThrows(FunctionException.class, () -> Calls.call("test.sleep", "NaN"));
        assertEquals("test.sleep: argument 'length' must be at least 0, got NaN", sleep.getMessage());
    }
}
