package io.brine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallReportTest {
    private static final MinionReturn STREAMED = MinionReturn.ok("big output", 1, 2);
    private static final MinionReturn LATE = MinionReturn.ok("late", 3, 4);

    @Test
    void mergingTheStreamedReturnsGivesTheWholeJobAsALookupWould() throws Exception {
        JobRecord whole = job(Map.of("web1", STREAMED, "web2", LATE));
        CallReport report = new CallReport(1, job(Map.of("web2", LATE)), List.of("web1"));

        CallReport decoded = (CallReport) MessageCodec.decode(MessageCodec.encode(report));

        assertEquals(whole, decoded.merge(Map.of("web1", STREAMED)));
    }

    @Test
    void theReportCarriesNoStreamedReturnSoItsBytesDoNotGrowWithThem() {
        MinionReturn large = MinionReturn.ok("x".repeat(100_000), 1, 2);
        int whole = MessageCodec.encode(new JobReport(1, job(Map.of("web1", large)))).length;
        int rest = MessageCodec.encode(new CallReport(1, job(Map.of()), List.of("web1"))).length;
        assertEquals(true, rest < whole - 99_000, "report of " + rest + " bytes against " + whole);
    }

    @Test
    void aStreamedReturnThatNeverArrivedIsAnErrorNamingIt() {
        CallReport report = new CallReport(1, job(Map.of()), List.of("web1"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> report.merge(Map.of()));
        assertEquals("the return of web1 for job " + SampleMessages.JID + " was streamed but never received",
                e.getMessage());
    }

    @Test
    void aReturnBothStreamedAndReportedIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new CallReport(1, job(Map.of("web1", STREAMED)), List.of("web1")));
    }

    private static JobRecord job(Map<String, MinionReturn> returns) {
        return new JobRecord(SampleMessages.JID, "cmd.run", List.of("ls"), Map.of(), "web*", "glob", "local", 1,
                1_000, List.of("web1", "web2"), List.of(), List.of("web1", "web2"), new LinkedHashMap<>(returns));
    }
}
