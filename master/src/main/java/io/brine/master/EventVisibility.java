package io.brine.master;

import io.brine.jobs.Event;

/**
 * Which events an identity watching the bus ({@code @events}) may see. An event about a job carries what the job
 * ran and returned, pillar secrets among them, so it is shown by the rule of job lookups: the identity's own jobs,
 * or everyone's with {@code @jobs}. An event about a minion (its start, its key, what it posted) is shown to an
 * identity whose {@code publisher_acl} grants cover that minion. Events about neither (webhooks) go to every
 * {@code @events} holder. Admins see everything.
 */
final class EventVisibility {
    private static final String JOB = "brine/job/";

    private EventVisibility() {
    }

    static boolean mayWatch(AccessPolicy access, Principal who, Event event) {
        if (access.isAdmin(who)) {
            return true;
        }
        String tag = event.tag();
        if (tag.startsWith(JOB)) {
            // the master alone publishes under brine/job/, always naming the job's caller as 'user'
            Object caller = event.data().get("user");
            return caller instanceof String c && JobVisibility.mayRead(access, who, c);
        }
        String minion = minionOf(tag);
        return minion == null || access.coversMinion(who, minion);
    }

    /** The minion a master event is about ({@code brine/minion/ID/...}, {@code brine/key/ID/...}, ...), if any. */
    private static String minionOf(String tag) {
        for (String kind : new String[] {"brine/minion/", "brine/key/", "brine/auth/"}) {
            if (tag.startsWith(kind)) {
                int end = tag.indexOf('/', kind.length());
                return end < 0 ? tag.substring(kind.length()) : tag.substring(kind.length(), end);
            }
        }
        return null;
    }
}
