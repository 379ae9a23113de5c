#!/usr/bin/env bash
# The sample app's instances for docker compose, laid out like the local stack: one release
# directory per version, one `current` link per instance, supervisord running each instance in
# its link, so the deployer (sharing /srv/orders and the supervisor socket, as the same user)
# activates a release by relinking and restarts through supervisord. Everything here runs as that
# user, supervisord and the instances alike; the instances register with the app role's Kafka
# settings, from the secret file docker-compose.yml mounts.
set -euo pipefail
root=/srv/orders
mkdir -p "$root/releases" "$root/instances" "$root/logs"
for version in v1 v2 v3-broken; do
  mkdir -p "$root/releases/$version"
  cp /opt/sample-app.jar "$root/releases/$version/sample-app.jar"
  printf 'sample.version=%s\n' "$version" > "$root/releases/$version/release.properties"
done
printf 'sample.crash-on-start=true\n' >> "$root/releases/v3-broken/release.properties"

cat > "$root/supervisord.conf" <<CONF
[unix_http_server]
file=$root/supervisor.sock
chmod=0770
[supervisord]
nodaemon=true
logfile=$root/logs/supervisord.log
pidfile=/tmp/supervisord.pid
[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
[supervisorctl]
serverurl=unix://$root/supervisor.sock
CONF
for index in 1 2; do
  instance=orders-$index
  mkdir -p "$root/instances/$instance"
  [ -L "$root/instances/$instance/current" ] || ln -sfn "$root/releases/v1" "$root/instances/$instance/current"
  cat >> "$root/supervisord.conf" <<CONF
[program:$instance]
command=java -XX:+UseSerialGC -Xmx160m -jar sample-app.jar --server.address=0.0.0.0 --server.port=900$index
  --baton.client.service=orders --baton.client.instance-id=$instance --baton.client.advertised-host=sample-apps
  --baton.client.bootstrap-servers=kafka:9092 --baton.client.deregister-on-shutdown=false
  --spring.config.import=file:/run/secrets/app.properties
directory=$root/instances/$instance/current
autorestart=true
startsecs=1
startretries=1000
stopwaitsecs=30
stdout_logfile=$root/logs/$instance.log
redirect_stderr=true
CONF
done
exec supervisord -c "$root/supervisord.conf"
