package io.brine.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;

/** How long each of a series of requests took to be answered, and with what status (-1: no answer). */
final class Latencies {
    private final String name;
    private final List<Long> millis = new ArrayList<>();
    private final List<Integer> statuses = new ArrayList<>();

    Latencies(String name) {
        this.name = name;
    }

    /** Times {@code request}, which returns the status it was answered with. */
    void time(Callable<Integer> request) {
        long start = System.nanoTime();
        int status;
        try {
            status = request.call();
        } catch (Exception e) {
            status = -1;
        }
        millis.add((System.nanoTime() - start) / 1_000_000);
        statuses.add(status);
    }

    long max() {
        return millis.stream().mapToLong(Long::longValue).max().orElse(Long.MAX_VALUE);
    }

    long median() {
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        return sorted.isEmpty() ? Long.MAX_VALUE : sorted.get(sorted.size() / 2);
    }

    /** True if there was at least one request and every one was answered with {@code status}. */
    boolean allAnswered(int status) {
        return !statuses.isEmpty() && statuses.stream().allMatch(s -> s == status);
    }

    @Override
    public String toString() {
        return name + ": n=" + millis.size() + " p50=" + median() + " ms max=" + max() + " ms"
                + (allAnswered(200) ? "" : ", not answered 200: " + statuses.stream().filter(s -> s != 200).count()
                + " (the first at request " + statuses.indexOf(statuses.stream().filter(s -> s != 200).findFirst()
                .orElse(0)) + ")");
    }
}
