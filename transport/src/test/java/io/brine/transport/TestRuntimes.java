package io.brine.transport;

/**
 * The runtime the tests' dealers share, apart from any test master's: a dealer outlives the master it talks to
 * when a test restarts that master. Its thread runs only while one of its dealers is open.
 */
final class TestRuntimes {
    static final TransportRuntime DEALERS = new TransportRuntime("test-dealers");

    private TestRuntimes() {
    }
}
