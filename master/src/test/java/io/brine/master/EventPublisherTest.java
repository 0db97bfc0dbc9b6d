package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Event;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The event bus as a Flow publisher: in order, as far as requested, bounded per subscriber by its policy. */
class EventPublisherTest {
    private final EventBus bus = new EventBus();

    private void publish(int from, int to) {
        for (int i = from; i < to; i++) {
            bus.publish("app/step/" + i, Map.of("n", i));
        }
    }

    private static List<Integer> numbers(RecordingSubscriber<Event> s) {
        return s.items.stream().map(e -> (Integer) e.data().get("n")).toList();
    }

    @Test
    void aSubscriberGetsMatchingEventsInTheOrderTheyWerePublished() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            RecordingSubscriber<Event> s = new RecordingSubscriber<>(1);
            bus.publisher("app/step/*", pool, 16, EventPublisher.Overflow.FAIL).subscribe(s);
            bus.publish("other/thing", Map.of("n", -1));
            publish(0, 10);
            assertTrue(s.awaitItems(10, 10), "ten events arrived: " + s.items);
            assertEquals(IntStream.range(0, 10).boxed().toList(), numbers(s));
            assertEquals(List.of("subscribe"), s.signals);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSubscriberThatLagsBeyondItsBufferIsFailedAndTheLossCounted() throws Exception {
        EventPublisher p = bus.publisher("app/**", Runnable::run, 100, EventPublisher.Overflow.FAIL);
        RecordingSubscriber<Event> slow = new RecordingSubscriber<>(0);
        p.subscribe(slow);
        slow.request(5);
        publish(0, 105);
        assertEquals(List.of(0, 1, 2, 3, 4), numbers(slow), "what it asked for came at once");
        assertEquals(List.of("subscribe"), slow.signals, "100 waiting fill its buffer, no more");
        publish(105, 106);
        assertTrue(slow.awaitEnd(10));
        assertInstanceOf(EventPublisher.OverflowException.class, slow.error());
        assertEquals(101, p.dropped(), "the 100 buffered and the one that overflowed");
        assertEquals(0, bus.subscribers(), "it is off the bus");
    }

    @Test
    void dropOldestKeepsTheNewestEventsAndCountsEachDropped() throws Exception {
        EventPublisher p = bus.publisher("app/**", Runnable::run, 10, EventPublisher.Overflow.DROP_OLDEST);
        RecordingSubscriber<Event> slow = new RecordingSubscriber<>(0);
        RecordingSubscriber<Event> keeping = new RecordingSubscriber<>(1);
        p.subscribe(slow);
        p.subscribe(keeping);
        publish(0, 25);
        assertEquals(15, p.dropped(), "only the slow subscriber lost any");
        slow.request(Long.MAX_VALUE);
        assertEquals(IntStream.range(15, 25).boxed().toList(), numbers(slow));
        assertEquals(IntStream.range(0, 25).boxed().toList(), numbers(keeping));
        publish(25, 26);
        assertEquals(25, numbers(slow).get(10), "and it goes on with later ones");
    }

    @Test
    void cancellingUnsubscribesFromTheBus() {
        RecordingSubscriber<Event> s = new RecordingSubscriber<>(1);
        bus.publisher("app/**").subscribe(s);
        assertEquals(1, bus.subscribers());
        s.cancel();
        assertEquals(0, bus.subscribers());
        publish(0, 1);
        assertEquals(List.of(), s.items);
    }

    @Test
    void aBadPatternOrBufferIsRefusedWhenThePublisherIsMade() {
        assertThrows(IllegalArgumentException.class, () -> bus.publisher("x".repeat(TagPattern.MAX_LENGTH + 1)));
        assertThrows(IllegalArgumentException.class,
                () -> bus.publisher("a/**", Runnable::run, 0, EventPublisher.Overflow.FAIL));
    }
}
