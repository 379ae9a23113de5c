#!/usr/bin/env bash
# Writes the secret files docker-compose.yml mounts into DIR (default: $BATON_SECRETS, else
# .baton/compose-secrets): a random password for each Kafka principal, the registry's and
# nginx-control's tokens, and the settings files made from them. Passwords and tokens already there
# are kept; the files made from them are written again.
#
# Run it with sudo, as the user who runs docker compose: compose mounts a secret file with its own
# owner and mode (uid, gid and mode in a service's secrets are ignored outside swarm), so each file
# is made 0600 and given to the user of the containers that read it: 10001 for Baton's images (the
# Dockerfile's BATON_UID), 1000 for the apache/kafka image's appuser. DIR stays 0700 and yours.
set -euo pipefail
dir=${1:-${BATON_SECRETS:-$(cd "$(dirname "$0")/.." && pwd)/.baton/compose-secrets}}
baton=10001 kafka=1000
# The roles `baton acls` knows, each the principal User:baton-ROLE; the services' come first.
services=(registry health nginx-control deployer console app)
roles=("${services[@]}" ci operator)

[ "$(id -u)" -eq 0 ] || { echo "run as root (sudo $0): the files go to uid $baton and $kafka" >&2; exit 2; }
umask 077
mkdir -p "$dir"

random() { [ -s "$dir/$1" ] || head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$dir/$1"; }
for role in "${roles[@]}" admin broker; do random "$role.password"; done
random registry.token
random nginx-control.token
password() { cat "$dir/$1.password"; }
jaas() { # login module, role
  printf 'org.apache.kafka.common.security.%s required username="baton-%s" password="%s";\n' "$1" "$2" "$(password "$2")"
}

# Each service imports its role's file (spring.config.import), the standard Spring Kafka settings.
for role in "${services[@]}"; do
  printf 'spring.kafka.security.protocol=SASL_PLAINTEXT\nspring.kafka.properties.sasl.mechanism=SCRAM-SHA-512\n' > "$dir/$role.properties"
  printf 'spring.kafka.properties.sasl.jaas.config=%s\n' "$(jaas scram.ScramLoginModule "$role")" >> "$dir/$role.properties"
done

# The console logs operators in with the registry's admin token, and passes their decisions on with it.
printf 'baton.console.registry-token=%s\n' "$(cat "$dir/registry.token")" >> "$dir/console.properties"

# The CLI's settings: the administrator on the broker's internal listener (kafka-acls), the operator
# inside the stack's network (the cli service), CI from the host through the published listener.
cat > "$dir/admin.cli.properties" <<PROPERTIES
bootstrap-servers=kafka:9094
kafka.security.protocol=SASL_PLAINTEXT
kafka.sasl.mechanism=PLAIN
kafka.sasl.jaas.config=$(jaas plain.PlainLoginModule admin)
PROPERTIES
cat > "$dir/operator.cli.properties" <<PROPERTIES
bootstrap-servers=kafka:9092
registry-url=http://registry-service:7101
registry-token=$(cat "$dir/registry.token")
kafka.security.protocol=SASL_PLAINTEXT
kafka.sasl.mechanism=SCRAM-SHA-512
kafka.sasl.jaas.config=$(jaas scram.ScramLoginModule operator)
PROPERTIES
cat > "$dir/ci.cli.properties" <<PROPERTIES
bootstrap-servers=127.0.0.1:19092
kafka.security.protocol=SASL_PLAINTEXT
kafka.sasl.mechanism=SCRAM-SHA-512
kafka.sasl.jaas.config=$(jaas scram.ScramLoginModule ci)
PROPERTIES

# The broker's JAAS file, per listener: PLAIN for the broker itself and the administrator, SCRAM
# for every client (their credentials live in the cluster, set by kafka-acls).
broker=$(cat "$dir/broker.password")
cat > "$dir/kafka-jaas.conf" <<JAAS
controller.KafkaServer {
  org.apache.kafka.common.security.plain.PlainLoginModule required
  username="broker" password="$broker" user_broker="$broker";
};
internal.KafkaServer {
  org.apache.kafka.common.security.plain.PlainLoginModule required
  username="broker" password="$broker" user_broker="$broker" user_baton-admin="$(password admin)";
};
clients.KafkaServer {
  org.apache.kafka.common.security.scram.ScramLoginModule required;
};
host.KafkaServer {
  org.apache.kafka.common.security.scram.ScramLoginModule required;
};
JAAS

chmod 700 "$dir"
chmod 600 "$dir"/*
chown "$kafka:$kafka" "$dir/kafka-jaas.conf"
for file in "${roles[@]/%/.password}" "${services[@]/%/.properties}" registry.token nginx-control.token \
  admin.cli.properties operator.cli.properties; do
  chown "$baton:$baton" "$dir/$file"
done
# admin.password and broker.password stay root's: only this script reads them again.
chown "${SUDO_UID:-0}:${SUDO_GID:-0}" "$dir" "$dir/ci.cli.properties"
echo "Secret files in $dir"
