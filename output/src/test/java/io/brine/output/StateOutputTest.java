package io.brine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Salt's highstate text: every state in run order with its changes, then a summary per minion. */
class StateOutputTest {
    @Test
    void stateFunctionsArePrintedAsStatesAndOthersAsNestedData() {
        for (String f : List.of("state.apply", "state.highstate", "state.single", "state.sls", "state.test")) {
            assertTrue(StateOutput.printsStates(f), f);
        }
        for (String f : List.of("test.ping", "cmd.run", "state.show_sls", "pkg.installed")) {
            assertFalse(StateOutput.printsStates(f), f);
        }
    }

    @Test
    void statesArePrintedInRunOrderWithTheirChangesThenTheSummary() {
        Map<String, Object> states = new LinkedHashMap<>();
        // out of run order in the map, as a return's map may be
        states.put("service_|-nginx_|-nginx_|-running", state(2, "nginx", "nginx", false,
                "Service nginx failed to start\nsee the journal", Map.of(), 1.5));
        states.put("pkg_|-nginx_|-nginx_|-installed", state(0, "nginx", "nginx", true, "installed",
                Map.of("nginx", new java.util.TreeMap<>(Map.of("new", "1.24", "old", ""))), 10.25));
        states.put("file_|-conf_|-/etc/nginx.conf_|-managed", state(1, "conf", "/etc/nginx.conf", true,
                "already as it should be", Map.of(), 0.25));
        String text = StateOutput.text(Jobs.job("state.apply", List.of("web1"), List.of(),
                Map.of("web1", Jobs.failed(2, states))));
        assertEquals("web1:\n"
                + "----------\n"
                + "          ID: nginx\n"
                + "    Function: pkg.installed\n"
                + "        Name: nginx\n"
                + "      Result: True\n"
                + "     Comment: installed\n"
                + "     Started: 10:15:00.120\n"
                + "    Duration: 10.250 ms\n"
                + "     Changes:\n"
                + "            ----------\n"
                + "            nginx:\n"
                + "                ----------\n"
                + "                new:\n"
                + "                    1.24\n"
                + "                old:\n"
                + "                    \n"
                + "----------\n"
                + "          ID: conf\n"
                + "    Function: file.managed\n"
                + "        Name: /etc/nginx.conf\n"
                + "      Result: True\n"
                + "     Comment: already as it should be\n"
                + "     Started: 10:15:00.120\n"
                + "    Duration: 0.250 ms\n"
                + "     Changes:   \n"
                + "----------\n"
                + "          ID: nginx\n"
                + "    Function: service.running\n"
                + "        Name: nginx\n"
                + "      Result: False\n"
                + "     Comment: Service nginx failed to start\n"
                + "              see the journal\n"
                + "     Started: 10:15:00.120\n"
                + "    Duration: 1.500 ms\n"
                + "     Changes:   \n"
                + "\n"
                + "Summary for web1\n"
                + "------------\n"
                + "Succeeded: 2 (changed=1)\n"
                + "Failed:    1\n"
                + "------------\n"
                + "Total states run:     3\n"
                + "Total run time:   12.000 ms\n", text.replace(System.lineSeparator(), "\n"));
    }

    @Test
    void compileErrorsFailuresOfOtherShapesAndMissingMinionsArePrintedAsSuch() {
        Map<String, io.brine.protocol.MinionReturn> returns = new LinkedHashMap<>();
        returns.put("a", Jobs.failed(1, List.of("Rendering SLS 'web' failed: web.sls:3: bad", "no state 'db'")));
        returns.put("b", Jobs.failed(1, "the minion is stopping"));
        returns.put("c", Jobs.ok("done"));
        String text = StateOutput.text(Jobs.job("state.apply", List.of("a", "b", "c", "d"), List.of("d"), returns));
        assertEquals("a:\n"
                + "    Data failed to compile:\n"
                + "----------\n"
                + "    Rendering SLS 'web' failed: web.sls:3: bad\n"
                + "----------\n"
                + "    no state 'db'\n"
                + "b:\n"
                + "    ERROR: the minion is stopping\n"
                + "c:\n"
                + "    done\n"
                + "d:\n"
                + "    Minion did not return. [Not connected]\n", text);
    }

    /** Arguments a state function ignored, as Salt's highstate output shows its warnings: after the changes. */
    @Test
    void aStatesWarningsFollowItsChanges() {
        Map<String, Object> s = state(0, "gone", "/tmp/x", true, "File /tmp/x is not present", Map.of(), 1);
        s.put("warnings", List.of("'contents' is not an argument of file.absent and was ignored (a.sls:2)",
                "'mode' is not an argument of file.absent and was ignored (a.sls:2)"));
        String text = StateOutput.text(Jobs.job("state.apply", List.of("web1"), List.of(),
                Map.of("web1", Jobs.ok(Map.of("file_|-gone_|-/tmp/x_|-absent", s)))));
        assertTrue(text.replace(System.lineSeparator(), "\n").contains("     Changes:   \n"
                + "    Warnings: 'contents' is not an argument of file.absent and was ignored (a.sls:2)\n"
                + "              'mode' is not an argument of file.absent and was ignored (a.sls:2)\n"), text);
    }

    private static Map<String, Object> state(int run, String id, String name, boolean result, String comment,
            Map<String, Object> changes, double durationMs) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("__run_num__", run);
        s.put("__id__", id);
        s.put("name", name);
        s.put("result", result);
        s.put("comment", comment);
        s.put("start_time", "10:15:00.120");
        s.put("duration", durationMs);
        s.put("changes", changes);
        return s;
    }
}
