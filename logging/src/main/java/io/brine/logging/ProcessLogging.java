package io.brine.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import io.brine.config.ConfigException;
import io.brine.config.LoggingConfig;
import io.brine.config.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * How this process logs, set in one place for the full CLI and the minion package's launcher: Logback, reached
 * by Brine's System.Logger records through SLF4J's platform-logging bridge and by libraries' SLF4J records
 * directly. Records go to standard error (under systemd, the journal) and, with {@code log_file}, to that file,
 * created 0600; each output in the configured format, one record per line (see {@link TextLayout} and
 * {@link JsonLineEncoder}), at its own level. Levels of particular loggers come from {@link OwnLevels}.
 *
 * <p>Example: {@code ProcessLogging.configure(config.logging()).reopenOnHangup();}
 */
public final class ProcessLogging {
    private final FileAppender<ILoggingEvent> file;

    private ProcessLogging(FileAppender<ILoggingEvent> file) {
        this.file = file;
    }

    /**
     * Replaces this process's logging with {@code config}'s.
     *
     * @throws ConfigException when the log file cannot be created or opened, naming it
     */
    public static ProcessLogging configure(LoggingConfig config) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            throw new IllegalStateException("SLF4J is not bound to Logback: " + LoggerFactory.getILoggerFactory());
        }
        synchronized (context) { // one reset and set-up at a time, whichever threads configure
            return new ProcessLogging(apply(context, config));
        }
    }

    /** Client commands: warnings and errors only, on standard error, so that their output stays clean. */
    public static ProcessLogging warningsOnly() {
        return configure(LoggingConfig.stderr(System.Logger.Level.WARNING));
    }

    /** Configures {@code context}; returns the file's appender, or null without a log file. */
    static FileAppender<ILoggingEvent> apply(LoggerContext context, LoggingConfig config) {
        context.reset();
        OwnLevels own = OwnLevels.from(System.getProperties());
        Level toStderr = LevelNames.logback(config.level());
        Level toFile = config.file() == null ? Level.OFF : LevelNames.logback(config.fileThreshold());
        Level finest = toStderr.toInt() <= toFile.toInt() ? toStderr : toFile;
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(finest);
        if (finest == Level.INFO) {
            // Jetty (the API) announces each component it starts at INFO; its warnings are what an operator needs
            context.getLogger("org.eclipse.jetty").setLevel(Level.WARN);
        }
        own.levels().forEach((name, level) -> context.getLogger(name).setLevel(level));
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setTarget("System.err");
        start(context, console, "stderr", config.format(), toStderr == finest ? null : new LevelFloor(toStderr, own));
        root.addAppender(console);
        if (config.file() == null) {
            return null;
        }
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setAppend(true);
        file.setFile(config.file().toString());
        createPrivately(config.file());
        start(context, file, "file", config.format(), toFile == finest ? null : new LevelFloor(toFile, own));
        if (!file.isStarted()) {
            context.reset();
            throw new ConfigException("log_file " + config.file() + ": cannot be opened for writing");
        }
        root.addAppender(file);
        return file;
    }

    private static void start(LoggerContext context, OutputStreamAppender<ILoggingEvent> appender, String name,
            LoggingConfig.Format format, LevelFloor floor) {
        appender.setContext(context);
        appender.setName(name);
        appender.setEncoder(encoder(context, format));
        if (floor != null) {
            floor.setContext(context);
            floor.start();
            appender.addFilter(floor);
        }
        appender.start();
    }

    private static Encoder<ILoggingEvent> encoder(LoggerContext context, LoggingConfig.Format format) {
        if (format == LoggingConfig.Format.JSON) {
            JsonLineEncoder json = new JsonLineEncoder();
            json.setContext(context);
            json.start();
            return json;
        }
        LayoutWrappingEncoder<ILoggingEvent> text = new LayoutWrappingEncoder<>();
        text.setContext(context);
        text.setCharset(StandardCharsets.UTF_8);
        text.setLayout(TextLayout.create(context));
        text.start();
        return text;
    }

    /** The log file, created 0600 (and a missing directory 0700) before Logback opens it for appending. */
    private static void createPrivately(Path path) {
        try {
            Path dir = path.toAbsolutePath().getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            }
            PrivateFiles.file(path);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("log_file " + path + ": cannot be created: " + e);
        }
    }

    /**
     * Opens the log file again, at its configured path: after logrotate (or an operator) renamed it, new records
     * land in a new file there, created 0600. Nothing is lost meanwhile: Logback swaps the stream under the
     * appender's lock. Without a log file, does nothing.
     */
    public void reopen() throws IOException {
        if (file == null) {
            return;
        }
        PrivateFiles.file(Path.of(file.getFile()));
        file.openFile(file.getFile());
    }

    /**
     * Reopens the log file on SIGHUP, as daemons do for logrotate's postrotate. Only with a log file: otherwise
     * SIGHUP keeps the JVM's meaning (an orderly shutdown).
     */
    public ProcessLogging reopenOnHangup() {
        if (file != null) {
            Signal.handle(new Signal("HUP"), signal -> {
                System.Logger log = System.getLogger(ProcessLogging.class.getName());
                try {
                    reopen();
                    log.log(System.Logger.Level.INFO, "reopened the log file " + file.getFile() + " on SIGHUP");
                } catch (IOException | RuntimeException e) {
                    log.log(System.Logger.Level.ERROR, "cannot reopen the log file " + file.getFile() + ": " + e);
                }
            });
        }
        return this;
    }
}
