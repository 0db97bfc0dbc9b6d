package io.brine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AllowedValuesTest {
    private static final AllowedValues DIGESTS = AllowedValues.NONE.choices(true, List.of("md5", "sha256"));

    @Test
    void choicesRefuseOtherValuesNamingWhatIsAllowed() {
        assertEquals(Optional.empty(), DIGESTS.refusal("SHA256"));
        assertEquals(Optional.of("must be md5 or sha256 (in any case), got 'crc'"), DIGESTS.refusal("crc"));
        AllowedValues exact = AllowedValues.NONE.choices(false, List.of("yaml", "json"));
        assertEquals(Optional.of("must be yaml or json, got 'JSON'"), exact.refusal("JSON"));
        assertEquals(Optional.of("must be yaml or json, got 'xml'"), exact.refusal(List.of("json", "xml")));
    }

    @Test
    void boundsAndPatternsRefuseWhatTheyExclude() {
        AllowedValues percent = AllowedValues.NONE.min(0.0).max(100.0);
        assertEquals(Optional.empty(), percent.refusal(100L));
        assertEquals(Optional.of("must be between 0 and 100, got 101"), percent.refusal(101L));
        assertEquals(Optional.of("must be at least 1.5, got 1.0"), AllowedValues.NONE.min(1.5).refusal(1.0));
        assertEquals(Optional.of("must be at least 0, got NaN"), AllowedValues.NONE.min(0.0).refusal(Double.NaN));
        AllowedValues types = AllowedValues.NONE.pattern("[fdl]+");
        assertEquals(Optional.empty(), types.refusal("fd"));
        assertEquals(Optional.of("must match [fdl]+, got 'fx'"), types.refusal("fx"));
        assertEquals(Optional.empty(), types.refusal(Map.of("any", "mapping")));
    }

    @Test
    void aContradictoryOrBrokenDeclarationFailsAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> AllowedValues.NONE.min(5.0).max(1.0));
        assertThrows(IllegalArgumentException.class, () -> AllowedValues.NONE.pattern("[unclosed"));
        assertThrows(IllegalArgumentException.class, () -> AllowedValues.NONE.choices(false, List.of()));
    }

    @Test
    void theWireCarriesChoicesAndBoundsButNeverThePattern() {
        AllowedValues all = DIGESTS.min(1.0).pattern("s.*");
        assertEquals(Map.of("choices", List.of("md5", "sha256"), "ignore_case", true, "min", 1.0), all.toWire());
        assertEquals(DIGESTS.min(1.0), AllowedValues.fromWire(all.toWire()));
        assertEquals(AllowedValues.NONE, AllowedValues.fromWire(Map.of("name", "from an older minion")));
    }

    @Test
    void whatTheMasterCannotReadFromAMinionIsNotCheckedAgainst() {
        List<String> tooMany = java.util.stream.IntStream.range(0, AllowedValues.MAX_WIRE_CHOICES + 1)
                .mapToObj(Integer::toString).toList();
        assertEquals(AllowedValues.NONE, AllowedValues.fromWire(Map.of("choices", tooMany)));
        assertEquals(AllowedValues.NONE, AllowedValues.fromWire(Map.of("choices", List.of(1, 2))));
        assertEquals(AllowedValues.NONE, AllowedValues.fromWire(Map.of("min", 5, "max", 1)));
    }
}
