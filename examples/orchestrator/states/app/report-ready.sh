#!/bin/sh
# Runs inside the guest: check the service's configuration, then post the status back to the
# orchestrator through the local minion (Heat's wait condition).
set -e
conf="$(dirname "$0")/app.conf"
grep -q '^stack = ' "$conf"
exec $BRINE event send -c "$MINION_CONFIG" ready status=ok stack="$(sed -n 's/^stack = //p' "$conf")"
