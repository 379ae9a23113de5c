# The local stack, sourced by ./baton: every process Baton needs, started on loopback without
# Docker, with its logs in $RUN/logs and its pid in $RUN/pids. Needs ROOT and RUN.

KAFKA_PORT=${BATON_KAFKA_PORT:-9092}
REGISTRY_PORT=7101
SUPERVISOR_PORT=7109
NGINX_PORT=${BATON_NGINX_PORT:-8080}
SERVICE=orders
INSTANCE_PORTS=(9001 9002 9003)
SPARE_PORTS=(9004 9005 9001 9002) # where surge deploys start new instances: the spares, then back on the
# first two instances' ports once a surge deploy moved them off (the chaos suite goes both ways)
APT_PACKAGES=(nginx libnginx-mod-http-lua lua-resty-core supervisor curl faketime)
JVM_OPTS=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k)
DEMO=$RUN/demo
RELEASE_SETTINGS='' # extra lines for every release's release.properties
APP_PROPERTIES='' # stack up --app DIR: more properties for each service, DIR/ROLE.properties, and no sample app
NGINX_ACCESS_LOG=false # the soak's checker reads every proxied request in nginx's access log

say() { printf '%s\n' "$*"; }
die() { printf 'baton: %s\n' "$*" >&2; exit 2; }

ensure_packages() {
  local missing=() package
  for package in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    say "Installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    die "missing packages; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}"
  fi
}

build() {
  say "Building (./mvnw package, tests skipped)"
  (cd "$ROOT" && ./mvnw -q -B -DskipTests package)
}

secret() { # name: a random token kept in $RUN, readable by this user only
  mkdir -p "$RUN"
  [ -s "$RUN/$1.token" ] || (umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$RUN/$1.token")
  cat "$RUN/$1.token"
}

start_process() { # name, command...
  local name=$1; shift
  mkdir -p "$RUN/logs" "$RUN/pids"
  # The command line is kept too, so the chaos suite can start a killed process again as it was.
  printf '%s\0' "$@" > "$RUN/pids/$name.argv"
  nohup "$@" > "$RUN/logs/$name.log" 2>&1 &
  echo $! > "$RUN/pids/$name.pid"
  disown $! # the stack outlives this shell's jobs, and a kill -9 of it is no news to report
}

wait_for() { # description, seconds, command...: polls a readiness check, bounded
  local what=$1 seconds=$2; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || die "$what not ready within ${seconds}s (logs in $RUN/logs)"
    sleep 0.2
  done
}

jar() { ls "$ROOT/$1/target/"*.jar | grep -v -e original -e sources -e tests | head -n 1; }

cli_jar() {
  local jar="$ROOT/cli/target/baton-cli.jar"
  [ -f "$jar" ] || (cd "$ROOT" && ./mvnw -q -B -DskipTests -pl cli -am package >/dev/null)
  echo "$jar"
}

# The CLI's class-data-sharing archive, trained once per jar: most of a command's start-up is the JVM
# loading and linking the Kafka clients' classes (CliStartupBenchmark measures it). The training
# command probes a port nothing listens on, which loads the command line and the Kafka client up to
# its first request, and fails at once; it logs in as the stack's clients do (SCRAM, with credentials
# nobody checks), so that the login's classes are archived too. A failed training only costs speed.
cli_archive() { # jar: the archive's path, trained if missing or older than the jar
  local jar=$1 archive=$RUN/cli/baton-cli.jsa training=$RUN/cli/training.properties sum
  # The JVM takes an archive only for a jar of the size and modification time it was trained on
  # (even one with the same bytes, rebuilt, is refused): the same stamp, read on every call without
  # reading the jar itself.
  sum=$(stat -c '%s %Y' "$jar")
  if [ "$(cat "$RUN/cli/jar.stamp" 2>/dev/null)" != "$sum" ]; then
    mkdir -p "$RUN/cli" && rm -f "$archive" "$RUN/cli/jar.stamp"
    printf '%s\n' kafka.security.protocol=SASL_PLAINTEXT kafka.sasl.mechanism=SCRAM-SHA-512 \
      'kafka.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="training" password="training";' \
      > "$training"
    java -XX:ArchiveClassesAtExit="$archive" -Xlog:cds=off -Xlog:cds+dynamic=off "${JVM_OPTS[@]}" -jar "$jar" \
      status --config "$training" --bootstrap-servers 127.0.0.1:9 --connect-timeout 1s >/dev/null 2>&1 || true
    [ -f "$archive" ] && echo "$sum" > "$RUN/cli/jar.stamp"
  fi
  [ -f "$RUN/cli/jar.stamp" ] && echo "$archive"
}

cli() { # as the operator, unless BATON_CONFIG names other settings
  local jar archive share=()
  jar=$(cli_jar)
  # no word from the JVM on an archive it cannot use: it would go to standard output, into --json
  archive=$(cli_archive "$jar") && share=(-XX:SharedArchiveFile="$archive" -Xlog:cds=off -Xlog:cds+dynamic=off)
  BATON_CONFIG=${BATON_CONFIG:-$SECRETS/operator.cli.properties} \
    BATON_REGISTRY_TOKEN=${BATON_REGISTRY_TOKEN:-$(secret registry)} java "${share[@]}" "${JVM_OPTS[@]}" -jar "$jar" "$@"
}

# Kafka authenticates every client and authorizes by role (`baton acls` prints the ACLs): SCRAM on
# the clients' listener, one principal per role; PLAIN on the broker's own loopback listeners for
# the broker itself and for the administrator that creates the ACLs and the roles' credentials.
KAFKA_ROLES=(registry health nginx-control deployer console app ci operator)
SECRETS=$RUN/secrets # 0700; every password and token in a 0600 file, none on a command line
KAFKA_ADMIN_PORT=$((KAFKA_PORT + 2))

role_of() { # module: its Kafka role
  case $1 in registry-service) echo registry ;; health-service) echo health ;;
    nginx-control-service) echo nginx-control ;; deployer-service) echo deployer ;; console) echo console ;; esac
}

