package io.brine.minion.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Param;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExtensionManifestTest {
    @TempDir
    Path dir;

    /** The issue's example, exactly: every field read as written. */
    @Test
    void theDocumentedExampleDeclaresGreet() throws Exception {
        ExtensionManifest m = read("""
                module: hello
                functions:
                  greet:
                    doc: Greets someone.
                    params:
                      - {name: who, type: string, required: true, doc: whom to greet}
                      - {name: times, type: int, default: 1}
                    timeout: 10
                    state: false
                """);
        assertEquals("hello", m.module());
        ExtensionManifest.Declared greet = m.functions().get(0);
        assertEquals("greet", greet.name());
        assertEquals("Greets someone.", greet.doc());
        assertEquals(Duration.ofSeconds(10), greet.timeout());
        assertFalse(greet.state());
        assertEquals(List.of(new Param("who", Param.Type.STRING, true, null, "whom to greet"),
                new Param("times", Param.Type.INTEGER, false, 1L, "")), greet.params());
    }

    @Test
    void mistakesAreRefusedNamingFileAndLine() {
        String base = "module: hello\nfunctions:\n  greet:\n";
        assertRefused(base + "    timeout: 10\n    stat: true\n", ":5: function 'greet': unknown key 'stat'");
        assertRefused(base + "    params:\n      - {name: who, type: text}\n", ":5: function 'greet': parameter 'who': "
                + "unknown type 'text'");
        assertRefused(base + "    params:\n      - {type: string}\n", ":5: function 'greet': a parameter's name is "
                + "missing");
        assertRefused(base + "    params:\n      - {name: who, required: true, default: x}\n",
                "required parameter 'who' cannot have a default");
        assertRefused(base + "    timeout: 0\n", ":4: function 'greet': timeout must be whole seconds");
        assertRefused("module: Hello\nfunctions: {greet: {}}\n", ":1: module 'Hello' is not a valid name");
        assertRefused("module: hello\n", "functions is missing or empty");
        assertRefused("module: hello\nfunctions: {greet: {}}\nmodule: again\n", ":3: key 'module' appears twice");
        assertRefused("module: hello\nfunctions: {greet: {params: [{name: x, type: int, default: many}]}}\n",
                "parameter 'x'");
        assertRefused("module: hello\nfunctions:\n  greet:\n    state: true\n    params: [{name: name}]\n",
                "a state always takes 'name'");
    }

    @Test
    void aManifestOverItsBoundIsNotParsed() throws Exception {
        Path big = dir.resolve("big.yaml");
        Files.writeString(big, "module: x\n" + "#".repeat((int) ExtensionManifest.MAX_BYTES));
        ManifestException e = assertThrows(ManifestException.class, () -> ExtensionManifest.read(big, dir));
        assertTrue(e.getMessage().contains("larger than"), e.getMessage());
    }

    private ExtensionManifest read(String yaml) throws Exception {
        Path file = dir.resolve("m.yaml");
        Files.writeString(file, yaml);
        return ExtensionManifest.read(file, dir.resolve("m"));
    }

    private void assertRefused(String yaml, String expected) {
        ManifestException e = assertThrows(ManifestException.class, () -> read(yaml));
        assertTrue(e.getMessage().startsWith(dir.resolve("m.yaml").toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
