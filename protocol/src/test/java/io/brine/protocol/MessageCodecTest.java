package io.brine.protocol;

import static io.brine.protocol.SampleMessages.JID;
import static io.brine.protocol.SampleMessages.MAX_UINT64;
import static io.brine.protocol.SampleMessages.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class MessageCodecTest {

    static Stream<Message> comparableSamples() {
        return SampleMessages.comparable().stream();
    }

    static Stream<Message> allSamples() {
        return SampleMessages.all().stream();
    }

    @ParameterizedTest
    @MethodSource("comparableSamples")
    void everyMessageSurvivesARoundTripUnchanged(Message message) throws MalformedMessageException {
        assertEquals(message, MessageCodec.decode(MessageCodec.encode(message)));
    }

    @Test
    void theSamplesCoverEveryMessageType() {
        Set<Class<?>> sampled = new HashSet<>();
        SampleMessages.comparable().forEach(m -> sampled.add(m.getClass()));
        SampleMessages.withBinary().forEach(m -> sampled.add(m.getClass()));
        assertEquals(concreteTypes(Message.class), sampled);
    }

    @Test
    void binaryValuesComeBackByteForByteWhereverTheyAreNested() throws MalformedMessageException {
        JobRequest sent = (JobRequest) SampleMessages.withBinary().get(0);
        JobRequest got = (JobRequest) MessageCodec.decode(MessageCodec.encode(sent));
        assertEquals(List.of(sent.jid(), sent.function(), sent.timeoutMillis(), sent.caller()),
                List.of(got.jid(), got.function(), got.timeoutMillis(), got.caller()));
        assertEquals(2, got.args().size());
        assertArrayEquals((byte[]) sent.args().get(0), (byte[]) got.args().get(0));
        assertArrayEquals(new byte[0], (byte[]) ((List<?>) got.args().get(1)).get(0));
        assertEquals(Set.of("content"), got.kwargs().keySet());
        assertArrayEquals((byte[]) sent.kwargs().get("content"), (byte[]) got.kwargs().get("content"));

        JobReturn sentReturn = (JobReturn) SampleMessages.withBinary().get(1);
        MinionReturn got2 = ((JobReturn) MessageCodec.decode(MessageCodec.encode(sentReturn))).result();
        assertArrayEquals((byte[]) sentReturn.result().ret(), (byte[]) got2.ret());
        assertEquals(List.of(true, 0, 1L, 2L), List.of(got2.success(), got2.retcode(), got2.startMillis(),
                got2.endMillis()));
    }

    @Test
    void integersOfEveryWidthComeBackAsLongsAndFloatsAsDoubles() throws MalformedMessageException {
        List<Object> args = Arrays.asList((byte) -1, (short) 300, 70_000, 1L << 40, 1.5f, MAX_UINT64);
        JobRequest got = (JobRequest) roundTrip(new JobRequest(JID, "f", args, Map.of(), 1, "c"));
        assertEquals(Arrays.asList(-1L, 300L, 70_000L, 1L << 40, 1.5d, MAX_UINT64), got.args());
        assertInstanceOf(java.math.BigInteger.class, got.args().get(5));
    }

    @ParameterizedTest
    @MethodSource("allSamples")
    void everyTruncatedPrefixOfAnEncodingIsRejected(Message message) {
        byte[] whole = MessageCodec.encode(message);
        for (int length = 0; length < whole.length; length++) {
            assertRejected(Arrays.copyOf(whole, length), "");
        }
    }

    @ParameterizedTest
    @MethodSource("allSamples")
    void bytesAfterACompleteMessageAreRejected(Message message) {
        byte[] whole = MessageCodec.encode(message);
        assertRejected(Arrays.copyOf(whole, whole.length + 1), "trailing");
        byte[] twice = Arrays.copyOf(whole, 2 * whole.length);
        System.arraycopy(whole, 0, twice, whole.length, whole.length);
        assertRejected(twice, "trailing");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 2, -1, 255, Long.MAX_VALUE})
    void aMessageOfAnotherProtocolVersionIsRejected(long version) {
        assertRejected(Crafted.empty().integer(version).integer(Ping.TYPE).integer(1).bytes(), "version");
    }

    @Test
    void aVersionThatIsNotAnIntegerIsRejected() {
        assertRejected(Crafted.empty().str("1").integer(Ping.TYPE).integer(1).bytes(), "INTEGER");
        assertRejected(Crafted.empty().raw(0xcf).raw(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
                .integer(Ping.TYPE).integer(1).bytes(), "range");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 5, 29, 44, 99, 255, -1, Integer.MAX_VALUE + 2L, Long.MIN_VALUE})
    void anUnknownTypeCodeIsRejected(long type) {
        assertRejected(Crafted.message(type).integer(1).bytes(), "unknown message type");
    }

    @Test
    void nullAndEmptyInputsAreRejected() {
        assertRejected(null, "");
        assertRejected(new byte[0], "");
    }

    static Stream<Arguments> fieldsOfTheWrongType() {
        return Stream.of(
                Arguments.of("a sequence given as a string", Crafted.message(Ping.TYPE).str("1")),
                Arguments.of("a sequence given as a float", Crafted.message(Pong.TYPE).value(1.0d)),
                Arguments.of("a role given by name", Crafted.message(Hello.TYPE).str("MINION").str("m").str("v")),
                Arguments.of("a nil where a string is required", Crafted.message(Failure.TYPE).integer(1).nil()),
                Arguments.of("arguments given as a map", jobRequest().map(0).map(0).integer(1).str("c").integer(0)),
                Arguments.of("keywords given as a list", jobRequest().array(0).array(0).integer(1).str("c").integer(0)),
                Arguments.of("a keyword that is not a string", jobRequest().array(0).map(1).integer(7).nil()
                        .integer(1).str("c").integer(0)),
                Arguments.of("a flag given as an integer", Crafted.message(PublishRequest.TYPE).integer(1).str("*")
                        .integer(0).str("f").array(0).map(0).integer(1).integer(1)),
                Arguments.of("a target type given as its name", Crafted.message(PublishRequest.TYPE).integer(1)
                        .str("*").str("glob").str("f").array(0).map(0).integer(1).bool(false).integer(0).integer(0)
                        .integer(0).integer(0)),
                Arguments.of("an expected minion that is not a string", Crafted.message(Published.TYPE)
                        .integer(1).str(JID).array(1).integer(3).bool(true)),
                Arguments.of("a return with four fields", Crafted.message(JobReturn.TYPE).str(JID).array(4)
                        .bool(true).integer(0).nil().integer(1)),
                Arguments.of("a return that is a map", Crafted.message(JobReturn.TYPE).str(JID).map(0)),
                Arguments.of("a job record that is a string", Crafted.message(JobReport.TYPE).integer(1).str("x")),
                Arguments.of("jobs given as a string", Crafted.message(JobListing.TYPE).integer(1).str("[]")),
                Arguments.of("a job summary with seven fields", Crafted.message(JobListing.TYPE).integer(1)
                        .array(1).array(7).str(JID).str("f").str("t").str("glob").str("c").integer(0).integer(1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fieldsOfTheWrongType")
    void aFieldOfTheWrongTypeIsRejected(String description, Crafted input) {
        assertRejected(input.bytes(), "");
    }

    static Stream<Arguments> fieldsOutOfRange() {
        return Stream.of(
                Arguments.of("an unknown role", Crafted.message(Hello.TYPE).integer(2).str("m").str("v")),
                Arguments.of("a negative role", Crafted.message(Hello.TYPE).integer(-1).str("m").str("v")),
                Arguments.of("an unknown key status", Crafted.message(Welcome.TYPE).integer(4).str("")),
                Arguments.of("a list limit of zero", Crafted.message(JobListRequest.TYPE).integer(1).integer(0)),
                Arguments.of("a list limit above the maximum", Crafted.message(JobListRequest.TYPE).integer(1)
                        .integer(JobListRequest.MAX_LIMIT + 1)),
                Arguments.of("a sequence above the long range", Crafted.message(Ping.TYPE).value(MAX_UINT64)),
                Arguments.of("a retcode above the int range", Crafted.message(JobReturn.TYPE).str(JID).array(5)
                        .bool(false).integer(1L << 31).nil().integer(0).integer(0)),
                Arguments.of("a zero timeout", jobRequest().array(0).map(0).integer(0).str("c").integer(0)),
                Arguments.of("a negative queued time", jobRequest().array(0).map(0).integer(1).str("c").integer(-1)),
                Arguments.of("a negative timeout", Crafted.message(PublishRequest.TYPE).integer(1).str("*")
                        .integer(0).str("f").array(0).map(0).integer(-5).bool(false)),
                Arguments.of("a target type code past the wire's", Crafted.message(PublishRequest.TYPE).integer(1)
                        .str("*").integer(128).str("f").array(0).map(0).integer(1).bool(false).integer(0).integer(0)
                        .integer(0).integer(0)),
                Arguments.of("a batch percentage over 100", Crafted.message(PublishRequest.TYPE).integer(1)
                        .str("*").integer(0).str("f").array(0).map(0).integer(1).bool(false).integer(0).integer(150)
                        .integer(0).integer(0)),
                Arguments.of("an ssh mode past 2", Crafted.message(PublishRequest.TYPE).integer(1)
                        .str("*").integer(0).str("f").array(0).map(0).integer(1).bool(false).integer(0).integer(0)
                        .integer(0).integer(0).integer(3)),
                Arguments.of("a negative returned count", Crafted.message(JobListing.TYPE).integer(1).array(1)
                        .array(8).str(JID).str("f").str("t").str("glob").str("c").integer(0).integer(1).integer(-1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fieldsOutOfRange")
    void aFieldOutsideItsRangeIsRejected(String description, Crafted input) {
        assertRejected(input.bytes(), "");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".hidden", "..", "../../etc/passwd", "a/b", "a\\b", "-rf", "@host", "white space",
            "héllo", "nul\0byte"})
    void anInvalidMinionIdInsideAMessageIsRejected(String id) {
        assertRejected(Crafted.message(Hello.TYPE).integer(0).str(id).str("0.1.0").bytes(), "minion id");
        assertRejected(Crafted.message(ReturnNotice.TYPE).integer(1).str(JID).str(id)
                .raw(returnBytes()).bytes(), "minion id");
        assertRejected(jobReport(id), "minion id");
    }

    /** A sender must fail fast on what its receiver would drop as malformed, rather than send it and wait. */
    @Test
    void recordsTheDecoderWouldRejectCannotBeBuiltEither() {
        assertThrows(IllegalArgumentException.class, () -> new JobSummary(JID, "f", "t", "glob", "c", 0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> new JobSummary(JID, "f", "t", "glob", "c", 0, 0, -1));
        JobRecord valid = SampleMessages.jobRecord();
        Map<String, MinionReturn> returns = new java.util.LinkedHashMap<>(valid.returns());
        returns.put("../evil", MinionReturn.ok(null, 0, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new JobRecord(valid.jid(),
                valid.function(), valid.args(), valid.kwargs(), valid.target(), valid.targetType(), valid.caller(),
                valid.startMillis(), valid.timeoutMillis(), valid.expected(), valid.acknowledged(), returns));
        assertTrue(e.getMessage().contains("../evil"), e.getMessage());
    }

    @Test
    void aMinionIdOneCharacterTooLongIsRejected() {
        String longest = "a".repeat(MinionId.MAX_LENGTH);
        assertEquals(new Hello(Role.MINION, longest, "v"), roundTrip(new Hello(Role.MINION, longest, "v")));
        assertRejected(Crafted.message(Hello.TYPE).integer(0).str(longest + "a").str("v").bytes(), "minion id");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1234567890123456789", "123456789012345678901", "2024022923595912345a",
            " 20240229235959123456", "２０２４０２２９２３５９５９１２３４５６"})
    void anInvalidJidInsideAMessageIsRejected(String jid) {
        assertRejected(Crafted.message(JobAck.TYPE).str(jid).bytes(), "jid");
        assertRejected(Crafted.message(JobLookup.TYPE).integer(1).str(jid).bytes(), "jid");
        assertRejected(jobRequest(jid).array(0).map(0).integer(1).str("c").integer(0).bytes(), "jid");
        assertRejected(Crafted.message(JobListing.TYPE).integer(1).array(1).array(8).str(jid).str("f").str("t")
                .str("glob").str("c").integer(0).integer(1).integer(0).bytes(), "jid");
    }

    static Stream<byte[]> invalidUtf8() {
        return Stream.of(bytes(0xff), bytes(0x80), bytes(0xc0, 0xaf), bytes(0xe0, 0x80, 0xaf),
                bytes(0xed, 0xa0, 0x80), bytes(0xe2, 0x82), bytes(0xf4, 0x90, 0x80, 0x80),
                bytes(0xf8, 0x88, 0x80, 0x80, 0x80), bytes('o', 'k', 0xc3));
    }

    @ParameterizedTest
    @MethodSource("invalidUtf8")
    void invalidUtf8IsRejectedWhereverAStringAppears(byte[] invalid) {
        assertRejected(Crafted.message(Failure.TYPE).integer(1).rawString(invalid).bytes(), "UTF-8");
        assertRejected(jobRequest().array(0).map(1).rawString(invalid).nil().integer(1).str("c").integer(0).bytes(),
                "UTF-8");
        assertRejected(jobRequest().array(1).array(1).rawString(invalid).map(0).integer(1).str("c").integer(0).bytes(),
                "UTF-8");
    }

    private static Crafted jobRequest() {
        return jobRequest(JID);
    }

    private static Crafted jobRequest(String jid) {
        return Crafted.message(JobRequest.TYPE).str(jid).str("cmd.run");
    }

    private static byte[] returnBytes() {
        WireWriter w = new WireWriter();
        MinionReturn.ok("fine", 1, 2).write(w);
        return w.toByteArray();
    }

    /** A job report whose record holds one return, keyed by {@code minionId}. */
    private static byte[] jobReport(String minionId) {
        return Crafted.message(JobReport.TYPE).integer(1).array(17).str(JID).str("f").array(0).map(0).str("*")
                .str("glob").str("c").integer(0).integer(1).array(0).array(0).array(0).array(0).integer(0).array(0).array(0)
                .array(1).str(minionId)
                .raw(returnBytes()).bytes();
    }

    private static Message roundTrip(Message m) {
        try {
            return MessageCodec.decode(MessageCodec.encode(m));
        } catch (MalformedMessageException e) {
            throw new AssertionError("a valid " + m.getClass().getSimpleName() + " did not decode", e);
        }
    }

    static void assertRejected(byte[] input, String reason) {
        MalformedMessageException e = assertThrows(MalformedMessageException.class, () -> MessageCodec.decode(input));
        assertTrue(e.getMessage().contains(reason), () -> "expected '" + reason + "' in: " + e.getMessage());
    }

    private static Set<Class<?>> concreteTypes(Class<?> sealed) {
        Set<Class<?>> out = new HashSet<>();
        for (Class<?> sub : sealed.getPermittedSubclasses()) {
            if (sub.isSealed()) {
                out.addAll(concreteTypes(sub));
            } else {
                out.add(sub);
            }
        }
        return out;
    }
}
