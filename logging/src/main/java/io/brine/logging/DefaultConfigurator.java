package io.brine.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.brine.config.LoggingConfig;

/**
 * Logback's configuration until a command sets its own (and for processes that start without a command, like
 * the benchmark's swarm children): text on standard error at the level of the system property
 * {@code brine.log.level}, info without it. Found through Logback's Configurator service, so that Logback reads
 * no XML file and loads none of its XML configuration machinery.
 */
public final class DefaultConfigurator extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        ProcessLogging.apply(context, LoggingConfig.stderr(levelOrInfo(System.getProperty("brine.log.level"))));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** A bad property must not cost the process its logging. */
    private static System.Logger.Level levelOrInfo(String name) {
        try {
            return name == null ? System.Logger.Level.INFO : LoggingConfig.level(name);
        } catch (IllegalArgumentException e) {
            return System.Logger.Level.INFO;
        }
    }
}
