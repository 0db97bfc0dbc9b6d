/**
 * How a {@code brine} process logs: {@link io.brine.logging.ProcessLogging} configures Logback from a
 * {@link io.brine.config.LoggingConfig}; System.Logger reaches it through SLF4J's platform-logging bridge.
 */
module io.brine.logging {
    requires transitive io.brine.config;
    requires ch.qos.logback.classic;
    requires ch.qos.logback.core;
    requires org.slf4j;
    requires org.slf4j.jdk.platform.logging;
    requires jdk.unsupported;

    exports io.brine.logging;

    provides ch.qos.logback.classic.spi.Configurator with io.brine.logging.DefaultConfigurator;
}
