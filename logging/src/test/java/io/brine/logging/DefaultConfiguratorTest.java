package io.brine.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.StatusUtil;
import ch.qos.logback.core.status.WarnStatus;
import ch.qos.logback.core.util.StatusPrinter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Logback's own status messages after the default configuration: printed when one is a warning or an error, as
 * Logback would, and the context left with a status listener so that Logback does not make its printer (and read
 * the time-zone database for it) when there is nothing to print.
 */
class DefaultConfiguratorTest {
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @AfterEach
    void printerBackToStandardOutput() {
        StatusPrinter.setPrintStream(System.out);
    }

    @Test
    void aQuietConfigurationPrintsNothingAndLeavesLogbackNothingToCheck() {
        LoggerContext context = configured(new LoggerContext());
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
        assertTrue(StatusUtil.contextHasStatusListener(context), "Logback would check and make its printer");
    }

    @Test
    void aWarningDuringConfigurationIsPrintedAsLogbackWould() {
        LoggerContext context = new LoggerContext();
        context.getStatusManager().add(new WarnStatus("the appender could not start", this));
        configured(context);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("the appender could not start"),
                "printed: " + printed.toString(StandardCharsets.UTF_8));
    }

    private LoggerContext configured(LoggerContext context) {
        StatusPrinter.setPrintStream(new PrintStream(printed, true, StandardCharsets.UTF_8));
        new DefaultConfigurator().configure(context);
        return context;
    }
}
