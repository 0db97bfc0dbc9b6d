package io.brine.modules.mount;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one reader of the kernel's mount table. */
class ActiveMountsTest {
    @Test
    void mountFieldsAreUnescapedAsTheKernelEscapesThem() {
        assertEquals("/mnt/my disk", ActiveMounts.unescape("/mnt/my\\040disk"));
        assertEquals("/a\\b", ActiveMounts.unescape("/a\\134b"));
    }
}
