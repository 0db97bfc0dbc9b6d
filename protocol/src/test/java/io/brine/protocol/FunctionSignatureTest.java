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

    @Test
    void declaredChoicesAndBoundsAreCheckedBeforeAJobIsSent() {
        FunctionSignature hash = new FunctionSignature("file.get_hash", List.of(
                new FunctionSignature.Input("path", ValueType.STRING, true),
                new FunctionSignature.Input("form", ValueType.STRING, false,
                        AllowedValues.NONE.choices(true, List.of("md5", "sha256"))),
                new FunctionSignature.Input("depth", ValueType.INTEGER, false, AllowedValues.NONE.min(0.0))), false);
        assertEquals(Optional.empty(), hash.refusal(List.of("/etc/hosts", "SHA256"), Map.of()));
        assertEquals(Optional.of("file.get_hash: argument 'form' must be md5 or sha256 (in any case), got 'crc'"),
                hash.refusal(List.of("/etc/hosts"), Map.of("form", "crc")));
        assertEquals(Optional.of("file.get_hash: argument 'depth' must be at least 0, got -1"),
                hash.refusal(List.of("/etc/hosts"), Map.of("depth", "-1")));
        assertEquals(Optional.of(hash), FunctionSignature.fromWire("file.get_hash", hash.toWire()));
        assertEquals(Map.of("name", "path", "type", "string", "required", true),
                ((List<?>) hash.toWire().get("inputs")).get(0), "an input without constraints is as before");
    }

    @Test
    void aRestInputTakesThePositionalArgumentsLeftOverAsTheMinionDoes() {
        FunctionSignature write = new FunctionSignature("file.write", List.of(
                new FunctionSignature.Input("path", ValueType.STRING, true),
                new FunctionSignature.Input("args", ValueType.LIST, false, AllowedValues.NONE, true)), false);
        assertEquals(Optional.empty(), write.refusal(List.of("/etc/motd", "l1", "l2", "l3"), Map.of()));
        assertEquals(Optional.empty(), write.refusal(List.of("/etc/motd", "l1"), Map.of()));
        assertEquals(Optional.empty(), write.refusal(List.of("/etc/motd", List.of("l1", "l2")), Map.of()));
        assertEquals(Optional.of("file.write: 'args' given both by position and by name"),
                write.refusal(List.of("/etc/motd", "l1"), Map.of("args", List.of("l2"))));
        assertEquals(Optional.of(write), FunctionSignature.fromWire("file.write", write.toWire()));
    }
}
