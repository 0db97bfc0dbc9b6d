package io.brine.protocol;

import static io.brine.protocol.MessageCodecTest.assertRejected;
import static io.brine.protocol.SampleMessages.JID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inputs built to hurt a decoder rather than to mean something: lengths that promise gigabytes, nesting that
 * would exhaust the stack, value types the protocol does not speak. Each must cost no more than its own size.
 */
class MessageCodecHostileInputTest {
    /** The declared lengths that break naive decoders: sign bit set, all bits set, just under the array limit. */
    private static final long[] HUGE_LENGTHS = {0xFFFF_FFFFL, 0x8000_0000L, 0x7FFF_FFFFL, 0x7FFF_FFF0L, 0x1000_0000L};
    private static final byte[] FEW_BYTES = SampleMessages.bytes('a', 'b', 'c');

    /** A header kind: its marker byte, the width of its length field and the places a decoder reads it. */
    private enum Header {
        STR8(0xd9, 1), STR16(0xda, 2), STR32(0xdb, 4), BIN8(0xc4, 1), BIN16(0xc5, 2), BIN32(0xc6, 4),
        ARRAY16(0xdc, 2), ARRAY32(0xdd, 4), MAP16(0xde, 2), MAP32(0xdf, 4);

        final int marker;
        final int width;

        Header(int marker, int width) {
            this.marker = marker;
            this.width = width;
        }

        boolean is(String kind) {
            return name().startsWith(kind);
        }
    }

    /** Where in a message a hostile header is placed, and which kinds of header are read there. */
    private record Place(String name, String kinds, Function<byte[], byte[]> wrap) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Place> PLACES = List.of(
            new Place("a result value", "STR BIN ARRAY MAP", v -> Crafted.message(JobReturn.TYPE).str(JID).array(5)
                    .bool(true).integer(0).raw(v).integer(1).integer(2).bytes()),
            new Place("a value nested in the arguments", "STR BIN ARRAY MAP", v -> Crafted.message(JobRequest.TYPE)
                    .str(JID).str("f").array(2).nil().raw(v).map(0).integer(1).str("c").integer(0).bytes()),
            new Place("a string field", "STR", v -> Crafted.message(JobAck.TYPE).raw(v).bytes()),
            new Place("a keyword name", "STR", v -> Crafted.message(JobRequest.TYPE).str(JID).str("f").array(0)
                    .map(1).raw(v).bytes()),
            new Place("the argument list", "ARRAY", v -> Crafted.message(JobRequest.TYPE).str(JID).str("f")
                    .raw(v).bytes()),
            new Place("the keyword map", "MAP", v -> Crafted.message(JobRequest.TYPE).str(JID).str("f").array(0)
                    .raw(v).bytes()),
            new Place("the expected minions", "ARRAY", v -> Crafted.message(Published.TYPE).integer(1).str(JID)
                    .raw(v).bytes()),
            new Place("the job listing", "ARRAY", v -> Crafted.message(JobListing.TYPE).integer(1).raw(v).bytes()),
            new Place("a job record", "ARRAY", v -> Crafted.message(JobReport.TYPE).integer(1).raw(v).bytes()),
            new Place("a return", "ARRAY", v -> Crafted.message(ReturnNotice.TYPE).integer(1).str(JID).str("m")
                    .raw(v).bytes()));

