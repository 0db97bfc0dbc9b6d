package io.brine.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The console's static files, read once at start: htmx, its SSE extension and uPlot from their webjars, and the
 * console's stylesheet and overview script. Only the names in {@code assets.properties} are served, never a path
 * taken from the request.
 */
final class Assets {
    private record Asset(String contentType, byte[] bytes) {
    }

    private final Map<String, Asset> byName = new HashMap<>();

    Assets() {
        Properties names = new Properties();
        ClassLoader loader = Assets.class.getClassLoader();
        try (InputStream in = Assets.class.getResourceAsStream("assets.properties")) {
            names.load(in);
            for (String name : names.stringPropertyNames()) {
                try (InputStream file = loader.getResourceAsStream(names.getProperty(name))) {
                    if (file == null) {
                        throw new IllegalStateException("the console's " + name + " (" + names.getProperty(name)
                                + ") is missing from the class path");
                    }
                    byName.put(name, new Asset(name.endsWith(".css") ? "text/css; charset=utf-8"
                            : "text/javascript; charset=utf-8", file.readAllBytes()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void serve(Exchange exchange, String name) throws IOException {
        Asset a = byName.get(name);
        if (a == null) {
            throw ConsoleException.notFound("No such file.");
        }
        exchange.setHeader("Cache-Control", "public, max-age=3600");
        exchange.send(200, a.contentType(), a.bytes());
    }

    int size() {
        return byName.size();
    }
}
