package io.brine.console;

import io.brine.api.TokenStore;
import io.brine.api.WebConsole;
import io.brine.master.Master;

/** How the API finds the console ({@link java.util.ServiceLoader}): one per API server. */
public final class ConsoleFactory implements WebConsole.Factory {
    @Override
    public WebConsole open(Master master, TokenStore tokens, boolean tls) {
        return new Console(master, tokens, tls, new Sessions(new java.security.SecureRandom(),
                java.time.Clock.systemUTC()));
    }
}
