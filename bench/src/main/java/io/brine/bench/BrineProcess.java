package io.brine.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts {@code brine ARGS...} as a process of its own, the way an operator's shell does.
 *
 * <p>When the benchmark was itself started by the {@code brine} launcher script, it runs that script: the
 * launcher is the one place where the JVM options of each role (client command, minion, master) and the
 * class-data archives of client commands are chosen, and running it is the simplest way to measure exactly what
 * operators get rather than a copy of it that could drift. BRINE_JAVA_OPTS reaches it through the environment.
 * Otherwise ({@code java -jar brine.jar bench}) the process is {@code java BRINE_JAVA_OPTS -jar brine.jar ARGS},
 * which the report's machine section says.
 */
final class BrineProcess {
    private BrineProcess() {
    }

    static JavaProcess start(BenchOptions options, List<String> args, Path log) throws IOException {
        return JavaProcess.run(command(options, args), log);
    }

    /**
     * Like {@link #start}, with JVM options added for this process only (a GC log, say): after BRINE_JAVA_OPTS in
     * the launcher's environment, or after the options with {@code java -jar}, so the role's own options stay.
     */
    static JavaProcess start(BenchOptions options, List<String> args, Path log, List<String> extraJvmOptions)
            throws IOException {
        if (options.launcher() != null) {
            String inherited = System.getenv("BRINE_JAVA_OPTS");
            String opts = ((inherited == null ? "" : inherited + " ") + String.join(" ", extraJvmOptions)).trim();
            return JavaProcess.run(command(options, args), log, java.util.Map.of("BRINE_JAVA_OPTS", opts));
        }
        List<String> jvm = new ArrayList<>(options.jvmOptions());
        jvm.addAll(extraJvmOptions);
        List<String> javaArgs = new ArrayList<>(List.of("-jar", options.brineJar().toString()));
        javaArgs.addAll(args);
        return JavaProcess.run(JavaProcess.command(jvm, javaArgs), log);
    }

    static List<String> command(BenchOptions options, List<String> args) {
        if (options.launcher() != null) {
            List<String> cmd = new ArrayList<>();
            cmd.add(options.launcher().toString());
            cmd.addAll(args);
            return cmd;
        }
        List<String> javaArgs = new ArrayList<>(List.of("-jar", options.brineJar().toString()));
        javaArgs.addAll(args);
        return JavaProcess.command(options.jvmOptions(), javaArgs);
    }

    /** How the benchmark starts its processes, for the report. */
    static String describe(BenchOptions options) {
        return options.launcher() != null ? options.launcher().toString() : "none (java -jar, BRINE_JAVA_OPTS only)";
    }
}
