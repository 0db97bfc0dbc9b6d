package io.brine.minion.functions;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.function.FunctionModule;
import io.brine.minion.function.FunctionRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegistrationTest {
    @Test
    void theServiceFileInstallsEveryModule() {
        var ours = FunctionRegistry.of(List.of(new CmdModule(), new GrainsModule(), new SysModule(),
                new TestModule())).names();
        assertTrue(Calls.REGISTRY.names().containsAll(ours), Calls.REGISTRY.names().toString());
    }

    @Test
    void aSecondModuleRegisteringATakenNameIsRejectedNamingBoth() {
        FunctionModule impostor = () -> List.of(new TestPing());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FunctionRegistry.of(List.of(new TestModule(), impostor)));
        assertTrue(e.getMessage().contains("test.ping"), e.getMessage());
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
