package io.brine.http;

/** Why a listener closed a connection that had not sent a complete request (see {@link ConnectionLimits}). */
public enum ConnectionDrop {
    /** Its address held as many waiting connections as it may, and a newer one came: the oldest is closed. */
    OLDEST_OF_ADDRESS,
    /** All addresses together held as many waiting connections as they may, and a newer one came. */
    OLDEST_OF_ALL,
    /** It waited longer than the header deadline. */
    HEADER_DEADLINE
}