write_secrets() { # every file 0600 in a 0700 directory
  (
  umask 077
  local role
  mkdir -p "$SECRETS"
  for role in "${KAFKA_ROLES[@]}" admin broker; do
    [ -s "$SECRETS/$role.password" ] || head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$SECRETS/$role.password"
  done
  # Spring Boot reads a role's settings from its file (spring.config.import), the CLI from
  # BATON_CONFIG: the same standard Kafka client settings either way.
  for role in "${KAFKA_ROLES[@]}"; do
    spring_settings "$role" SCRAM-SHA-512 scram.ScramLoginModule > "$SECRETS/$role.properties"
  done
  # the class-data-sharing training of the apps registers on topics of its own, as the administrator
  spring_settings admin PLAIN plain.PlainLoginModule > "$SECRETS/admin.properties"
  secret registry >/dev/null && secret nginx-control >/dev/null # the tokens' files, read by the services
  printf 'Authorization: Bearer %s\n' "$(secret registry)" > "$SECRETS/registry.header"
  # operators log in to the console with the registry's token, and it passes their decisions on with it
  printf 'baton.console.registry-token=%s\n' "$(secret registry)" >> "$SECRETS/console.properties"
  # the operator's, and those of an app and of CI for the attack suite, which writes as them
  for role in operator app ci; do
    cli_settings "$role" SCRAM-SHA-512 scram.ScramLoginModule "$KAFKA_PORT" > "$SECRETS/$role.cli.properties"
  done
  cli_settings admin PLAIN plain.PlainLoginModule "$KAFKA_ADMIN_PORT" > "$SECRETS/admin.cli.properties"
  )
}

spring_settings() { # role, mechanism, login module: a Spring Boot app's properties file for a role
  cat <<PROPERTIES
spring.kafka.security.protocol=SASL_PLAINTEXT
spring.kafka.properties.sasl.mechanism=$2
spring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.$3 required username="baton-$1" password="$(cat "$SECRETS/$1.password")";
PROPERTIES
}

cli_settings() { # role, mechanism, login module, port: the CLI's properties file for a role
  cat <<PROPERTIES
bootstrap-servers=127.0.0.1:$4
kafka.security.protocol=SASL_PLAINTEXT
kafka.sasl.mechanism=$2
kafka.sasl.jaas.config=org.apache.kafka.common.security.$3 required username="baton-$1" password="$(cat "$SECRETS/$1.password")";
PROPERTIES
}

