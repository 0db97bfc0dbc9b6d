package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.EncodedMap;
import io.brine.protocol.FunctionSignature;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.ValueBounds;
import io.brine.protocol.ValueType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a minion reports of its functions is checked against, and bounded whatever it sends. */
class DeclaredFunctionsTest {
    private static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++) {
            if (java.util.Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    private static EncodedMap wire(Map<String, Object> declarations) {
        return EncodedMap.of(declarations, ValueBounds.FUNCTIONS);
    }

    private static final Map<String, Object> ECHO = new FunctionSignature("test.echo",
            List.of(new FunctionSignature.Input("text", ValueType.STRING, true)), false).toWire();

    @Test
    void aHostileReportIsCutAndItsMalformedEntriesIgnored() {
        Map<String, Object> huge = new LinkedHashMap<>();
        huge.put("bad.one", Map.of("inputs", "not a list", "extras", false));
        huge.put("bad.two", List.of(1, 2, 3));
        huge.put("test.echo", ECHO);
        for (int i = 0; i < 5_000; i++) {
            huge.put("f" + i + ".x", ECHO);
        }
        DeclaredFunctions declared = new DeclaredFunctions();
        declared.reported("rogue", wire(huge));
        // the entries it could read are checked; the malformed ones are the minion's own business
        assertTrue(declared.refusal("test.echo", List.of(), Map.of(), List.of("rogue")).isPresent());
        assertEquals(Optional.empty(), declared.refusal("bad.one", List.of(), Map.of(), List.of("rogue")));
        // beyond MAX_FUNCTIONS nothing is kept, so nothing beyond is checked
        assertEquals(Optional.empty(), declared.refusal("f4999.x", List.of(), Map.of(), List.of("rogue")));
    }

    @Test
    void refusalsAreGroupedByReasonAcrossMinions() {
        DeclaredFunctions declared = new DeclaredFunctions();
        for (String id : List.of("web1", "web2", "web3", "web4")) {
            declared.reported(id, wire(Map.of("test.echo", ECHO)));
        }
        assertEquals(Optional.of("web1, web2, web3 and 1 more: test.echo is missing its required argument 'text'"),
                declared.refusal("test.echo", List.of(), Map.of(), List.of("web1", "web2", "web3", "web4")));
        assertEquals(Optional.empty(), declared.refusal("test.echo", List.of("hi"), Map.of(), List.of("web1")));
    }

    @Test
    void aFunctionNoTargetedMinionDeclaresIsRefusedInTheMinionsWords() {
        DeclaredFunctions declared = new DeclaredFunctions();
        declared.reported("web1", wire(Map.of("test.echo", ECHO)));
        declared.reported("web2", wire(Map.of("test.echo", ECHO)));
        assertEquals(Optional.of("web1: 'nosuch.function' is not available on this minion"),
                declared.undeclared("nosuch.function", List.of("web1")));
        assertEquals(Optional.of("web1, web2: 'nosuch.function' is not available on these minions"),
                declared.undeclared("nosuch.function", List.of("web1", "web2")));
        assertEquals(Optional.empty(), declared.undeclared("test.echo", List.of("web1", "web2")));
    }

    @Test
    void aFunctionIsNotRefusedWhenOneMinionDeclaresItOrOneMinionsDeclarationsAreUnknown() {
        DeclaredFunctions declared = new DeclaredFunctions();
        declared.reported("web1", wire(Map.of("test.echo", ECHO)));
        declared.reported("db1", wire(Map.of("test.echo", ECHO,
                "pg.query", Map.of("inputs", List.of(), "extras", false))));
        // db1 runs it: web1 answers that it does not, as before
        assertEquals(Optional.empty(), declared.undeclared("pg.query", List.of("web1", "db1")));
        // old1 never reported (an older minion, or its report is still on its way): never refused on doubt
        assertEquals(Optional.empty(), declared.undeclared("pg.query", List.of("web1", "old1")));
        // a report that declares nothing tells nothing
        declared.reported("web1", wire(Map.of()));
        assertEquals(Optional.empty(), declared.undeclared("pg.query", List.of("web1")));
        assertEquals(Optional.empty(), declared.undeclared("pg.query", List.of()));
    }

    @Test
    void aFunctionDeclaredInAFormTheMasterCannotReadStillCountsAsDeclared() {
        DeclaredFunctions declared = new DeclaredFunctions();
        declared.reported("web1", wire(Map.of("odd.one", List.of(1, 2, 3))));
        assertEquals(Optional.empty(), declared.undeclared("odd.one", List.of("web1")));
        assertEquals(Optional.empty(), declared.refusal("odd.one", List.of(), Map.of(), List.of("web1")));
    }

    @Test
    void aReportThatDoesNotDecodeTellsNothing() throws Exception {
        DeclaredFunctions declared = new DeclaredFunctions();
        declared.reported("web1", wire(Map.of("test.echo", ECHO)));
        // a key that is not UTF-8: the codec's walk admits the report's shape, the decode refuses the key
        byte[] frame = MessageCodec.encode(new GrainsReport(Map.of(), Map.of("ab", "y")));
        int key = indexOf(frame, new byte[] {(byte) 0xa2, 'a', 'b'});
        frame[key + 1] = (byte) 0xc3;
        frame[key + 2] = (byte) 0x28;
        GrainsReport report = (GrainsReport) MessageCodec.decode(frame);
        assertThrows(MalformedMessageException.class, () -> report.functions().decode());
        declared.reported("web1", report.functions());
        assertEquals(Optional.empty(), declared.undeclared("nosuch.function", List.of("web1")));
        assertEquals(Optional.empty(), declared.refusal("test.echo", List.of(), Map.of(), List.of("web1")));
    }

    @Test
    void aReportCutAtItsBoundRefusesNoFunctionName() {
        Map<String, Object> huge = new LinkedHashMap<>();
        for (int i = 0; i <= DeclaredFunctions.MAX_FUNCTIONS; i++) {
            huge.put("f" + i + ".x", ECHO);
        }
        DeclaredFunctions declared = new DeclaredFunctions();
        declared.reported("rogue", wire(huge));
        // what lay beyond the cut is unknown, so a name missing from what was kept proves nothing
        assertEquals(Optional.empty(), declared.undeclared("beyond.cut", List.of("rogue")));
    }
}
