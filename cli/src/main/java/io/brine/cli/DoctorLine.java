package io.brine.cli;

import io.brine.config.Finding;

/**
 * One line of {@code brine doctor}'s report: {@code ok   NAME: DETAIL}, {@code warn NAME: DETAIL} or
 * {@code FAIL NAME: DETAIL}, the status padded to four characters so the names line up.
 */
record DoctorLine(String name, Finding finding) {
    String text() {
        String status = switch (finding.status()) {
            case OK -> "ok  ";
            case WARN -> "warn";
            case FAIL -> "FAIL";
        };
        return status + " " + name + ": " + finding.detail();
    }
}
