package io.brine.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import ch.qos.logback.core.status.StatusUtil;
import ch.qos.logback.core.util.StatusPrinter;
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
        printStatusOnlyIfWorthIt(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Once configured, Logback prints its own status messages when one of them is a warning or an error, unless
     * the context has a status listener; but it makes the printer first, whatever the messages, and the printer's
     * date format reads the time-zone database (ZoneId, TimeZone, tzdb.dat twice, java.time's formatters): some
     * 90 classes and a few hundred KiB of heap in every process, kept for its life, for nothing in the usual case.
     * So the same check is made here, the printer made only when there is something to print, and a listener
     * that does nothing tells Logback it need not check again (statuses are still kept, as before).
     */
    private static void printStatusOnlyIfWorthIt(LoggerContext context) {
        if (new StatusUtil(context).getHighestLevel(0) >= Status.WARN) {
            StatusPrinter.printInCaseOfErrorsOrWarnings(context);
        }
        context.getStatusManager().add(STATUS_ALREADY_CHECKED);
    }

    /** Only its presence counts (see {@link #printStatusOnlyIfWorthIt}); it goes with the next reset. */
    private static final StatusListener STATUS_ALREADY_CHECKED = status -> {
    };

    /** A bad property must not cost the process its logging. */
    private static System.Logger.Level levelOrInfo(String name) {
        try {
            return name == null ? System.Logger.Level.INFO : LoggingConfig.level(name);
        } catch (IllegalArgumentException e) {
            return System.Logger.Level.INFO;
        }
    }
}
