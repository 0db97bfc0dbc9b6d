package io.brine.cli;

import io.brine.client.BrineClient;

/** One request of a command to its master, on the client connected for it. */
@FunctionalInterface
interface MasterRequest<T> {
    T on(BrineClient master) throws InterruptedException;
}
