package io.brine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FunctionSignatureTest {
    private static final FunctionSignature SLEEP = new FunctionSignature("test.sleep", List.of(
            new FunctionSignature.Input("length", ValueType.NUMBER, true),
            new FunctionSignature.Input("quiet", ValueType.BOOLEAN, false)), false);

    @Test
    void bindsLikeTheMinionDoes() {
        assertEquals(Optional.empty(), SLEEP.refusal(List.of("1.5"), Map.of("quiet", "yes")));
        assertEquals(Optional.of("test.sleep is missing its required argument 'length'"),
                SLEEP.refusal(List.of(), Map.of()));
        assertEquals(Optional.of("test.sleep takes at most 2 positional arguments, got 3"),
                SLEEP.refusal(List.of(1, true, 3), Map.of()));
        assertEquals(Optional.of("test.sleep: 'length' given both by position and by name"),
                SLEEP.refusal(List.of(1), Map.of("length", 2)));
        assertEquals(Optional.of("test.sleep: argument 'quiet' must be a boolean, got 'maybe'"),
                SLEEP.refusal(List.of(1), Map.of("quiet", "maybe")));
        assertEquals(Optional.of("test.sleep has no parameter 'colour'; it takes [length, quiet]"),
                SLEEP.refusal(List.of(1), Map.of("colour", "red")));
        FunctionSignature open = new FunctionSignature("state.single", List.of(), true);
        assertEquals(Optional.empty(), open.refusal(List.of(), Map.of("anything", 1)));
    }

    @Test
    void survivesTheWireAndRefusesWhatItCannotRead() {
        assertEquals(Optional.of(SLEEP), FunctionSignature.fromWire("test.sleep", SLEEP.toWire()));
        assertEquals(Optional.empty(), FunctionSignature.fromWire("x", Map.of("inputs", List.of(Map.of("name", "a",
                "type", "complex", "required", true)), "extras", false)));
        assertEquals(Optional.empty(), FunctionSignature.fromWire("x", "not a map"));
    }
}
