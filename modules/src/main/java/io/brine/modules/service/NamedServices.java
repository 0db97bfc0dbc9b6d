package io.brine.modules.service;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * An init system that takes only service names: not a path (sysvinit runs {@code /etc/init.d/NAME}, so
 * {@code ../../tmp/x} would run {@code /tmp/x}), not an option ({@code -x}), one word. Every service function and
 * state reaches its init system through this, so none can name a program to run.
 */
final class NamedServices implements ServiceManager {
    private final ServiceManager init;

    NamedServices(ServiceManager init) {
        this.init = init;
    }

    /**
     * The name, if it is one.
     *
     * @throws IOException naming it, when it is a path, an option or not one word
     */
    static String require(String service) throws IOException {
        if (service == null || service.isBlank() || service.startsWith("-") || service.contains("/")
                || service.equals("..") || !service.codePoints().allMatch(c -> c > ' ' && c != 0x7f)) {
            throw new IOException("'" + service + "' is not a service name: a name is one word, not a path and does "
                    + "not start with '-'");
        }
        return service;
    }

    @Override
    public String name() {
        return init.name();
    }

    @Override
    public boolean available(String service) throws IOException, InterruptedException {
        return init.available(require(service));
    }

    @Override
    public boolean running(String service) throws IOException, InterruptedException {
        return init.running(require(service));
    }

    @Override
    public boolean enabled(String service) throws IOException, InterruptedException {
        return init.enabled(require(service));
    }

    @Override
    public boolean act(String service, Action action) throws IOException, InterruptedException {
        return init.act(require(service), action);
    }

    @Override
    public boolean setEnabled(String service, boolean enable) throws IOException, InterruptedException {
        return init.setEnabled(require(service), enable);
    }

    @Override
    public List<String> all() throws IOException, InterruptedException {
        return init.all();
    }

    @Override
    public Optional<SystemdMasks> masks() {
        return init.masks();
    }
}
