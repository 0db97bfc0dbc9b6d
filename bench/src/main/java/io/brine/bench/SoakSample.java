package io.brine.bench;

/**
 * One look at a soaked master: its process figures (read first, before the collection that {@code heapMib} needs
 * disturbs the heap), its heap right after a full collection, and the size of its job cache's database and
 * write-ahead log.
 */
record SoakSample(double minutes, ProcessFigures process, double heapMib, double dbMib, double walMib) {

    double rssMib() {
        return process.rssMib();
    }

    double anonMib() {
        return process.anonMib();
    }

    double threads() {
        return process.threads();
    }

    double fds() {
        return process.fds();
    }
}
