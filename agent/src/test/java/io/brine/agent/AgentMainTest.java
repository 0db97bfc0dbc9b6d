package io.brine.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.config.CallArguments;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The minion package's command line reads the same words as the full CLI's {@code minion}, {@code event}, {@code call}. */
class AgentMainTest {
    private static final Set<String> MINION = Set.of("-c", "--config", "--log-level");
    private static final Set<String> CALL = Set.of("-c", "--config", "--out", "--timeout");

    @Test
    void minionOptionsInBothSpellingsAndDefaults() {
        AgentMain.Options none = AgentMain.Options.read(List.of(), MINION, Set.of());
        assertEquals(Path.of("/etc/brine/minion.yaml"), none.config());
        assertEquals(null, none.logLevel(), "not given: the config's log_level applies");
        AgentMain.Options both = AgentMain.Options.read(List.of("-c", "m.yaml", "--log-level", "debug"), MINION,
                Set.of());
        assertEquals(Path.of("m.yaml"), both.config());
        assertEquals("debug", both.logLevel());
        assertEquals(Path.of("m.yaml"), AgentMain.Options.read(List.of("--config=m.yaml"), MINION, Set.of()).config());
    }

    @Test
    void eventSendKeepsTagAndPairsInOrder() {
        AgentMain.Options o = AgentMain.Options.read(List.of("app/done", "-c", "m.yaml", "n=1"),
                Set.of("-c", "--config"), Set.of());
        assertEquals(Path.of("m.yaml"), o.config());
        assertEquals(List.of("app/done", "n=1"), o.words());
    }

    @Test
    void callTakesFlagsAnywhereAndKeepsTheFunctionsWords() {
        AgentMain.Options o = AgentMain.Options.read(List.of("--local", "cmd.run", "echo hi", "--out", "json",
                "cwd=/tmp"), CALL, Set.of("--local"));
        assertEquals(Set.of("--local"), o.flags());
        assertEquals("json", o.value("--out", "text"));
        assertEquals(List.of("cmd.run", "echo hi", "cwd=/tmp"), o.words());
    }

    @Test
    void mistakesAreUsageErrors() {
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("--bogus"), MINION, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("-c"), MINION, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("extra"), MINION, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.Options.read(List.of("--log-level", "x"),
                Set.of("-c"), Set.of()));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.run("master"));
        assertThrows(IllegalArgumentException.class, () -> AgentMain.run("call", "--local", "--out", "xml",
                "test.ping"));
    }

    @Test
    void wordsAreReadAsTheFullCliReadsThem() {
        CallArguments a = CallArguments.parse(List.of("42", "1.5", "true", "web1", "n=[1, 2]"));
        assertEquals(List.of(42, 1.5, true, "web1"), a.args());
        assertEquals(Map.of("n", List.of(1, 2)), a.kwargs());
    }
}
