package io.brine.transport;

/** Numbers the router's links, of every carrier, from 1: a session's routing id is made of its link's. I/O thread. */
final class LinkIds {
    private long last;

    long next() {
        return ++last;
    }
}