start_kafka() {
  local lib="$ROOT/local-kafka/target/lib" data="$RUN/kafka" broker admin
  mkdir -p "$data" "$RUN/logs"
  write_secrets
  broker=$(cat "$SECRETS/broker.password") admin=$(cat "$SECRETS/admin.password")
  (umask 077 && cat > "$RUN/kafka.properties" <<PROPERTIES
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$((KAFKA_PORT + 1))
listeners=CLIENTS://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$((KAFKA_PORT + 1)),INTERNAL://127.0.0.1:$KAFKA_ADMIN_PORT
advertised.listeners=CLIENTS://127.0.0.1:$KAFKA_PORT,INTERNAL://127.0.0.1:$KAFKA_ADMIN_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=INTERNAL
listener.security.protocol.map=CLIENTS:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT,INTERNAL:SASL_PLAINTEXT
listener.name.clients.sasl.enabled.mechanisms=SCRAM-SHA-512
listener.name.clients.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
sasl.mechanism.controller.protocol=PLAIN
sasl.mechanism.inter.broker.protocol=PLAIN
listener.name.controller.sasl.enabled.mechanisms=PLAIN
listener.name.controller.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="broker" password="$broker" user_broker="$broker";
listener.name.internal.sasl.enabled.mechanisms=PLAIN
listener.name.internal.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="broker" password="$broker" user_broker="$broker" user_baton-admin="$admin";
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:broker;User:baton-admin
allow.everyone.if.no.acl.found=false
log.dirs=$data/logs
num.partitions=3
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
PROPERTIES
  )
  if [ ! -f "$data/logs/meta.properties" ]; then
    java -cp "$lib/*" kafka.tools.StorageTool format -c "$RUN/kafka.properties" \
      -t "$(java -cp "$lib/*" kafka.tools.StorageTool random-uuid 2>/dev/null)" > "$RUN/logs/kafka-format.log" 2>&1
  fi
  # The broker gets the services' lean JIT and GC too. With the JVM's defaults its C2 compiler took
  # 2.1 s of CPU during the first deploy alone, on the 2 cores the deploy and its apps share.
  start_process kafka java "${JVM_OPTS[@]}" -Xms256m -Xmx512m -cp "$lib/*" kafka.Kafka "$RUN/kafka.properties"
  wait_for "Kafka on 127.0.0.1:$KAFKA_PORT" 60 bash -c "exec 3<>/dev/tcp/127.0.0.1/$KAFKA_PORT"
  # The roles' credentials and ACLs, set again at every start: both are idempotent.
  wait_for "Kafka's roles and ACLs" 60 bash -c "BATON_CONFIG='$SECRETS/admin.cli.properties' \
    java ${JVM_OPTS[*]} -jar '$(cli_jar)' acls --apply --scram-passwords '$SECRETS' > '$RUN/logs/kafka-acls.log' 2>&1"
}

SERVICES=(registry-service deployer-service nginx-control-service health-service console)
CONSOLE_PORT=7105
declare -A SERVICE_PORT=([registry-service]=$REGISTRY_PORT [health-service]=7102 [nginx-control-service]=7103
  [deployer-service]=7104 [console]=$CONSOLE_PORT)

service_arguments() { # module: sets ARGS to the service's settings, after the broker's address and its port
  # Its Kafka credentials come from its role's file, its token (if it has one) from the token's file.
  local import="--spring.config.import=file:$SECRETS/$(role_of "$1").properties"
  local more="$APP_PROPERTIES/$(role_of "$1").properties"
  [ -n "$APP_PROPERTIES" ] && [ -f "$more" ] && import+=",file:$more"
  case $1 in
    # Registrations only from this machine's loopback on the stack's instance ports; before any
    # deploy is on record, only the version the stack starts its instances on goes in rotation.
    registry-service) ARGS=("--baton.registry.admin.token-file=$RUN/registry.token"
      "--baton.registry.services.$SERVICE.allowed-hosts=127.0.0.0/8"
      "--baton.registry.services.$SERVICE.allowed-ports=9001-9005"
      "--baton.registry.services.$SERVICE.expected-versions=v1") ;;
    deployer-service) ARGS=(
      "--baton.deployer.services.$SERVICE.runtime.kind=supervisord"
      "--baton.deployer.services.$SERVICE.runtime.activate=ln,-sfn,$DEMO/releases/{version},$DEMO/instances/{instanceId}/current"
      "--baton.deployer.services.$SERVICE.runtime.supervisord.url=http://127.0.0.1:$SUPERVISOR_PORT"
      "--baton.deployer.services.$SERVICE.runtime.supervisord.credentials-file=$RUN/supervisor.credentials"
      "--baton.deployer.services.$SERVICE.runtime.command-timeout=60s"
      "--baton.deployer.services.$SERVICE.surge.ports=$(IFS=,; echo "${SPARE_PORTS[*]}")"
      "--baton.deployer.services.$SERVICE.health-timeout=60s") ;;
    # The token goes as a file (0600): a command line is readable by every local user. Its nginx
    # outlives a clean stop of nginx-control and is adopted by its next start, so the demo's
    # restart with a new setting loses no request; stack_down stops that nginx itself.
    nginx-control-service) secret nginx-control >/dev/null; ARGS=(--baton.nginx-control.node-id=edge-1
      --baton.nginx-control.nginx.on-stop=keep
      --baton.nginx-control.routes.$SERVICE.listen="127.0.0.1:$NGINX_PORT"
      --baton.nginx-control.control.token-file="$RUN/nginx-control.token"
      --baton.nginx-control.nginx.working-directory="$RUN/nginx"
      --baton.nginx-control.nginx.temp-directory="$(nginx_temp)"
      --baton.nginx-control.nginx.access-log="$NGINX_ACCESS_LOG") ;;
    # Everything shares 2 cores here: a cold instance under load can take more than the default
    # 500 ms to answer a probe (seen: over 2 s while another JVM starts); a slow answer must not take
    # the only serving instance out. A dead instance still fails fast: a refused probe is no timeout.
    # The fast probes that find a restarted instance's first answer and confirm its version (rise 2)
    # run 10 ms apart instead of 100 ms: they run only while a deploy waits for that instance, and
    # while it is down each is a refused connect.
    health-service) ARGS=(--baton.health.services.$SERVICE.timeout=5s --baton.health.services.$SERVICE.fall=3
      --baton.health.services.$SERVICE.fast-interval=10ms) ;;
    console) ARGS=(--baton.console.registry-url="http://127.0.0.1:$REGISTRY_PORT") ;;
  esac
  ARGS=("$import" "${ARGS[@]}")
}

nginx_temp() { # where nginx's workers write request bodies: as root they run as nobody, who must reach it
  # even from a checkout under a private home (0700 /root); nginx-control creates it 0700 for them
  if [ "$(id -u)" = 0 ]; then
    local parent
    parent=/var/lib/baton/local-stack-$(printf '%s' "$RUN" | sha1sum | cut -c1-12)
    (umask 022 && mkdir -p "$parent") && printf '%s/nginx-temp\n' "$parent"
  else
    printf '%s/nginx-temp\n' "$RUN"
  fi
}

service_build() { # module: where the service runs from, its jar extracted (the layout class-data sharing needs)
  printf '%s/cds/%s\n' "$RUN" "$1"
}

train_service_archives() {
  # Most of a service's start-up is loading classes, and a service killed mid-deploy must be back
  # in seconds: each service runs from its extracted jar with a class-data-sharing archive, made by
  # a training run that builds its context with the stack's settings and exits before it starts
  # anything (no listener, no nginx). Trained again only when the jar's content changed.
  local module jar build sum pids=()
  for module in "${SERVICES[@]}"; do
    jar=$(jar "$module") build=$(service_build "$module")
    sum=$(sha1sum < "$jar" | cut -c1-40)
    [ -f "$build/app.jsa" ] && [ "$(cat "$build/jar.sha1" 2>/dev/null)" = "$sum" ] && continue
    rm -rf "$build"
    java -Djarmode=tools -jar "$jar" extract --destination "$build" >/dev/null
    local ARGS
    service_arguments "$module"
    (java -XX:ArchiveClassesAtExit="$build/app.jsa" -Dspring.context.exit=onRefresh "${JVM_OPTS[@]}" -Xmx256m \
      -jar "$build/${jar##*/}" --spring.kafka.bootstrap-servers="127.0.0.1:$KAFKA_PORT" --server.port=0 "${ARGS[@]}" \
      > "$RUN/logs/cds-$module.log" 2>&1 && [ -f "$build/app.jsa" ] && echo "$sum" > "$build/jar.sha1") &
    pids+=($!)
  done
  [ ${#pids[@]} -eq 0 ] || say "Training the services' class-data-sharing archives"
  # A failed training only costs speed: the service then starts without the archive.
  for module in "${pids[@]}"; do wait "$module" || true; done
}

start_service() { # module
  local module=$1 priority=(nice -n 10) ARGS build archive=()
  build=$(service_build "$module")
  service_arguments "$module"
  [ -f "$build/jar.sha1" ] && archive=(-XX:SharedArchiveFile="$build/app.jsa")
  # The control plane yields the CPU to the data plane: on 2 shared cores a service's JVM starting
  # (or restarting after a crash) otherwise starves the one instance serving everything while the
  # other restarts, and requests time out connecting to it. nginx-control keeps the default
  # priority, as the nginx it manages inherits it.
  [ "$module" = nginx-control-service ] && priority=()
  start_process "$module" "${priority[@]}" java "${archive[@]}" "${JVM_OPTS[@]}" -Xmx256m \
    -jar "$build/$(basename "$(jar "$module")")" --spring.kafka.bootstrap-servers="127.0.0.1:$KAFKA_PORT" \
    --server.port="${SERVICE_PORT[$module]}" "${ARGS[@]}"
}

wait_healthy() { # module, port
  wait_for "$1 on 127.0.0.1:$2" 120 curl -fsS "http://127.0.0.1:$2/actuator/health"
}

train_class_archive() { # build directory
  # A training run that also serves requests and registers as the instances do (on topics of
  # its own, which no service reads): the archive then holds the classes of the first request
  # and of the Kafka client too. A restarted instance otherwise loads them from its jar while
  # the deploy waits for its first answer, and then while it re-enables it and drains the next.
  local build=$1 log="$RUN/logs/cds-training.log" pid port='' i
  (cd "$build" && exec java -XX:ArchiveClassesAtExit=app.jsa "${JVM_OPTS[@]}" -jar sample-app.jar \
    --sample.version=v1 --server.port=0 --baton.client.bootstrap-servers=127.0.0.1:$KAFKA_ADMIN_PORT \
    --spring.config.import="file:$SECRETS/admin.properties" \
    --baton.client.topic-prefix=cds-training. --baton.client.instance-id=cds-training \
    --baton.client.deregister-on-shutdown=false > "$log" 2>&1) &
  pid=$!
  for i in $(seq 600); do
    port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$log")
    [ -n "$port" ] && curl -fs -o /dev/null "http://127.0.0.1:$port/health" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  for i in $(seq 20); do
    [ -n "$port" ] || break
    curl -s -o /dev/null "http://127.0.0.1:$port/health"
    curl -s -o /dev/null "http://127.0.0.1:$port/work"
    curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"item":"training"}' \
      "http://127.0.0.1:$port/orders"
  done
  for i in $(seq 300); do
    grep -q -e "Registered cds-training" -e "Could not register" "$log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" || true
}

