package io.brine.master;

import java.util.List;

/**
 * A master's minion keys by status, each list sorted: what {@code brine key list} prints.
 *
 * <pre>{@code
 * KeyList keys = master.keys().list();
 * keys.pending().forEach(id -> master.keys().accept(id));
 * }</pre>
 *
 * @param accepted keys whose minions may connect and run jobs
 * @param pending  keys waiting for an operator ("Unaccepted Keys")
 * @param rejected keys an operator refused
 * @param denied   keys that arrived for an id that already had a different accepted or pending key
 */
public record KeyList(List<String> accepted, List<String> pending, List<String> rejected, List<String> denied) {
    public KeyList {
        accepted = List.copyOf(accepted);
        pending = List.copyOf(pending);
        rejected = List.copyOf(rejected);
        denied = List.copyOf(denied);
    }
}
