package io.brine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.internal.PublishRequests;
import io.brine.protocol.PublishRequest;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one job description: its target type, its batch and its fields are checked once, with exact messages. */
class JobSpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0     | batch count must be from 1 to 9999999, not '0'",
        "-1    | batch count must be from 1 to 9999999, not '-1'",
        "150%  | batch percentage must be from 1% to 100%, not '150%'",
        "0%    | batch percentage must be from 1% to 100%, not '0%'",
        "abc   | batch must be a count such as 10 or a percentage such as 25%, not 'abc'",
        "25 %  | batch must be a count such as 10 or a percentage such as 25%, not '25 %'",
        "%     | batch must be a count such as 10 or a percentage such as 25%, not '%'",
        "1.5   | batch must be a count such as 10 or a percentage such as 25%, not '1.5'",
        "10000000 | batch count must be from 1 to 9999999, not '10000000'",
        "99999999999999999999 | batch count must be from 1 to 9999999, not '99999999999999999999'",
    })
    void aBadBatchIsRefusedQuotingIt(String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Batch.parse(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void anEmptyBatchIsRefused() {
        assertEquals("batch must be a count such as 10 or a percentage such as 25%, not ''",
                assertThrows(IllegalArgumentException.class, () -> Batch.parse("")).getMessage());
    }

    @Test
    void aBatchIsACountOrAShareOfTheTargetedMinionsAndAtLeastOne() {
        assertEquals(10, Batch.parse("10").size(3));
        assertEquals(3, Batch.parse("25%").size(10));
        assertEquals(1, Batch.parse("1%").size(10));
        assertEquals(10, Batch.parse("100%").size(10));
        assertEquals("25%", Batch.parse("25%").text());
        assertEquals("7", Batch.parse("7").text());
        assertEquals(Duration.ZERO, Batch.parse("7").pause());
    }

    @Test
    void aNegativeBatchWaitIsRefused() {
        assertEquals("batch wait must not be negative: PT-1S", assertThrows(IllegalArgumentException.class,
                () -> Batch.parse("2").withWait(Duration.ofSeconds(-1))).getMessage());
    }

    @Test
    void anUnknownTargetTypeIsRefusedListingSaltsNames() {
        assertEquals("unknown target type 'regex'; use glob, list, pcre, grain, grain_pcre, pillar, pillar_pcre, "
                + "ipcidr, nodegroup or compound",
                assertThrows(IllegalArgumentException.class, () -> TargetType.parse("regex")).getMessage());
    }

    @Test
    void targetTypesAreReadBySaltsNamesInAnyCase() {
        for (TargetType t : TargetType.values()) {
            assertEquals(t, TargetType.parse(t.wireName()));
            assertEquals(t, TargetType.parse(t.wireName().toUpperCase(java.util.Locale.ROOT)));
        }
        assertEquals(TargetType.GRAIN_PCRE, TargetType.parse("grain_pcre"));
        assertEquals(TargetType.GLOB, TargetType.parse(null));
    }

    @Test
    void aJobNeedsAFunctionAndPositiveTimes() {
        assertEquals("no function named", assertThrows(IllegalArgumentException.class,
                () -> JobSpec.of("*", " ")).getMessage());
        assertEquals("timeout must be positive: PT0S", assertThrows(IllegalArgumentException.class,
                () -> JobSpec.of("*", "test.ping").withTimeout(Duration.ZERO)).getMessage());
        assertEquals("queue time must be positive: PT-1S", assertThrows(IllegalArgumentException.class,
                () -> JobSpec.of("*", "test.ping").queued(Duration.ofSeconds(-1))).getMessage());
    }

    @Test
    void theWireRequestCarriesTheSpecAndReadsBackEqual() {
        JobSpec spec = new JobSpec("G@role:web", TargetType.COMPOUND, "cmd.run", List.of("uptime"),
                Map.of("cwd", "/tmp"), Duration.ofSeconds(9), Duration.ofMinutes(10),
                Batch.parse("25%").withWait(Duration.ofMillis(1500)));
        PublishRequest wire = PublishRequests.toWire(7, spec, true);
        assertEquals(new PublishRequest(7, "G@role:web", TargetType.COMPOUND.code(), "cmd.run", List.of("uptime"),
                Map.of("cwd", "/tmp"), 9_000, true, 0, 25, 1_500, 600_000), wire);
        assertEquals(spec, PublishRequests.fromWire(wire));
        JobSpec plain = JobSpec.of("web*", "test.ping").withTimeout(Duration.ofSeconds(1));
        JobSpec back = PublishRequests.fromWire(PublishRequests.toWire(8, plain, false));
        assertEquals(plain, back);
        assertNull(back.batch());
        assertNull(back.queue());
    }

    @Test
    void aBadTargetTypeOrBatchFromTheWireIsRefusedOnArrival() {
        PublishRequest badType = new PublishRequest(1, "*", 99, "test.ping", List.of(), Map.of(), 1, false);
        assertEquals("unknown target type code 99; the types are 0 (glob) to 9 (compound)",
                assertThrows(IllegalArgumentException.class, () -> PublishRequests.fromWire(badType)).getMessage());
        PublishRequest both = new PublishRequest(1, "*", 0, "test.ping", List.of(), Map.of(), 1, false, 10, 25, 0, 0);
        assertEquals("a batch is either a count or a percentage", assertThrows(IllegalArgumentException.class,
                () -> PublishRequests.fromWire(both)).getMessage());
    }

    @Test
    void everyTargetTypeCrossesTheWireAsItsOwnCode() {
        java.util.Set<Integer> codes = new java.util.HashSet<>();
        for (TargetType t : TargetType.values()) {
            assertTrue(codes.add(t.code()), "two types share code " + t.code());
            assertTrue(t.code() <= PublishRequest.MAX_TARGET_TYPE);
            JobSpec spec = JobSpec.of("x", "test.ping").withTargetType(t).withTimeout(Duration.ofSeconds(1));
            assertEquals(spec, PublishRequests.fromWire(PublishRequests.toWire(1, spec, false)));
        }
    }
}
