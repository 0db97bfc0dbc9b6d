package io.brine.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.FunctionRegistry;
import io.brine.modules.cmd.CmdStates;
import io.brine.modules.grains.GrainsModule;
import io.brine.modules.sys.SysModule;
import io.brine.modules.test.TestModule;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegistrationTest {
    @Test
    void theServiceFileInstallsEveryModule() {
        var ours = FunctionRegistry.of(List.of(new CmdStates(), new GrainsModule(), new SysModule(),
                new TestModule())).names();
        assertTrue(Calls.REGISTRY.names().containsAll(ours), Calls.REGISTRY.names().toString());
    }

    @Test
    void aSecondModuleRegisteringATakenNameIsRejectedNamingBoth() {
        FunctionModule impostor = new FunctionModule() {
            @Override
            public String name() {
                return "impostor";
            }

            @Override
            public List<ExecutionFunction> execution() {
                return new TestModule().execution().stream().filter(f -> f.name().equals("test.ping")).toList();
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FunctionRegistry.of(List.of(new TestModule(), impostor)));
        assertTrue(e.getMessage().contains("function test.ping is registered twice"), e.getMessage());
        // both named, each with its module
        assertTrue(e.getMessage().contains(TestModule.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains(impostor.getClass().getName()), e.getMessage());
    }

    @Test
    void modulesAreRegisteredInSortedOrderAndDescribedOneLineEach() {
        FunctionRegistry registry = FunctionRegistry.of(List.of(new TestModule(), new CmdStates(), new SysModule()));
        assertEquals(List.of("cmd", "sys", "test"), registry.modules().stream().map(FunctionModule::name).toList());
        List<String> lines = FunctionRegistry.installed().describeModules();
        assertEquals(FunctionRegistry.installed().modules().size(), lines.size());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("module pkg (") && l.contains("functions pkg.install")
                && l.contains("states pkg.installed")), lines.toString());
    }

    @Test
    void everyFunctionDocumentsItselfAndEachParameter() {
        for (String name : Calls.REGISTRY.names()) {
            var f = Calls.REGISTRY.find(name).orElseThrow();
            assertTrue(!f.doc().isBlank(), name);
            f.params().forEach(p -> assertTrue(!p.doc().isBlank(), name + " " + p.name()));
        }
    }
}
