#!/bin/bash
# build.sh NAME : compile this repository's celer-core into /tmp/perfbench/NAME.jar
set -e
repo=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf /tmp/perfbench/cc_$1 && mkdir -p /tmp/perfbench/cc_$1
javac --release 17 -nowarn -d /tmp/perfbench/cc_$1 $(find "$repo"/celer-core/src/main/java -name '*.java') 2>&1 | grep -v "^Note" || true
(cd /tmp/perfbench/cc_$1 && jar cf /tmp/perfbench/$1.jar .)
