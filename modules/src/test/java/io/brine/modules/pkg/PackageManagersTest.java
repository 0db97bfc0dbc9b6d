package io.brine.modules.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PackageManagersTest {
    @Test
    void theProviderFollowsTheOsFamilyGrain() {
        assertEquals(Optional.of("apt"), PackageManagers.choose("Debian", p -> false));
        assertEquals(Optional.of("dnf"), PackageManagers.choose("RedHat", p -> p.equals("dnf")));
        assertEquals(Optional.of("yum"), PackageManagers.choose("RedHat", p -> false));
        assertEquals(Optional.of("apk"), PackageManagers.choose("Alpine", p -> false));
        assertEquals(Optional.empty(), PackageManagers.choose("Windows", p -> true));
    }
}
