#!/usr/bin/env bash
# HC level 9 of liblz4 builds side by side, outside the JVM (docs/native-build.md, "HC level 9"):
# Debian's liblz4 1.9.4, the lz4 1.10.0 sources (from `scripts/build-natives`' work tree) built by
# gcc and by zig with the flags under test, dlopen'ed into one process; best of N rounds per file,
# then the geometric mean of the ratios to the first library. Needs gcc, a built tree
# (celer-native/target/natives-work) and zig (CELER_ZIG, default the one build-natives installed).
# Usage: run.sh [ROUNDS] [extra zig flags...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
rounds=${1:-7}; shift || true
src=$root/celer-native/target/natives-work/a/src/lz4
zig=${CELER_ZIG:-$(ls "$root"/.tools/zig/ziglang/zig 2>/dev/null || echo zig)}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/hcbench" "$here/hcbench.c" -ldl -lm
gcc -O3 -shared -fPIC -fvisibility=hidden -DLZ4_PUBLISH_STATIC_FUNCTIONS -o "$work/gcc.so" "$src/lz4.c" "$src/lz4hc.c"
"$zig" cc -target x86_64-linux-gnu.2.17 -O3 -shared -fPIC -fvisibility=hidden -DLZ4_PUBLISH_STATIC_FUNCTIONS "$@" \
  -o "$work/zig.so" "$src/lz4.c" "$src/lz4hc.c"
c=${CELER_CORPUS:-$root/../shared/corpus}
"$work/hcbench" 9 65536 "$rounds" /usr/lib/x86_64-linux-gnu/liblz4.so.1 "$work/gcc.so" "$work/zig.so" -- \
  "$c/alice29.txt" "$c/libstdc++.so" "$c/botocore-ec2.json" "$c/linux-uapi-headers.tar"
