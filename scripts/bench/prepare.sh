# bench:status's system needs: wrk (Debian's, installed when missing), and Postgres and Redis as npm start finds them.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
ensure_apt_packages wrk
ensure_postgres
ensure_redis