    static Stream<Arguments> lengthsBeyondTheInput() {
        List<Arguments> out = new ArrayList<>();
        for (Place place : PLACES) {
            for (Header header : Header.values()) {
                if (!Arrays.stream(place.kinds.split(" ")).anyMatch(header::is)) {
                    continue;
                }
                long widest = (1L << (8 * header.width)) - 1;
                out.add(Arguments.of(place, header, FEW_BYTES.length + 1L));
                out.add(Arguments.of(place, header, widest));
                for (long huge : HUGE_LENGTHS) {
                    if (huge <= widest && huge != widest) {
                        out.add(Arguments.of(place, header, huge));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1} declaring {2} in {0}")
    @MethodSource("lengthsBeyondTheInput")
    void aLengthBeyondTheInputIsRejectedWithoutAllocatingIt(Place place, Header header, long declared) {
        byte[] input = place.wrap.apply(Crafted.empty().header(header.marker, header.width, declared)
                .raw(FEW_BYTES).bytes());
        assertEquals(DecodeContract.Outcome.REJECTED, DecodeContract.checkMessage(input));
        assertRejected(input, "");
    }

    @Test
    void aLengthThatFitsTheInputExactlyIsAccepted() throws MalformedMessageException {
        byte[] input = Crafted.message(JobReturn.TYPE).str(JID).array(5).bool(true).integer(0)
                .header(Header.BIN32.marker, 4, 3).raw(FEW_BYTES).integer(1).integer(2).bytes();
        assertEquals(DecodeContract.Outcome.ACCEPTED, DecodeContract.checkMessage(input));
        assertInstanceOf(byte[].class, ((JobReturn) MessageCodec.decode(input)).result().ret());
    }

    @Test
    void nestingUpToTheCapIsAcceptedAndOneLevelMoreIsRejected() throws MalformedMessageException {
        JobRequest atCap = new JobRequest(JID, "f", nested(WireReader.MAX_DEPTH), Map.of(), 1, "c");
        assertEquals(atCap, MessageCodec.decode(MessageCodec.encode(atCap)));
        JobRequest beyond = new JobRequest(JID, "f", nested(WireReader.MAX_DEPTH + 1), Map.of(), 1, "c");
        assertRejected(MessageCodec.encode(beyond), "nesting");
        JobReturn deepResult = new JobReturn(JID, MinionReturn.ok(nested(WireReader.MAX_DEPTH + 1), 0, 0));
        assertRejected(MessageCodec.encode(deepResult), "nesting");
    }

    @ParameterizedTest
    @ValueSource(ints = {0x91, 0x81})
    void aHundredThousandNestedContainersAreRejectedWithoutRecursingIntoThem(int oneElementContainer) {
        int levels = 100_000;
        Crafted input = Crafted.message(JobReturn.TYPE).str(JID).array(5).bool(true).integer(0);
        for (int i = 0; i < levels; i++) {
            input.raw(oneElementContainer);
            if (oneElementContainer == 0x81) {
                input.str("k");
            }
        }
        assertRejected(input.nil().integer(1).integer(2).bytes(), "nesting");
    }

    static Stream<Arguments> extensionValues() {
        return Stream.of(
                Arguments.of("fixext 1", SampleMessages.bytes(0xd4, 0x01, 0x00)),
                Arguments.of("fixext 2", SampleMessages.bytes(0xd5, 0x01, 0x00, 0x00)),
                Arguments.of("a timestamp", SampleMessages.bytes(0xd6, 0xff, 0x65, 0x00, 0x00, 0x00)),
                Arguments.of("fixext 8", Crafted.empty().raw(0xd7, 0x02).raw(new byte[8]).bytes()),
                Arguments.of("fixext 16", Crafted.empty().raw(0xd8, 0x02).raw(new byte[16]).bytes()),
                Arguments.of("ext 8", SampleMessages.bytes(0xc7, 0x02, 0x05, 'a', 'b')),
                Arguments.of("ext 16", SampleMessages.bytes(0xc8, 0x00, 0x01, 0x05, 'a')),
                Arguments.of("ext 32 declaring 4 GiB", Crafted.empty().header(0xc9, 4, 0xFFFF_FFFFL).raw(0x05)
                        .raw(FEW_BYTES).bytes()),
                Arguments.of("ext 32 declaring 2 GiB", Crafted.empty().header(0xc9, 4, 0x7FFF_FFFFL).raw(0x05)
                        .raw(FEW_BYTES).bytes()),
                Arguments.of("the reserved byte 0xc1", SampleMessages.bytes(0xc1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("extensionValues")
    void valuesOutsideTheProtocolsTypesAreRejected(String description, byte[] value) {
        for (Place place : PLACES) {
            byte[] input = place.wrap.apply(value);
            assertEquals(DecodeContract.Outcome.REJECTED, DecodeContract.checkMessage(input), place.name);
        }
        assertEquals(DecodeContract.Outcome.REJECTED, DecodeContract.checkMessage(value));
    }

    /** A hello is decoded before its sender is authenticated, and the master logs why it dropped one. */
    @ParameterizedTest
    @ValueSource(strings = {"x\nWARNING: accepted key for minion root", "cr\rlf", "esc\u001b[2J", "bidi\u202eexe.txt",
            "nul\0", "line\u2028sep"})
    void aRejectionReasonCannotForgeALogLine(String id) {
        for (byte[] input : List.of(Crafted.message(Hello.TYPE).integer(0).str(id).str("v").bytes(),
                Crafted.message(JobAck.TYPE).str(id).bytes())) {
            MalformedMessageException e = assertThrows(MalformedMessageException.class,
                    () -> MessageCodec.decode(input));
            assertFalse(e.getMessage().codePoints().anyMatch(c -> Character.isISOControl(c)
                    || Character.getType(c) == Character.FORMAT || c == '\u2028'), e.getMessage());
        }
    }

    @Test
    void aRejectionReasonStaysShortHoweverLongTheClaimedId() {
        String id = "../" + "a".repeat(1 << 20);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> MessageCodec.decode(Crafted.message(Hello.TYPE).integer(0).str(id).str("v").bytes()));
        assertTrue(e.getMessage().length() < 400, () -> e.getMessage().length() + " characters");
        assertTrue(e.getMessage().contains("'../aaaa"), e.getMessage());
        assertTrue(e.getMessage().contains("(" + id.length() + " chars)"), e.getMessage());
    }

    @Test
    void aRejectionReasonStillNamesAnOrdinaryCulpritVerbatim() {
        assertRejected(Crafted.message(Hello.TYPE).integer(0).str("web/01").str("v").bytes(),
                "invalid minion id 'web/01'");
        assertRejected(Crafted.message(Hello.TYPE).integer(0).str("héllo🧂").str("v").bytes(), "'héllo🧂'");
        assertRejected(Crafted.message(JobAck.TYPE).str("2024").bytes(), "invalid jid '2024'");
    }

    @Test
    void aGrainsReportOfAMillionTinyEntriesIsRefusedHavingBuiltNoMoreThanItsBound() {
        // a million empty maps: one byte each on the wire, some eighty in a decoder's heap
        List<Object> million = java.util.Collections.nCopies(1_000_000, Map.of());
        byte[] input = MessageCodec.encode(new GrainsReport(Map.of("junk", million)));
        assertTrue(input.length < 2 << 20, input.length + " bytes: this one fits any frame");
        long before = DecodeContract.allocatedBytes();
        OverBoundsException e = assertThrows(OverBoundsException.class, () -> MessageCodec.decode(input));
        long allocated = DecodeContract.allocatedBytes() - before;
        assertEquals("grains: more than " + ValueBounds.GRAINS.maxValues() + " values", e.getMessage());
        // decoded whole, the million maps were some 80 MB; refused at the bound, a few
        assertTrue(before < 0 || allocated < 16 << 20, allocated + " bytes allocated to refuse it");
    }

    @Test
    void reportsEventsAndReturnsPastEachOfTheirBoundsAreRefusedAsOverBounds() {
        Map<String, Object> deepGrains = Map.of("a", nested(ValueBounds.GRAINS.maxDepth()));
        assertOverBounds(new GrainsReport(deepGrains), "grains: nesting deeper than 16 levels");
        assertOverBounds(new GrainsReport(Map.of("motd", "x".repeat((int) ValueBounds.GRAINS.maxBytes()))),
                "grains: more than 1048576 bytes");
        Map<String, Object> manyFunctions = new java.util.HashMap<>();
        for (int i = 0; i < ValueBounds.FUNCTIONS.maxValues(); i++) {
            manyFunctions.put("f" + i, i);
        }
        assertOverBounds(new GrainsReport(Map.of(), manyFunctions), "function declarations: more than 131072 values");
        // declarations are walked, not decoded: the walk refuses at the same bounds, in the same words
        assertOverBounds(new GrainsReport(Map.of(), Map.of("f", nested(ValueBounds.FUNCTIONS.maxDepth()))),
                "function declarations: nesting deeper than 8 levels");
        assertOverBounds(new GrainsReport(Map.of(), Map.of("f", "x".repeat((int) ValueBounds.FUNCTIONS.maxBytes()))),
                "function declarations: more than 2097152 bytes");
        assertOverBounds(new EventPost("guest/status", Map.of("log", "x".repeat(256 << 10))),
                "event data: more than 262144 bytes");
        assertOverBounds(new JobReturn(JID, MinionReturn.ok(java.util.Collections.nCopies(1 << 20, 0), 0, 0)),
                "return: more than 1048576 values");
        assertOverBounds(new MineUpdate(1, Map.of("f", "x".repeat(1 << 20)), List.of(), false),
                "mine data: more than 1048576 bytes");
    }

    @Test
    void reportsAtTheirBoundsAreTaken() throws MalformedMessageException {
        GrainsReport deep = new GrainsReport(Map.of("a", nested(ValueBounds.GRAINS.maxDepth() - 1)));
        assertEquals(deep, MessageCodec.decode(MessageCodec.encode(deep)));
        Map<String, Object> deepFunctions = Map.of("f", nested(ValueBounds.FUNCTIONS.maxDepth() - 1));
        GrainsReport declared = (GrainsReport) MessageCodec.decode(MessageCodec.encode(
                new GrainsReport(Map.of(), deepFunctions)));
        assertEquals(deepFunctions, declared.functions().decode());
        JobReturn many = new JobReturn(JID, MinionReturn.ok(java.util.Collections.nCopies((1 << 20) - 1, 0L), 0, 0));
        assertEquals(many, MessageCodec.decode(MessageCodec.encode(many)));
    }

    @Test
    void declarationsWhoseShapeLiesAreRefusedByTheWalk() {
        // a map header promising more entries than follow, and a string header longer than the bytes left
        assertRejected(Crafted.message(GrainsReport.TYPE).raw(0x80).raw(0x83).str("a").integer(1).bytes(),
                "truncated");
        assertRejected(Crafted.message(GrainsReport.TYPE).raw(0x80).raw(0x81).raw(0xbf).raw('a').bytes(),
                "truncated function declarations");
        // a key that is no string
        assertRejected(Crafted.message(GrainsReport.TYPE).raw(0x80).raw(0x81).integer(1).integer(2).bytes(),
                "expected STRING but found INTEGER");
    }

    private static void assertOverBounds(Message message, String reason) {
        OverBoundsException e = assertThrows(OverBoundsException.class,
                () -> MessageCodec.decode(MessageCodec.encode(message)));
        assertEquals(reason, e.getMessage());
    }

    /** An argument list whose innermost empty list sits {@code depth} levels below the list itself. */
    private static List<Object> nested(int depth) {
        List<Object> list = List.of();
        for (int i = 0; i < depth; i++) {
            list = List.of(list);
        }
        return list;
    }
}
