package io.brine.master;

import io.brine.targeting.Match;
import io.brine.targeting.MinionFacts;
import io.brine.targeting.TargetExpression;
import java.util.ArrayList;
import java.util.List;

/**
 * The one authorisation check. Every way of acting on the master asks it before anything happens: the CLI's
 * publishes, copies and key changes, REST calls and casts, a library client made with
 * {@link MasterClient#as}, the reactor and batch jobs (they publish through the same {@link JobPublisher}).
 *
 * <p>Local callers are admin unless {@code publisher_acl_local: false}, in which case they need entries like
 * anyone else. Any other identity may do exactly what {@code publisher_acl} grants it, nothing by default. A
 * publish is allowed only when every minion the target resolved to is covered by some grant whose target
 * matches that minion and whose globs match the function; one uncovered minion refuses the whole job.
 */
final class AccessPolicy {
    private final PublisherAcl acl;
    private final boolean localIsAdmin;
    /** Facts for one minion: id, and grains or pillar when the grant's target reads them. */
    private final FactsSource facts;
    /** Whether a name is a client key's ({@code pki_dir/clients/NAME}): no token holder may take it. */
    private final java.util.function.Predicate<String> clientKey;

    interface FactsSource {
        MinionFacts facts(String id, boolean grains, boolean pillar);
    }

    AccessPolicy(PublisherAcl acl, boolean localIsAdmin, FactsSource facts) {
        this(acl, localIsAdmin, facts, name -> false);
    }

    AccessPolicy(PublisherAcl acl, boolean localIsAdmin, FactsSource facts,
            java.util.function.Predicate<String> clientKey) {
        this.acl = acl;
        this.localIsAdmin = localIsAdmin;
        this.facts = facts;
        this.clientKey = clientKey;
    }

    /** Whether {@code who} bypasses the ACL. */
    boolean isAdmin(Principal who) {
        return who.local() && localIsAdmin;
    }

    /**
     * Throws unless {@code who} may run {@code function} on every one of {@code minions}.
     *
     * @throws AccessDeniedException naming the identity, the function and the first minions refused
     */
    void checkPublish(Principal who, String function, List<String> minions) {
        if (isAdmin(who)) {
            return;
        }
        List<PublisherAcl.FunctionGrant> grants = new ArrayList<>();
        for (PublisherAcl.FunctionGrant g : acl.of(who.name()).functions()) {
            if (g.allowsFunction(function)) {
                grants.add(g);
            }
        }
        if (grants.isEmpty()) {
            throw new AccessDeniedException("'" + who.name() + "' may not run " + function + " on any minion");
        }
        List<String> refused = new ArrayList<>();
        for (String id : minions) {
            if (!covered(grants, id)) {
                refused.add(id);
            }
        }
        if (!refused.isEmpty()) {
            throw new AccessDeniedException("'" + who.name() + "' may not run " + function + " on "
                    + describe(refused) + " (the target resolved to " + minions.size() + " minion"
                    + (minions.size() == 1 ? "" : "s") + "; nothing was published)");
        }
    }

    /**
     * Throws unless {@code who} holds {@code right} ({@code @keys}, {@code @tokens}, {@code @events}, {@code @jobs},
     * {@code @hooks}, {@code @update} or {@code @orchestrate}).
     */
    void checkRight(Principal who, String right, String what) {
        if (isAdmin(who) || acl.of(who.name()).rights().contains(right)) {
            return;
        }
        throw new AccessDeniedException("'" + who.name() + "' may not " + what + " (needs " + right + ")");
    }

    /**
     * Throws unless {@code who} may create or revoke the API token {@code tokenName} ({@code what} says which): the
     * local admin may; anyone else needs {@code @tokens} naming it ({@code '@tokens': [ci-*]}), and never for a name
     * granted more than itself, one of the master's own callers or a client key's name. Names are bound to grants
     * by whoever writes {@code publisher_acl}, never by whoever makes the token.
     *
     * @throws AccessDeniedException naming the identity, the token and why
     */
    void checkTokenName(Principal who, String tokenName, String what) {
        if (isAdmin(who)) {
            return;
        }
        checkRight(who, "@tokens", what + " " + tokenName);
        PublisherAcl.Grants mine = acl.of(who.name());
        String refusal = "'" + who.name() + "' may not " + what + " token '" + tokenName + "': ";
        if (Master.RESERVED_NAMES.contains(tokenName) || clientKey.test(tokenName)) {
            throw new AccessDeniedException(refusal + "it is the name of one of the master's own callers or of a "
                    + "client key");
        }
        if (mine.tokenNames().stream().noneMatch(g -> g.matches(tokenName))) {
            throw new AccessDeniedException(refusal + (mine.tokenNames().isEmpty()
                    ? "its @tokens grant names no tokens (list them: '@tokens': [ci-*])"
                    : "its @tokens grant covers only " + mine.tokenNames()));
        }
        if (!acl.of("token:" + tokenName).within(mine)) {
            throw new AccessDeniedException(refusal + "publisher_acl grants token:" + tokenName + " more than '"
                    + who.name() + "' holds");
        }
    }

    /** Whether {@code who} may create and revoke {@code tokenName}, without throwing. */
    boolean mayManageToken(Principal who, String tokenName) {
        try {
            checkTokenName(who, tokenName, "manage");
            return true;
        } catch (AccessDeniedException e) {
            return false;
        }
    }

    /** Whether {@code who} holds {@code right}, without throwing. */
    boolean holds(Principal who, String right) {
        return isAdmin(who) || acl.of(who.name()).rights().contains(right);
    }

    /** Whether {@code who} may run {@code function} on some minion: a grant naming it, whatever its target. */
    boolean mayRunSomewhere(Principal who, String function) {
        return isAdmin(who) || acl.of(who.name()).functions().stream().anyMatch(g -> g.allowsFunction(function));
    }

    /** Whether some function grant of {@code who} covers minion {@code id} (any function), or {@code who} is admin. */
    boolean coversMinion(Principal who, String id) {
        return isAdmin(who) || covered(acl.of(who.name()).functions(), id);
    }

    private boolean covered(List<PublisherAcl.FunctionGrant> grants, String id) {
        for (PublisherAcl.FunctionGrant g : grants) {
            if (covers(g, id, facts)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code grant}'s target matches minion {@code id}, reading its grains or pillar from {@code facts} only
     * when the target needs them. UNKNOWN (grains not cached) does not cover: an ACL is never decided in the
     * caller's favour by doubt.
     */
    static boolean covers(PublisherAcl.FunctionGrant grant, String id, FactsSource facts) {
        return grant.target() == null || matches(grant.target(), id, facts);
    }

    /** Whether {@code target} surely matches minion {@code id}, reading only the facts it needs. */
    static boolean matches(TargetExpression target, String id, FactsSource facts) {
        MinionFacts f = target.needsGrains() || target.needsPillar()
                ? facts.facts(id, target.needsGrains(), target.needsPillar()) : MinionFacts.idOnly(id);
        return target.match(f) == Match.MATCH;
    }

    private static String describe(List<String> ids) {
        int shown = Math.min(5, ids.size());
        String head = String.join(", ", ids.subList(0, shown));
        return ids.size() > shown ? head + " and " + (ids.size() - shown) + " more" : head;
    }

}
