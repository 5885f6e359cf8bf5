#!/bin/bash
# build.sh NAME : compile /work/wt-xx3 celer-core into /tmp/xx3/NAME.jar
set -e
rm -rf /tmp/xx3/cc_$1 && mkdir -p /tmp/xx3/cc_$1
javac --release 17 -nowarn -d /tmp/xx3/cc_$1 $(find /work/wt-xx3/celer-core/src/main/java -name '*.java' ! -name module-info.java) 2>&1 | grep -v "^Note" || true
(cd /tmp/xx3/cc_$1 && jar cf /tmp/xx3/$1.jar .)
