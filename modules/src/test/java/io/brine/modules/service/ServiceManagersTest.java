package io.brine.modules.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ServiceManagersTest {
    @Test
    void theInitSystemIsTheOneTheMachineRuns() {
        assertEquals("systemd", ServiceManagers.choose(p -> p.equals(Path.of("/run/systemd/system"))));
        assertEquals("openrc", ServiceManagers.choose(p -> p.equals(Path.of("/run/openrc"))));
        assertEquals("sysvinit", ServiceManagers.choose(p -> false));
    }
}
