package io.brine.modules.service;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** One init system's controls, as the service states and functions need them. */
interface ServiceManager {
    enum Action { START, STOP, RESTART, RELOAD }

    String name();

    boolean available(String service) throws IOException, InterruptedException;

    boolean running(String service) throws IOException, InterruptedException;

    boolean enabled(String service) throws IOException, InterruptedException;

    /** Runs the action; false when the init system reported failure. */
    boolean act(String service, Action action) throws IOException, InterruptedException;

    boolean setEnabled(String service, boolean enable) throws IOException, InterruptedException;

    /** Every service this init system can control, sorted by name. */
    List<String> all() throws IOException, InterruptedException;

    /** Masks, where the init system has them: only systemd does (Salt's other service modules lack them too). */
    default Optional<SystemdMasks> masks() {
        return Optional.empty();
    }
}
