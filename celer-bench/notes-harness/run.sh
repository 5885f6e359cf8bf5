#!/bin/bash
# usage: run.sh JAR args...
J=$1; shift
java -Xmx2g -XX:+UseParallelGC -cp /tmp/perfbench/classes:$(cat /tmp/perfbench/cp.txt):$J pb.Inter "$@"
