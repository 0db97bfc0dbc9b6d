package io.brine.modules.service;

import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A tiny daemon and its /etc/init.d script under a unique name, for tests of the sysvinit provider.
 * The script keeps a pid file and appends each action it is asked for to {@link #actions()}; the
 * daemon ignores SIGHUP, so a reload leaves it running. {@link #remove()} stops it and deletes
 * every trace.
 *
 * <pre>{@code
 * InitScriptDaemon d = InitScriptDaemon.install(workDir);
 * ... service.start d.name ...
 * assertTrue(d.alive(d.pid()));
 * d.remove();
 * }</pre>
 */
public final class InitScriptDaemon {
    public final String name;
    final Path initScript;
    final Path pidFile;
    private final Path actions;

    private InitScriptDaemon(String name, Path work) {
        this.name = name;
        this.initScript = Path.of("/etc/init.d", name);
        this.pidFile = Path.of("/run", name + ".pid");
        this.actions = work.resolve("actions");
    }

    public static InitScriptDaemon install(Path work) throws IOException {
        InitScriptDaemon d = new InitScriptDaemon(SystemAccounts.uniqueName(), work);
        Path daemon = work.resolve("daemon");
        Files.writeString(daemon, "#!/bin/sh\ntrap '' HUP\nexec sleep 100000\n");
        Files.setPosixFilePermissions(daemon, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(d.initScript, """
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
            echo "$1" >> %4$s
            case "$1" in
              start) start-stop-daemon --start --background --make-pidfile --pidfile $PIDFILE --startas %3$s ;;
              stop) start-stop-daemon --stop --oknodo --retry 5 --remove-pidfile --pidfile $PIDFILE ;;
              restart) "$0" stop && "$0" start ;;
              reload) start-stop-daemon --stop --signal HUP --pidfile $PIDFILE ;;
              status) start-stop-daemon --status --pidfile $PIDFILE ;;
              *) echo "Usage: $0 {start|stop|restart|reload|status}"; exit 3 ;;
            esac
            """.formatted(d.name, d.pidFile, daemon, d.actions));
        Files.setPosixFilePermissions(d.initScript, PosixFilePermissions.fromString("rwxr-xr-x"));
        return d;
    }

    /** Every action the script ran, in order, one per line. */
    public String actions() throws IOException {
        return Files.exists(actions) ? Files.readString(actions) : "";
    }

    public long pid() throws IOException {
        return Long.parseLong(Files.readString(pidFile).strip());
    }

    public static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    public void remove() throws IOException, InterruptedException {
        run(initScript.toString(), "stop");
        run("update-rc.d", "-f", name, "remove");
        Files.deleteIfExists(initScript);
        Files.deleteIfExists(pidFile);
    }

    private static void run(String... argv) throws IOException, InterruptedException {
        new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
