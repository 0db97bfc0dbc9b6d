package io.brine.states.functions.service;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny daemon and its init.d script (unique name), started, restarted when its watched config
 * changes (the pid changes), stopped, enabled and disabled. This machine runs no systemd, so this
 * exercises the sysvinit provider, as the minion would use it here.
 */
class SysvinitServiceTest {
  @TempDir Path treeDir;
  @TempDir Path work;
  StateTree tree;
  final StateEngine engine = StateEngine.withInstalledFunctions();
  String name;
  Path initScript;
  Path pidFile;

  @BeforeEach
  void installDaemon() throws Exception {
    assumeFalse(Files.isDirectory(Path.of("/run/systemd/system")), "systemd runs here; this test is for sysvinit");
    name = SystemAccounts.uniqueName();
    initScript = Path.of("/etc/init.d", name);
    pidFile = Path.of("/run", name + ".pid");
    Path daemon = work.resolve("daemon");
    Files.writeString(daemon, "#!/bin/sh\nexec sleep 100000\n");
    Files.setPosixFilePermissions(daemon, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(initScript, """
        #!/bin/sh
        ### BEGIN INIT INFO
        # Provides:          %1$s
        # Required-Start:
        # Required-Stop:
        # Default-Start:     2 3 4 5
        # Default-Stop:      0 1 6
        # Short-Description: throwaway daemon for Brine's tests
        ### END INIT INFO
        PIDFILE=%2$s
        case "$1" in
          start) start-stop-daemon --start --background --make-pidfile --pidfile $PIDFILE --startas %3$s ;;
          stop) start-stop-daemon --stop --oknodo --retry 5 --remove-pidfile --pidfile $PIDFILE ;;
          restart) "$0" stop && "$0" start ;;
          reload) start-stop-daemon --stop --signal HUP --pidfile $PIDFILE ;;
          status) start-stop-daemon --status --pidfile $PIDFILE ;;
          *) echo "Usage: $0 {start|stop|restart|reload|status}"; exit 3 ;;
        esac
        """.formatted(name, pidFile, daemon));
    Files.setPosixFilePermissions(initScript, PosixFilePermissions.fromString("rwxr-xr-x"));
    tree = new StateTree(treeDir);
    tree.pillar.put("service", name);
    tree.pillar.put("config", work.resolve("daemon.conf").toString());
    tree.file("daemon.sls", """
        {{ pillar.config }}:
          file.managed:
            - contents: "greeting = {{ pillar.greeting }}"
        {{ pillar.service }}:
          service.running:
            - enable: true
            - watch:
              - file: {{ pillar.config }}
        """);
  }

  @AfterEach
  void removeDaemon() throws Exception {
    if (initScript == null) {
      return;
    }
    run(initScript.toString(), "stop");
    run("update-rc.d", "-f", name, "remove");
    Files.deleteIfExists(initScript);
    Files.deleteIfExists(pidFile);
  }

  private static void run(String... argv) throws IOException, InterruptedException {
    new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
  }

  private long pid() throws IOException {
    return Long.parseLong(Files.readString(pidFile).strip());
  }

  private boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private StateOutcome apply(String greeting) {
    tree.pillar.put("greeting", greeting);
    return engine.apply(tree.job("daemon"));
  }

  @Test
  void theServiceStartsRestartsWhenItsConfigChangesAndStops() throws Exception {
    StateOutcome started = apply("hello");
    assertTrue(started.success(), () -> started.ret().toString());
    long firstPid = pid();
    assertTrue(alive(firstPid));
    assertEquals(Map.of(name, true, "enabled", true), state(started, name, "service.running").get("changes"));
    assertTrue(Files.exists(Path.of("/etc/rc2.d/S01" + name)), "enabled at boot");

    StateOutcome unchanged = apply("hello");
    assertFalse(anyChanges(unchanged), () -> unchanged.ret().toString());
    assertEquals(firstPid, pid(), "nothing changed, so no restart");

    StateOutcome reconfigured = apply("bonjour");
    assertTrue(reconfigured.success(), () -> reconfigured.ret().toString());
    assertEquals("Service restarted", state(reconfigured, name, "service.running").get("comment"));
    long secondPid = pid();
    assertNotEquals(firstPid, secondPid);
    assertFalse(alive(firstPid));
    assertTrue(alive(secondPid));

    tree.file("stop.sls", "{{ pillar.service }}:\n  service.dead:\n    - enable: false\n");
    StateOutcome stopped = engine.apply(tree.job("stop"));
    assertEquals(Map.of(name, true, "disabled", true), state(stopped, name, "service.dead").get("changes"));
    assertFalse(alive(secondPid));
    assertFalse(anyChanges(engine.apply(tree.job("stop"))));
  }

  @Test
  void testModeStartsNothing() throws Exception {
    tree.pillar.put("greeting", "hi");
    StateOutcome out = engine.apply(tree.testJob("daemon"));
    assertNull(state(out, name, "service.running").get("result"));
    assertFalse(Files.exists(pidFile));
    assertFalse(Files.exists(work.resolve("daemon.conf")));
  }

  @Test
  void anUnknownServiceFails() {
    tree.file("ghost.sls", "brine-no-such-service:\n  service.running: []\n");
    StateOutcome out = engine.apply(tree.job("ghost"));
    assertEquals(false, state(out, "brine-no-such-service", "service.running").get("result"));
  }
}
