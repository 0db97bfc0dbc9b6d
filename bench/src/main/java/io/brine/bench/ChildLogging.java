package io.brine.bench;

import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/** Logging of the bench's child JVMs (a swarm's part, a solo minion): warnings only, on stderr. */
final class ChildLogging {
    private ChildLogging() {
    }

    /** Call first in main: through the brine jar's System.LoggerFinder, or java.util.logging without the jar. */
    static void warningsOnly() {
        System.setProperty("brine.log.level", "warning");
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.WARNING);
    }
}
