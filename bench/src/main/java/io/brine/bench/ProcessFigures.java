package io.brine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What Linux says of a process, from {@code /proc/PID}: its resident set and the parts of it (anonymous memory,
 * which is the heap and the C library's allocations, against mapped files such as the jar and SQLite's
 * {@code -shm} index), its threads and its open descriptors.
 *
 * <pre>{@code
 * ProcessFigures f = ProcessFigures.of(ProcessHandle.current().pid());
 * }</pre>
 */
record ProcessFigures(double rssMib, double anonMib, double fileMib, int threads, long fds) {

    static ProcessFigures of(long pid) throws IOException {
        Path proc = Path.of("/proc", Long.toString(pid));
        long rssKib = 0;
        long anonKib = 0;
        long fileKib = 0;
        int threads = 0;
        for (String line : Files.readAllLines(proc.resolve("status"))) {
            if (line.startsWith("VmRSS:")) {
                rssKib = number(line);
            } else if (line.startsWith("RssAnon:")) {
                anonKib = number(line);
            } else if (line.startsWith("RssFile:")) {
                fileKib = number(line);
            } else if (line.startsWith("Threads:")) {
                threads = (int) number(line);
            }
        }
        if (rssKib == 0) {
            throw new IOException("no VmRSS for process " + pid);
        }
        try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
            return new ProcessFigures(rssKib / 1024.0, anonKib / 1024.0, fileKib / 1024.0, threads, fds.count());
        }
    }

    private static long number(String statusLine) {
        return Long.parseLong(statusLine.replaceAll("[^0-9]", ""));
    }
}
