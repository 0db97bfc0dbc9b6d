package io.brine.functions;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A small shell process that outlives the minion by design: the runner tells it, on its standard input, the
 * process groups of the commands running, and asks it to signal a group. When the minion dies, even by SIGKILL,
 * the kernel closes that input, and the guard sends every group it still holds SIGTERM, then SIGKILL two
 * seconds later: no command is left running as an orphan. The JVM cannot do this itself (no prctl
 * PDEATHSIG, no process groups), and one guard serves every command of a runner.
 */
final class ProcessGuard implements AutoCloseable {
    // dash's kill takes "-PGID" but not "--"; the guard ignores the signals a terminal or a service manager
    // sends to the minion's whole group, so that it is still there to clean up when the minion is gone.
    private static final String SCRIPT = String.join("\n",
            "trap '' INT HUP TERM PIPE",
            "g=' '",
            "while IFS= read -r l; do",
            "  case $l in",
            "    +*) g=\"$g${l#+} \" ;;",
            "    -*) p=${l#-}; n=' '; for x in $g; do [ \"$x\" = \"$p\" ] || n=\"$n$x \"; done; g=$n ;;",
            "    T*) kill -TERM \"-${l#T}\" 2>/dev/null ;;",
            "    K*) kill -KILL \"-${l#K}\" 2>/dev/null ;;",
            "  esac",
            "done",
            "[ \"$g\" = ' ' ] && exit 0",
            "for x in $g; do kill -TERM \"-$x\" 2>/dev/null; done",
            "sleep 2",
            "for x in $g; do kill -KILL \"-$x\" 2>/dev/null; done",
            "");

    private final Process process;
    private final OutputStream control;

    private ProcessGuard(Process process) {
        this.process = process;
        this.control = process.getOutputStream();
    }

    static ProcessGuard start() throws IOException {
        Process p = new ProcessBuilder(List.of("/bin/sh", "-c", SCRIPT))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new ProcessGuard(p);
    }

    boolean alive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** From now on the group {@code pgid} is killed if the minion dies. */
    void watch(long pgid) throws IOException {
        send("+" + pgid);
    }

    /** The group ended normally; forget it. */
    void release(long pgid) throws IOException {
        send("-" + pgid);
    }

    void terminate(long pgid) throws IOException {
        send("T" + pgid);
    }

    void kill(long pgid) throws IOException {
        send("K" + pgid);
    }

    private synchronized void send(String line) throws IOException {
        control.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        control.flush();
    }

    /** Ends the guard; any group it still holds is killed, as if the minion had died. */
    @Override
    public synchronized void close() {
        try {
            control.close();
        } catch (IOException e) {
            // already gone
        }
    }
}