prepare_releases() {
  # One extracted build with a class-data-sharing archive, trained once and copied with its
  # timestamps into every release (CDS checks them): start-up is most of a deploy's time.
  local build="$DEMO/build" version
  mkdir -p "$DEMO/releases" "$DEMO/instances"
  if [ ! -f "$build/app.jsa" ] || [ "$(jar sample-app)" -nt "$build/app.jsa" ]; then
    rm -rf "$build"
    java -Djarmode=tools -jar "$(jar sample-app)" extract --destination "$build" >/dev/null
    train_class_archive "$build"
  fi
  for version in v1 v2 v3-broken v4-flaky; do
    rm -rf "$DEMO/releases/$version"
    cp -a "$build" "$DEMO/releases/$version"
    printf 'sample.version=%s\n%s\n' "$version" "$RELEASE_SETTINGS" > "$DEMO/releases/$version/release.properties"
  done
  printf 'sample.crash-on-start=true\n' >> "$DEMO/releases/v3-broken/release.properties"
  printf 'sample.failure-rate=0.05\n' >> "$DEMO/releases/v4-flaky/release.properties"
}

write_supervisor_config() {
  local conf="$DEMO/supervisord.conf" index instance slot password
  # The deployer's supervisord runtime calls supervisord over loopback HTTP with a random password;
  # the header it sends is kept in a file readable by this user only, never on a command line.
  password=$(secret supervisor)
  mkdir -p "$DEMO"
  (umask 077 && printf 'Basic %s\n' "$(printf 'baton:%s' "$password" | base64 -w0)" > "$RUN/supervisor.credentials")
  cat > "$conf" <<CONF
[unix_http_server]
file=$RUN/supervisor.sock
[inet_http_server]
port=127.0.0.1:$SUPERVISOR_PORT
username=baton
password={SHA}$(printf '%s' "$password" | sha1sum | cut -c1-40)
[supervisord]
logfile=$RUN/logs/supervisord.log
pidfile=$RUN/supervisord.pid
childlogdir=$RUN/logs
[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
[supervisorctl]
serverurl=unix://$RUN/supervisor.sock
CONF
  # orders-1 and orders-2 run from the start, orders-3 when the scale-out scenario starts it; a
  # surge deploy starts the spares, each named after its port as the deployer proposes.
  local instances=() ports=() index
  for index in 0 1 2; do instances+=("$SERVICE-$((index + 1))"); ports+=("${INSTANCE_PORTS[$index]}"); done
  for index in "${SPARE_PORTS[@]}"; do instances+=("$SERVICE-$index"); ports+=("$index"); done
  for index in "${!instances[@]}"; do
    instance=${instances[$index]}
    mkdir -p "$DEMO/instances/$instance"
    [ -L "$DEMO/instances/$instance/current" ] || ln -sfn "$DEMO/releases/v1" "$DEMO/instances/$instance/current"
    # Two programs take turns running the instance (the deployer's runtime starts one as the other
    # stops); both run its current release and write one log.
    printf '[group:%s]\nprograms=%s-a,%s-b\n' "$instance" "$instance" "$instance" >> "$conf"
    for slot in a b; do
      cat >> "$conf" <<CONF
[program:$instance-$slot]
command=java -XX:SharedArchiveFile=app.jsa ${JVM_OPTS[*]} -Xmx160m -jar sample-app.jar --server.port=${ports[$index]}
  --baton.client.service=$SERVICE --baton.client.instance-id=$instance --baton.client.deregister-on-shutdown=false
  --baton.client.bootstrap-servers=127.0.0.1:$KAFKA_PORT --management.endpoints.web.exposure.include=health,info,metrics
  --spring.config.import=file:$SECRETS/app.properties
directory=$DEMO/instances/$instance/current
autostart=$([ "$index" -lt 2 ] && [ $slot = a ] && echo true || echo false)
autorestart=true
startsecs=1
startretries=1000
stopwaitsecs=30
stdout_logfile=$RUN/logs/$instance.log
stdout_logfile_maxbytes=0
redirect_stderr=true
CONF
    done
  done
}

supervisor() { supervisorctl -c "$DEMO/supervisord.conf" "$@"; }

stack_up_options() { # [--app DIR]: Baton for an app of the user's: every service also imports the
  # ROLE.properties found in DIR, and the sample app is not started
  [ $# -eq 0 ] && return 0
  [ $# -eq 2 ] && [ "$1" = --app ] && [ -d "$2" ] || die "usage: ./baton stack up [--app DIR]"
  APP_PROPERTIES=$(cd "$2" && pwd)
}

stack_up() {
  [ -f "$(jar sample-app)" ] && [ -d "$ROOT/local-kafka/target/lib" ] || build
  start_kafka
  # The releases and supervisord's configuration come first: the deployer's runtime reads the
  # credentials file it writes, and refuses to start without it. For an app of the user's, the
  # sample app's releases are not made and its supervisord is not started.
  [ -n "$APP_PROPERTIES" ] || prepare_releases
  write_supervisor_config
  train_service_archives
  start_service registry-service
  wait_healthy registry-service "$REGISTRY_PORT"
  start_service deployer-service
  start_service nginx-control-service
  start_service health-service
  start_service console
  [ -n "$APP_PROPERTIES" ] || supervisord -c "$DEMO/supervisord.conf"
  wait_healthy deployer-service 7104
  wait_healthy nginx-control-service 7103
  wait_healthy health-service 7102
  wait_healthy console "$CONSOLE_PORT"
  [ -n "$APP_PROPERTIES" ] || sample_app_in_rotation
}

sample_app_in_rotation() {
  say "Waiting for $SERVICE-1 and $SERVICE-2 to be healthy, then approving them"
  local instance
  for instance in "$SERVICE-1" "$SERVICE-2"; do
    wait_for "$instance pre-online" 120 bash -c "curl -fsS -H @'$SECRETS/registry.header' \
      http://127.0.0.1:$REGISTRY_PORT/api/instances/$instance | grep -q -e PRE_ONLINE -e '\"ONLINE'"
    cli approve "$instance" --reason "local stack start" >/dev/null
  done
  wait_for "nginx serving $SERVICE on 127.0.0.1:$NGINX_PORT" 60 curl -fsS "http://127.0.0.1:$NGINX_PORT/health"
}

stack_urls() {
  say "Stack is up:"
  if [ -n "$APP_PROPERTIES" ]; then
    say "  each service also reads $APP_PROPERTIES/ROLE.properties"
  else
    say "  $SERVICE through nginx   http://127.0.0.1:$NGINX_PORT/work"
  fi
  say "  console                http://127.0.0.1:$CONSOLE_PORT (log in with the token in $RUN/registry.token)"
  say "  registry admin API     http://127.0.0.1:$REGISTRY_PORT/api/instances (token in $RUN/registry.token)"
  say "  Kafka                  127.0.0.1:$KAFKA_PORT"
  say "  logs                   $RUN/logs"
  say "Stop with: ./baton stack down"
}

running() { # pid: alive and not merely a zombie waiting to be reaped
  kill -0 "$1" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}

stack_down() {
  [ -S "$RUN/supervisor.sock" ] && supervisor shutdown >/dev/null 2>&1 || true
  local pidfile nginx
  # The services first, the broker once they are gone: a service's clean stop still publishes
  # and must not wait on a broker that is already stopping.
  local services=() pid
  for pidfile in "$RUN"/pids/*.pid; do
    [ -f "$pidfile" ] && [ "$pidfile" != "$RUN/pids/kafka.pid" ] || continue
    pid=$(cat "$pidfile"); rm -f "$pidfile"
    kill "$pid" 2>/dev/null && services+=("$pid")
  done
  for pid in "${services[@]}"; do
    for _ in $(seq 100); do running "$pid" || break; sleep 0.1; done
  done
  # nginx outlives its nginx-control (stopped: on-stop=keep; or killed), holding the service's
  # port: it quits once its requests in flight finish.
  nginx=$(cat "$RUN/nginx/nginx.pid" 2>/dev/null) || nginx=0
  if [ "$(cat "/proc/$nginx/comm" 2>/dev/null)" = nginx ]; then
    kill -QUIT "$nginx" 2>/dev/null || true
    for _ in $(seq 100); do running "$nginx" || break; sleep 0.1; done
  fi
  if [ -f "$RUN/pids/kafka.pid" ]; then
    kill -CONT "$(cat "$RUN/pids/kafka.pid")" 2>/dev/null || true # a broker paused by the chaos suite
    kill "$(cat "$RUN/pids/kafka.pid")" 2>/dev/null || true
    rm -f "$RUN/pids/kafka.pid"
  fi
}

DEMO_KEEP=false

# What the demo and the chaos suite start from: what is missing installed, everything built, and
# no broker data, instances or nginx state left from an earlier run.
prepare_fresh_stack() {
  ensure_packages
  build
  stack_down
  rm -rf "$RUN/kafka" "$DEMO" "$RUN/nginx" "$(nginx_temp)"
}

demo() {
  local short=false argument
  for argument in "$@"; do
    case $argument in
      --keep) DEMO_KEEP=true ;;
      --short) short=true ;;
      *) die "usage: ./baton demo [--short] [--keep]" ;;
    esac
  done
  prepare_fresh_stack
  trap '$DEMO_KEEP || stack_down' EXIT
  stack_up
  local status=0
  # The CLI runs in this JVM and the load generator in a process it starts with the same options:
  # with the stack's lean JIT and GC, the client takes as little as it can of the 2 cores the system
  # it measures runs on.
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -jar "$ROOT/demo/target/baton-demo.jar" --root "$ROOT" --run "$RUN" --service "$SERVICE" \
    --nginx "http://127.0.0.1:$NGINX_PORT" --kafka "127.0.0.1:$KAFKA_PORT" $($short && echo --short) \
    $($DEMO_KEEP && echo --console "http://127.0.0.1:$CONSOLE_PORT") || status=$?
  if $DEMO_KEEP; then stack_urls; fi
  return $status
}

chaos() {
  local short=false fault=() usage="usage: ./baton chaos [--short|--clocks] [--fault TARGET@PHASE]"
  while [ $# -gt 0 ]; do
    case $1 in
      --short) short=true ;;
      --clocks) fault=(--clocks) ;;
      --fault) [ $# -ge 2 ] || die "$usage"; fault=(--fault "$2"); shift ;;
      *) die "$usage" ;;
    esac
    shift
  done
  prepare_fresh_stack
  trap stack_down EXIT
  # Every request takes 200 ms in the suite's releases (20 ms in the demo's), so a drain lasts
  # long enough for a fault fired when it starts to land inside it.
  RELEASE_SETTINGS='sample.work-per-request=200ms'
  stack_up
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -cp "$ROOT/demo/target/baton-demo.jar" \
    dev.baton.demo.chaos.ChaosRunner --root "$ROOT" \
    --run "$RUN" --service "$SERVICE" --nginx "http://127.0.0.1:$NGINX_PORT" --kafka "127.0.0.1:$KAFKA_PORT" \
    $($short && echo --short) "${fault[@]}"
}

# Seeded deploys of every kind, each with one fault at a random moment, under load, judged afterwards by
# a checker that reads only the clients' request logs, nginx's access log and the broker's records
# (dev.baton.demo.soak). The same seed draws the same deploys, faults and moments.
soak() {
  local deploys=10 seed usage="usage: ./baton soak [--deploys N] [--seed S]"
  seed=$(( $(date +%s) % 100000 ))
  while [ $# -gt 0 ]; do
    case $1 in
      --deploys) [ $# -ge 2 ] || die "$usage"; deploys=$2; shift ;;
      --seed) [ $# -ge 2 ] || die "$usage"; seed=$2; shift ;;
      *) die "$usage" ;;
    esac
    shift
  done
  [[ $deploys =~ ^[1-9][0-9]*$ ]] || die "--deploys must be a positive number, got '$deploys'"
  [[ $seed =~ ^[0-9]+$ ]] || die "--seed must be a number, got '$seed'"
  prepare_fresh_stack
  trap stack_down EXIT
  NGINX_ACCESS_LOG=true
  stack_up
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -cp "$ROOT/demo/target/baton-demo.jar" \
    dev.baton.demo.soak.SoakRunner --root "$ROOT" --run "$RUN" --service "$SERVICE" \
    --nginx "http://127.0.0.1:$NGINX_PORT" --kafka "127.0.0.1:$KAFKA_PORT" --rate 500 \
    --deploys "$deploys" --seed "$seed"
}

# The guide to putting Baton in front of an app, run as it is written: the shell blocks of
# examples/python-app/README.md's "Run it" in one session, under load through the app's route,
# each checked against what the guide says it does (dev.baton.demo.guide.GuideRunner).
example() {
  [ $# -eq 0 ] || die "usage: ./baton example"
  prepare_fresh_stack
  trap stack_down EXIT
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -cp "$ROOT/demo/target/baton-demo.jar" \
    dev.baton.demo.guide.GuideRunner "$ROOT/examples/python-app/README.md" /notes --root "$ROOT" --run "$RUN" \
    --service notes --nginx http://127.0.0.1:8081 --kafka "127.0.0.1:$KAFKA_PORT" --rate 200 --short \
    --report "$RUN/report/example"
}

console_check() {
  [ $# -eq 0 ] || die "usage: ./baton console-check"
  APT_PACKAGES+=(chromium chromium-driver) && ensure_packages # the browser and its WebDriver
  prepare_fresh_stack
  trap stack_down EXIT
  # As in the chaos suite, every request takes 200 ms: with the demo's 20 ms a drain's first look
  # often finds nothing left in flight, and the page has no in-flight count to show.
  RELEASE_SETTINGS='sample.work-per-request=200ms'
  stack_up
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -cp "$ROOT/demo/target/baton-demo.jar" \
    dev.baton.demo.console.ConsoleCheck --root "$ROOT" --run "$RUN" --service "$SERVICE" \
    --nginx "http://127.0.0.1:$NGINX_PORT" --kafka "127.0.0.1:$KAFKA_PORT" --short
}

console_bench() {
  [ $# -eq 0 ] || die "usage: ./baton console-bench"
  APT_PACKAGES+=(chromium chromium-driver) && ensure_packages
  prepare_fresh_stack
  trap stack_down EXIT
  stack_up
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -cp "$ROOT/demo/target/baton-demo.jar" \
    dev.baton.demo.console.FirstRenderBenchmark --root "$ROOT" --run "$RUN" --service "$SERVICE" \
    --nginx "http://127.0.0.1:$NGINX_PORT" --kafka "127.0.0.1:$KAFKA_PORT"
}

attacks() {
  [ $# -eq 0 ] || die "usage: ./baton attacks"
  prepare_fresh_stack
  trap stack_down EXIT
  stack_up
  BATON_CONFIG=$SECRETS/operator.cli.properties java "${JVM_OPTS[@]}" -cp "$ROOT/demo/target/baton-demo.jar" \
    dev.baton.demo.attacks.AttackRunner --root "$ROOT" --run "$RUN" --service "$SERVICE" \
    --nginx "http://127.0.0.1:$NGINX_PORT" --kafka "127.0.0.1:$KAFKA_PORT" --short
}
