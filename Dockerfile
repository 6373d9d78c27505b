# Grimoire in a container: a static binary on a distroless base, running as
# a non-root user with its data (SQLite, session keys, ACME certificates) in
# the /data volume.
#
#   docker build -t grimoire .
#   docker run -p 8080:8080 -v grimoire-data:/data grimoire
#
# cmd/grimoire's TestDockerfileBuildStage runs this file's build-stage RUN
# lines as they are (where Docker itself is not available) and starts the
# result with the final stage's ENV, CMD and HEALTHCHECK.

FROM golang:1.26-bookworm AS build
ARG VERSION=docker
ENV CGO_ENABLED=0 OUT=/out
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o "$OUT/grimoire" ./cmd/grimoire
RUN mkdir -p "$OUT/data"

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/grimoire /usr/local/bin/grimoire
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV GRIMOIRE_DATA=/data GRIMOIRE_ADDR=:8080 GRIMOIRE_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s CMD ["/usr/local/bin/grimoire", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/grimoire"]
CMD ["serve"]
