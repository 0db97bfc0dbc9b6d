package io.brine.logging;

import io.brine.config.LoggingConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** A process logging to the file named by its argument, SIGHUP reopening it; it logs each line read from stdin. */
public final class HangupChild {
    private HangupChild() {
    }

    public static void main(String[] args) throws Exception {
        ProcessLogging.configure(new LoggingConfig(Path.of(args[0]), System.Logger.Level.INFO, null,
                LoggingConfig.Format.TEXT)).reopenOnHangup();
        System.Logger log = System.getLogger("io.brine.test.Child");
        System.out.println("ready");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            log.log(System.Logger.Level.INFO, line);
            System.out.println("logged " + line);
            System.out.flush();
        }
    }
}
