# One multi-stage build for every image of the stack: `docker compose up --build` builds them all
# from this checkout, so the images run exactly the code the tests ran.

# Every image runs as the same unprivileged user, baton, with this uid and gid: the deployer and the
# sample apps share the apps' volume and supervisord's socket through it, and
# docker/compose-secrets.sh gives the secret files the containers read to it.
ARG BATON_UID=10001

FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -q -B -DskipTests package

# The services' user has a home of its own: the deployer keeps its private state directory there
# (~/.local/state/baton) unless its work-dir is set.
FROM eclipse-temurin:17-jre AS java-service
ARG BATON_UID
RUN groupadd --gid "$BATON_UID" baton \
	&& useradd --uid "$BATON_UID" --gid baton --create-home --home-dir /home/baton --shell /usr/sbin/nologin baton
WORKDIR /app
USER baton

FROM java-service AS registry-service
COPY --from=build /src/registry-service/target/registry-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

FROM java-service AS health-service
COPY --from=build /src/health-service/target/health-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

FROM java-service AS console
COPY --from=build /src/console/target/console-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# The deployer restarts the sample apps through supervisord's XML-RPC API on its unix socket, like
# the local stack does over loopback HTTP, and switches their release links on the volume it shares
# with them, as their user. /srv/orders is baton's here and in sample-apps, so the empty volume
# gets that owner whichever container mounts it first.
FROM java-service AS deployer-service
USER root
RUN install -d -o baton -g baton /srv/orders
USER baton
COPY --from=build /src/deployer-service/target/deployer-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# nginx with Lua from Debian, as on the machines Baton was checked on, driven by nginx-control in
# managed mode inside the same container (the control endpoint stays on loopback). Both run as
# baton: nginx listens on 8080, above the privileged ports, and nginx-control writes nginx.conf and
# nginx's pid, temp and log paths into /var/lib/baton-nginx, which is baton's. So is /var/log/nginx,
# where nginx opens its built-in error log before it reads that nginx.conf.
FROM debian:bookworm-slim AS nginx-control-service
ARG BATON_UID
RUN apt-get update \
	&& apt-get install -y --no-install-recommends nginx libnginx-mod-http-lua lua-resty-core openjdk-17-jre-headless \
	&& rm -rf /var/lib/apt/lists/* \
	&& groupadd --gid "$BATON_UID" baton \
	&& useradd --uid "$BATON_UID" --gid baton --create-home --home-dir /home/baton --shell /usr/sbin/nologin baton \
	&& install -d -o baton -g baton /var/lib/baton-nginx \
	&& chown -R baton:baton /var/log/nginx
COPY --from=build /src/nginx-control-service/target/nginx-control-service-*[0-9T].jar /app/app.jar
USER baton
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# The sample app's instances under supervisord, each running its release through a `current` link.
# supervisord runs as baton too, so its instances do without any user switching, and its 0770
# socket and the links are the deployer's to use.
FROM java-service AS sample-apps
USER root
RUN apt-get update && apt-get install -y --no-install-recommends supervisor && rm -rf /var/lib/apt/lists/* \
	&& install -d -o baton -g baton /srv/orders
COPY --from=build /src/sample-app/target/sample-app.jar /opt/sample-app.jar
COPY docker/sample-apps /opt/sample-apps
USER baton
ENTRYPOINT ["/opt/sample-apps/start.sh"]

# The CLI: `docker compose run --rm cli …` as the operator, and the one-shot kafka-acls service that
# creates the roles' SCRAM credentials and ACLs before the services start.
FROM java-service AS cli
COPY --from=build /src/cli/target/baton-cli.jar /app/baton-cli.jar
COPY docker/cli /app
ENTRYPOINT ["java", "-jar", "/app/baton-cli.jar"]
