package io.brine.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The minion package's command line reads the same words as the full CLI's {@code minion} and {@code event}. */
class AgentMainTest {
    @Test
    void minionOptionsInBothSpellingsAndDefaults() {
        assertEquals(new AgentMain.Options(Path.of("/etc/brine/minion.yaml"), null, List.of()),
                AgentMain.Options.read(List.of(), true));
        assertEquals(new AgentMain.Options(Path.of("m.yaml"), "debug", List.of()),
                AgentMain.Options.read(List.of("-c", "m.yaml", "--log-level", "debug"), true));
        assertEquals(new AgentMain.Options(Path.of("m.yaml"), null, List.of()),
                AgentMain.Options.read(List.of("--config=m.yaml"), true));
    }

    @Test
    void eventSendKeepsTagAndPairsInOrder() {
        assertEquals(new AgentMain.Options(Path.of("m.yaml"), null, List.of("app/done", "n=1")),
                AgentMain.Options.read(List.of("app/done", "-c", "m.yaml", "n=1"), false));
    }

    @Test
    void mistakesAreUsageErrors() {
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("--bogus"), true));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("-c"), true));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("extra"), true));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("--log-level", "x"),
                false));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.run("master"));
    }

    @Test
    void wordsAreReadAsSaltReadsThem() {
        assertEquals(42L, AgentMain.value("42"));
        assertEquals(1.5, AgentMain.value("1.5"));
        assertEquals(true, AgentMain.value("true"));
        assertEquals("web1", AgentMain.value("web1"));
    }
}
