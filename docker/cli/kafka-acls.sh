#!/usr/bin/env bash
# docker compose's one-shot kafka-acls service: as the administrator (BATON_CONFIG), sets each role's
# SCRAM credential from /run/secrets/ROLE.password and creates the roles' ACLs, retried until the
# broker takes them. Both are idempotent, so it runs again at every `docker compose up`.
set -euo pipefail
# `baton acls` skips a role whose password it cannot read; here that is a secret file with the
# wrong owner, which must stop the stack, not leave the role unable to log in.
for file in /run/secrets/*.password; do
  [ -r "$file" ] || { echo "kafka-acls: cannot read $file (owner and mode: $(stat -c '%u %a' "$file"))" >&2; exit 1; }
done
for attempt in $(seq 30); do
  java -jar /app/baton-cli.jar acls --apply --scram-passwords /run/secrets && exit 0
  echo "kafka-acls: attempt $attempt failed, retrying in 2 s" >&2
  sleep 2
done
exit 1
