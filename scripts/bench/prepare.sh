# A benchmark's system needs: the Debian packages named as arguments (bench:status's wrk when none), installed when
# missing, and Postgres and Redis as npm start finds them.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
ensure_apt_packages "${@:-wrk}"
ensure_postgres
ensure_redis
