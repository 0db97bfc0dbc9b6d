package io.brine.protocol;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EventPostTest {

    @Test
    void aMinionsTagCannotEscapeOrBlurItsNamespace() {
        for (String bad : new String[] {"../start", "a/../../start", "/start", "start/", "a//b", "a*b", "a b", "x".repeat(257)}) {
            assertThrows(IllegalArgumentException.class, () -> new EventPost(bad, Map.of()), bad);
        }
    }

    @Test
    void ordinaryNestedTagsAreAccepted() {
        assertDoesNotThrow(() -> new EventPost("deploy/web:v1.4@eu-1", Map.of()));
    }
}
