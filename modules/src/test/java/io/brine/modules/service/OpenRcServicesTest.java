package io.brine.modules.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.modules.RecordingCommands;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenRcServicesTest {
    /** rc-update's table: the service right-aligned, a bar, its runlevels. */
    private static final String DEFAULT_RUNLEVEL = """
                             acpid | default
                             crond | default
                              sshd | default
                       sshd-keygen | default
            """;

    @Test
    void statusIsRcServicesExitCode() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, " * status: started\n", "rc-service", "sshd", "status")
                .answer(3, " * status: stopped\n", "rc-service", "nginx", "status");
        OpenRcServices openrc = new OpenRcServices(commands);
        assertTrue(openrc.running("sshd"));
        assertFalse(openrc.running("nginx"));
    }

    @Test
    void enabledMeansListedWholeInTheDefaultRunlevel() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, DEFAULT_RUNLEVEL, "rc-update", "show", "default");
        OpenRcServices openrc = new OpenRcServices(commands);
        assertTrue(openrc.enabled("sshd"));
        assertTrue(openrc.enabled("crond"));
        assertFalse(openrc.enabled("sshd-key"), "a prefix of a listed name is not that service");
        assertFalse(openrc.enabled("nginx"));
    }

    @Test
    void actionsAndEnablingRunRcServiceAndRcUpdateInTheDefaultRunlevel() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, " * Starting nginx ...  [ ok ]\n", "rc-service", "nginx", "start")
                .answer(0, "", "rc-service", "nginx", "reload")
                .answer(1, " * ERROR: nginx failed to stop\n", "rc-service", "nginx", "stop")
                .answer(0, " * service nginx added to runlevel default\n", "rc-update", "add", "nginx", "default")
                .answer(0, " * service nginx removed from runlevel default\n", "rc-update", "del", "nginx",
                        "default");
        OpenRcServices openrc = new OpenRcServices(commands);
        assertTrue(openrc.act("nginx", ServiceManager.Action.START));
        assertTrue(openrc.act("nginx", ServiceManager.Action.RELOAD));
        assertFalse(openrc.act("nginx", ServiceManager.Action.STOP), "a failed stop is reported");
        assertTrue(openrc.setEnabled("nginx", true));
        assertTrue(openrc.setEnabled("nginx", false));
        assertEquals(List.of(List.of("rc-service", "nginx", "start"), List.of("rc-service", "nginx", "reload"),
                List.of("rc-service", "nginx", "stop"), List.of("rc-update", "add", "nginx", "default"),
                List.of("rc-update", "del", "nginx", "default")), commands.argvs());
    }

    @Test
    void everyServiceIsRcServicesListSortedOnce() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, "sshd\nacpid\n  crond\n\nnetworking\nsshd\n", "rc-service", "--list");
        assertEquals(List.of("acpid", "crond", "networking", "sshd"), new OpenRcServices(commands).all());
    }

    @Test
    void aServiceIsAvailableWhenItsInitScriptIsExecutable(@TempDir Path initD) throws Exception {
        Files.writeString(initD.resolve("nginx"), "#!/sbin/openrc-run\n");
        Files.setPosixFilePermissions(initD.resolve("nginx"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(initD.resolve("functions.sh"), "# sourced, not a service\n");
        OpenRcServices openrc = new OpenRcServices(new RecordingCommands(), initD);
        assertTrue(openrc.available("nginx"));
        assertFalse(openrc.available("functions.sh"));
        assertFalse(openrc.available("apache2"));
    }
}
