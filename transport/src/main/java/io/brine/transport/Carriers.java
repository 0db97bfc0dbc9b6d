package io.brine.transport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/** The router's carriers, together: what the I/O thread does to each of them in a turn or a sweep. */
final class Carriers {
    private final List<Carrier> all = new CopyOnWriteArrayList<>();

    void add(Carrier carrier) {
        all.add(carrier);
    }

    void flushAll() {
        for (Carrier c : all) {
            c.flushAll();
        }
    }

    void sweep(long nowNanos, Predicate<Link> abandoned) {
        for (Carrier c : all) {
            c.sweep(nowNanos, abandoned);
        }
    }

    int links() {
        int n = 0;
        for (Carrier c : all) {
            n += c.links();
        }
        return n;
    }

    void close() {
        for (Carrier c : all) {
            c.close();
        }
    }
}
