package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.loader.ResourceLocator;
import com.hubspot.jinjava.loader.ResourceNotFoundException;
import io.brine.functions.StateFiles;
import java.io.IOException;
import java.nio.charset.Charset;

/**
 * Lets {@code {% include %}} and {@code {% import %}} read from the state tree and nowhere else.
 * Jinjava's default locator reads the classpath; this replaces it so templates cannot read the
 * minion's own jars or configuration, and the state tree's root checks apply to them too.
 */
final class StateTreeLocator implements ResourceLocator {
    private final StateFiles files;

    StateTreeLocator(StateFiles files) {
        this.files = files;
    }

    @Override
    public String getString(String fullName, Charset encoding, JinjavaInterpreter interpreter) throws IOException {
        String path = fullName.startsWith("brine://") ? fullName.substring("brine://".length()) : fullName;
        return files.readText(path).orElseThrow(() -> new ResourceNotFoundException("no such template in the state tree: " + fullName));
    }
}
