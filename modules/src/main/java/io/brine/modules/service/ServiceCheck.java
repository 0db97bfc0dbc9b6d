package io.brine.modules.service;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.List;

/**
 * {@code service.status}, {@code service.enabled} and {@code service.available}: one yes-or-no
 * question about a service, answered true or false as Salt answers it.
 *
 * <p>Example: {@code brine '*' service.status sshd}.
 */
final class ServiceCheck extends ServiceFunction {
    /** The question, put to the init system. */
    interface Question {
        boolean ask(ServiceManager pm, String service) throws IOException, InterruptedException;
    }

    static final ServiceCheck STATUS = new ServiceCheck("status", "True if the named service is running.", ServiceManager::running);
    static final ServiceCheck ENABLED = new ServiceCheck("enabled", "True if the named service starts at boot.", ServiceManager::enabled);
    static final ServiceCheck AVAILABLE = new ServiceCheck("available", "True if the init system knows the named service.",
            ServiceManager::available);

    private final String function;
    private final String doc;
    private final Question question;

    private ServiceCheck(String function, String doc, Question question) {
        this.function = function;
        this.doc = doc;
        this.question = question;
    }

    @Override
    public String name() {
        return "service." + function;
    }

    @Override
    public String doc() {
        return doc;
    }

    @Override
    public List<Param> params() {
        return NAME;
    }

    @Override
    Object call(ServiceManager pm, Arguments args) throws IOException, InterruptedException {
        return question.ask(pm, args.name());
    }
}
