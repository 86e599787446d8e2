#!/usr/bin/env bash
# Builds pocketsphinx_continuous and pocketsphinx_batch from Debian's own source packages (the versions of the
# `pocketsphinx` and `libsphinxbase3` packages the worker otherwise runs), with Debian's patches and then this
# directory's, and the worker's decoder server (decoder-server.c) against the same libraries, into $1/bin. The binaries are static, so they need nothing from $1 at run time but themselves; the
# model stays Debian's (pocketsphinx-en-us). Needs a C toolchain, autoconf, automake, libtool, bison and pkg-config;
# as root it adds Debian's source index to apt when it is missing.
set -euo pipefail

PREFIX=${1:?usage: build.sh <install directory>}
RECIPE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PATCHES="$RECIPE/patches"
POCKETSPHINX=0.8+5prealpha+1-15
SPHINXBASE=0.8+5prealpha+1-16
SUITE=bookworm

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# apt downloads as its own user where it can write.
if [[ $(id -u) -eq 0 ]] && id _apt >/dev/null 2>&1; then chown _apt "$work"; fi

# apt checks the downloaded files against the signed source index.
fetch_sources() {
  if ! (cd "$work" && apt-get source -qq --download-only "pocketsphinx=$POCKETSPHINX" "sphinxbase=$SPHINXBASE") >/dev/null 2>&1; then
    [[ $(id -u) -eq 0 ]] || { echo "build.sh: Debian's source index is not in apt's sources; run as root or add a deb-src entry for $SUITE" >&2; exit 1; }
    grep -qs "VERSION_CODENAME=$SUITE" /etc/os-release || { echo "build.sh: the pinned versions are Debian $SUITE's" >&2; exit 1; }
    cat > /etc/apt/sources.list.d/debian-src.sources <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $SUITE
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt-get update -qq
    (cd "$work" && apt-get source -qq --download-only "pocketsphinx=$POCKETSPHINX" "sphinxbase=$SPHINXBASE") >/dev/null
  fi
}

# Unpacks upstream's tarball and Debian's patches, applies Debian's series then ours (list), and regenerates the build
# files that the patches touch.
unpack() {
  local name=$1 version=$2 ours=("${@:3}") dir="$work/$1" patch
  mkdir -p "$dir"
  tar xzf "$work/${name}_${version%-*}.orig.tar.gz" -C "$dir" --strip-components=1
  tar xJf "$work/${name}_${version}.debian.tar.xz" -C "$dir"
  while read -r patch; do
    [[ -z "$patch" || "$patch" == \#* ]] || patch -s -p1 -d "$dir" < "$dir/debian/patches/$patch"
  done < "$dir/debian/patches/series"
  for patch in "${ours[@]}"; do patch -s -p1 -d "$dir" < "$patch"; done
  quietly "$1: autoreconf" env -C "$dir" autoreconf -fi
}

# Runs a step with its output in a log, shown (the end of it) only when the step fails.
quietly() {
  local step=$1; shift
  "$@" > "$work/step.log" 2>&1 || { echo "build.sh: $step failed:" >&2; tail -n 30 "$work/step.log" >&2; exit 1; }
}

build() {
  local name=$1 dir="$work/$1"; shift
  # Debian's optimisation level, no -march: the floating point must match Debian's binaries exactly.
  quietly "$name: configure" env -C "$dir" ./configure --prefix="$work/install" --disable-shared --enable-static \
    --without-python "$@" CFLAGS='-O2 -g0 -fstack-protector-strong -D_FORTIFY_SOURCE=2'
  quietly "$name: make" make -C "$dir" -j"$(nproc)"
  quietly "$name: make install" make -C "$dir" install
}

fetch_sources
unpack sphinxbase "$SPHINXBASE"
unpack pocketsphinx "$POCKETSPHINX" "$PATCHES"/*.patch
build sphinxbase --without-lapack
PKG_CONFIG_PATH="$work/install/lib/pkgconfig" build pocketsphinx --with-sphinxbase="$work/install"

# The server links the same static libraries, with the same flags.
quietly "decoder-server: compile" gcc -O2 -g0 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -o "$work/install/bin/decoder-server" \
  -I"$work/pocketsphinx/src/libpocketsphinx" "$RECIPE/decoder-server.c" $(PKG_CONFIG_PATH="$work/install/lib/pkgconfig" pkg-config --cflags --libs --static pocketsphinx sphinxbase) -lm

staging="$PREFIX.partial"
rm -rf "$staging"
mkdir -p "$staging/bin"
install -m 0755 "$work/install/bin/pocketsphinx_continuous" "$work/install/bin/pocketsphinx_batch" "$work/install/bin/decoder-server" "$staging/bin/"
printf 'pocketsphinx %s, sphinxbase %s (Debian source), patches: %s\n' "$POCKETSPHINX" "$SPHINXBASE" \
  "$(cd "$PATCHES" && echo *.patch)" > "$staging/BUILD"
rm -rf "$PREFIX"
mv "$staging" "$PREFIX"
