package io.brine.modules.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.modules.RecordingCommands;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A service is named, never a path or an option: sysvinit would run /etc/init.d/../../tmp/x as /tmp/x. */
class NamedServicesTest {
    @Test
    void aPathAnOptionOrSeveralWordsAreNotServiceNamesAndRunNothing() throws Exception {
        RecordingCommands commands = new RecordingCommands();
        ServiceManager init = new NamedServices(new SysvinitServices(commands));
        for (String bad : List.of("../../tmp/evil", "/tmp/evil", "-evil", "..", "nginx start", "a\nb", "")) {
            IOException e = assertThrows(IOException.class, () -> init.act(bad, ServiceManager.Action.START), bad);
            assertEquals("'" + bad + "' is not a service name: a name is one word, not a path and does not start "
                    + "with '-'", e.getMessage());
            assertThrows(IOException.class, () -> init.available(bad), bad);
        }
        assertEquals(List.of(), commands.argvs());
    }

    @Test
    void realServiceNamesPass() throws IOException {
        for (String name : List.of("nginx", "getty@tty1.service", "systemd-journald", "php8.2-fpm", "a_b:c")) {
            assertEquals(name, NamedServices.require(name));
        }
    }

    @Test
    void everyServiceFunctionAndStateReachesItsInitSystemThroughTheNameCheck() {
        assertEquals(NamedServices.class, ServiceManagers.detect(new RecordingCommands()).getClass());
    }
}
