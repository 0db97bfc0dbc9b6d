package io.brine.modules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The service file registers the modules of this jar, and their execution functions describe
 * themselves for sys.doc, as the minion's own registration test demands of every function.
 */
class InstalledModulesTest {
    static final FunctionRegistry INSTALLED = FunctionRegistry.installed();

    @Test
    void thePkgAndServiceExecutionFunctionsAreInstalled() {
        List<String> expected = List.of("pkg.install", "pkg.remove", "pkg.purge", "pkg.version", "pkg.list_pkgs",
                "pkg.latest_version", "pkg.refresh_db", "pkg.upgrade", "service.start", "service.stop", "service.restart",
                "service.reload", "service.status", "service.enable", "service.disable", "service.enabled",
                "service.available", "service.get_all");
        assertTrue(INSTALLED.names().containsAll(expected), INSTALLED.names().toString());
        assertTrue(INSTALLED.stateNames().containsAll(List.of("pkg.installed", "service.running")), INSTALLED.stateNames().toString());
    }

    @Test
    void everyExecutionFunctionDocumentsItselfAndEachParameter() {
        for (String name : INSTALLED.names()) {
            var f = INSTALLED.find(name).orElseThrow();
            assertTrue(!f.doc().isBlank(), name);
            f.params().forEach(p -> assertTrue(!p.doc().isBlank(), name + " " + p.name()));
        }
    }

    @Test
    void everyFileHostAndSysctlStateDocumentsItselfAndEachParameter() {
        List<String> states = INSTALLED.stateNames().stream()
                .filter(n -> n.startsWith("file.") || n.startsWith("host.") || n.startsWith("sysctl.")).toList();
        assertTrue(states.containsAll(List.of("file.line", "file.blockreplace", "file.comment", "file.uncomment",
                "file.copy", "file.rename", "file.keyvalue", "file.serialize", "host.present", "host.absent", "host.only",
                "sysctl.present")), states.toString());
        for (String name : states) {
            var f = INSTALLED.state(name).orElseThrow();
            assertTrue(!f.doc().isBlank(), name);
            f.params().forEach(p -> assertTrue(!p.doc().isBlank(), name + " " + p.name()));
        }
    }
}
