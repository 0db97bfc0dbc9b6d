package io.brine.bench;

/** Some of the benchmark's minions, hosted one way or another; closing stops them all. */
interface Swarm extends AutoCloseable {
    int size();

    @Override
    void close();
}
