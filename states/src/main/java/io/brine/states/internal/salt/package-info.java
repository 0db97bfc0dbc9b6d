/**
 * The {@code salt[...]} bridge of templates: Salt's template helpers that need no machine access, implemented
 * here ({@code pillar.get}, {@code grains.filter_by}, {@code defaults.merge}...), and the rest handed to the
 * minion's own execution functions, so a template can do exactly what the same job could. Not API.
 */
package io.brine.states.internal.salt;
