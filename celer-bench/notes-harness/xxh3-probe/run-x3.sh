#!/bin/bash
# run.sh JAR [JAVA] algo rounds ms sizes...
J=$1; shift
JAVA=${JAVA:-java}
$JAVA -Xmx1g -XX:+UseParallelGC -cp /tmp/xx3/classes:$(cat /tmp/xx3/cp.txt):/tmp/xx3/$J.jar x.X3 "$@"
