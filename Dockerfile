# One multi-stage build for every image of the stack: `docker compose up --build` builds them all
# from this checkout, so the images run exactly the code the tests ran.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -q -B -DskipTests package

# The services' user has a home of its own: the deployer keeps its private state directory there
# (~/.local/state/baton) unless its work-dir is set.
FROM eclipse-temurin:17-jre AS java-service
RUN useradd --system --create-home --home-dir /home/baton baton
WORKDIR /app
USER baton

FROM java-service AS registry-service
COPY --from=build /src/registry-service/target/registry-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

FROM java-service AS health-service
COPY --from=build /src/health-service/target/health-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# The deployer restarts the sample apps through supervisord's XML-RPC API on its unix socket, like
# the local stack does over loopback HTTP, and switches their release links on the volume it shares
# with them.
FROM eclipse-temurin:17-jre AS deployer-service
COPY --from=build /src/deployer-service/target/deployer-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# nginx with Lua from Debian, as on the machines Baton was checked on, driven by nginx-control in
# managed mode inside the same container (the control endpoint stays on loopback).
FROM debian:bookworm-slim AS nginx-control-service
RUN apt-get update \
	&& apt-get install -y --no-install-recommends nginx libnginx-mod-http-lua lua-resty-core openjdk-17-jre-headless \
	&& rm -rf /var/lib/apt/lists/*
COPY --from=build /src/nginx-control-service/target/nginx-control-service-*[0-9T].jar /app/app.jar
ENTRYPOINT ["java", "-jar", "/app/app.jar"]

# The sample app's instances under supervisord, each running its release through a `current` link.
FROM eclipse-temurin:17-jre AS sample-apps
RUN apt-get update && apt-get install -y --no-install-recommends supervisor && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/sample-app/target/sample-app.jar /opt/sample-app.jar
COPY docker/sample-apps /opt/sample-apps
ENTRYPOINT ["/opt/sample-apps/start.sh"]
