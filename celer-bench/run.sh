#!/usr/bin/env bash
# One command for the whole comparison: Celer, its JVM peers (JMH) and the C reference
# (lz4 -b, xxhsum -b) on the same files and block sizes, then one table, raw JSON and a chart.
#
#   celer-bench/run.sh [--quick] [--jdk JAVA_HOME] [--blocks "16K 64K"] [--jmh OPTS] [--dry-run]
#                      [--out DIR] [files...]
#
#   --quick   2 files, 16 KB and 64 KB blocks, fewer peers: about 2-3 minutes on 2 cores
#             (the full run: about 21-22 minutes on 2 cores)
#   --jdk     the JDK to measure (default: $JAVA_HOME, else the java on PATH)
#   --blocks  block sizes (default 4K 16K 64K file; quick: 16K 64K)
#   --jmh     JMH iteration options instead of the built-in ones, e.g. "-wi 2 -w 1s -i 5 -r 1s"
#   --dry-run print the plan (JVMs and parameter combinations) and stop
#   --out     where the report goes (default docs/bench; a quick run names its files *-quick.*)
#   files     corpus file names or paths (default: the whole corpus, see dev.celer.bench.Corpus)
#
# Raw outputs (JMH JSON and logs, C tool output) stay in celer-bench/results/<jdk>-<time>/.
# See docs/benchmarks.md ("JMH, one JVM per implementation") for what is measured and how to read the table.
set -euo pipefail

args="$*"
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
quick=0
dry=0
jdk_home=${JAVA_HOME:-}
blocks=""
out_dir="$root/docs/bench"
jmh_override=${CELER_BENCH_JMH:-}
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --dry-run) dry=1 ;;
    --jdk) jdk_home=$2; shift ;;
    --jdk=*) jdk_home=${1#--jdk=} ;;
    --blocks) blocks=$2; shift ;;
    --blocks=*) blocks=${1#--blocks=} ;;
    --jmh) jmh_override=$2; shift ;;
    --jmh=*) jmh_override=${1#--jmh=} ;;
    --out) out_dir=$2; shift ;;
    --out=*) out_dir=${1#--out=} ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "unknown option: $1" >&2; exit 2 ;;
    *) files+=("$1") ;;
  esac
  shift
done

if [ -n "$jdk_home" ]; then java="$jdk_home/bin/java"; else java=$(command -v java); fi
[ -x "$java" ] || { echo "no java at $java" >&2; exit 2; }
for tool in lz4 xxhsum python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install lz4 xxhash python3)" >&2; exit 2; }
done
jdk_major=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
jdk_label="jdk$jdk_major"
corpus=${CELER_CORPUS:-$root/../shared/corpus}
corpus=$(cd "$corpus" && pwd)

# --- build (only when the jar is missing or older than a source or pom) ---
jar="$here/target/benchmarks.jar"
fork_jar="$here/target/peers/lz4-java-fork.jar"
if [ ! -f "$jar" ] || [ ! -f "$fork_jar" ] || \
   [ -n "$(find "$root/pom.xml" "$root/celer-core" "$here/pom.xml" "$here/src" -newer "$jar" \
           \( -name '*.java' -o -name pom.xml \) -print -quit 2>/dev/null)" ]; then
  echo "== building celer-bench/target/benchmarks.jar"
  (cd "$root" && mvn -q -B package -DskipTests -pl celer-bench -am)
fi

# --- what to run ---
if [ ${#files[@]} -eq 0 ]; then
  if [ $quick = 1 ]; then
    files=(alice29.txt fireworks.jpeg)
  else
    mapfile -t files < <("$java" -Dceler.corpus="$corpus" -cp "$jar" dev.celer.bench.Corpus | tail -n +2)
  fi
fi
# Block sizes: everything runs at $blocks; in the default full run the peers other than lz4-java's
# JNI and the fork's JNI, and HC, skip 4 KB (HC 12: 64 KB only), which keeps it near 15 minutes.
if [ -n "$blocks" ]; then
  peer_blocks=$blocks; hc_blocks=$blocks; hc12_blocks=$blocks
elif [ $quick = 1 ]; then
  blocks="16K 64K"; peer_blocks=$blocks; hc_blocks=$blocks; hc12_blocks=""
else
  blocks="4K 16K 64K file"; peer_blocks="16K 64K"; hc_blocks="16K 64K file"; hc12_blocks="64K"
fi
# records of 1-4 KB with a dictionary (lz4-java has no dictionary: it compresses them alone)
if [ $quick = 1 ]; then record_blocks="4K"; else record_blocks="1K 4K"; fi
# xxHash does the same work whatever the bytes: hash a few files only
if [ $quick = 1 ]; then n_hash=1; else n_hash=3; fi
hash_files=("${files[@]:0:$n_hash}")

if [ $quick = 1 ]; then
  jmh_opts=(-wi 0 -i 2 -r 200ms); jit_ms=1200
else
  jmh_opts=(-wi 0 -i 2 -r 200ms); jit_ms=3000
fi
[ -n "$jmh_override" ] && read -r -a jmh_opts <<< "$jmh_override"
c_secs=1

join() { local IFS=,; echo "$*"; }
file_param=$(join "${files[@]}")
hash_param=$(join "${hash_files[@]}")
all=$(join $blocks); peer=$(join $peer_blocks); hc=$(join $hc_blocks); rec=$(join $record_blocks)

# plan: benchmark method | implementations | extra JMH parameter (or threads=N) | file set | block sizes
main_impls="CELER LZ4JAVA_JNI FORK_JNI"
peer_impls="LZ4JAVA_UNSAFE LZ4JAVA_SAFE FORK_SAFE"
hash_impls="CELER LZ4JAVA_JNI LZ4JAVA_UNSAFE HASH4J"
reject_impls="CELER LZ4JAVA_JNI"
if [ $quick = 1 ]; then
  peer_impls="LZ4JAVA_SAFE FORK_SAFE"
  hash_impls="CELER LZ4JAVA_JNI HASH4J"
  reject_impls="CELER LZ4JAVA_JNI LZ4JAVA_SAFE"
fi
if [ "$jdk_major" -ge 25 ]; then  # aircompressor-v3 is Java 25 bytecode
  peer_impls="$peer_impls AIRCOMPRESSOR"
  hash_impls="$hash_impls AIRCOMPRESSOR"
fi
plan=(
  "Lz4BlockBenchmark.compress|$main_impls||all|$all"
  "Lz4BlockBenchmark.compress|$peer_impls||all|$peer"
  "Lz4BlockBenchmark.decompress|$main_impls||all|$all"
  "Lz4BlockBenchmark.decompress|$peer_impls||all|$peer"
  "Lz4BlockBenchmark.decompressPartial|CELER||all|$all"
  "Lz4BlockBenchmark.compressOrReject|$reject_impls||all|$all"
  "Lz4HighBenchmark.compress|CELER LZ4JAVA_JNI|level=9|all|$hc"
  "Lz4HighBenchmark.compress|FORK_JNI|level=9|all|$peer"
  "Lz4DictBenchmark.compress|CELER|dict=true|all|$rec"
  "Lz4DictBenchmark.compress|CELER LZ4JAVA_JNI|dict=false|all|$rec"
  "Lz4DictBenchmark.decompress|CELER|dict=true|all|${rec##*,}"
  "Lz4DictBenchmark.decompress|CELER LZ4JAVA_JNI|dict=false|all|${rec##*,}"
  "XxHashBenchmark.xxh32|$hash_impls||hash|$all"
  "XxHashBenchmark.xxh64|$hash_impls||hash|$all"
  "XxHashBenchmark.xxh3|CELER CELER_VECTOR HASH4J||hash|$all"
)
# two threads, each on its own copy of the data: compare with one thread of the same row
if [ $quick = 1 ]; then t2_impls="CELER"; else t2_impls="CELER LZ4JAVA_JNI"; fi
t2_blocks=64K; in_blocks=0; for b in $blocks; do [ "$b" = 64K ] && in_blocks=1; done
[ $in_blocks = 1 ] || t2_blocks=$(echo $blocks | cut -d' ' -f1)
plan+=(
  "Lz4BlockBenchmark.compress|$t2_impls|threads=2|all|$t2_blocks"
  "Lz4BlockBenchmark.decompress|$t2_impls|threads=2|all|$t2_blocks"
)
if [ -n "$hc12_blocks" ]; then
  plan+=("Lz4HighBenchmark.compress|CELER LZ4JAVA_JNI|level=12|all|$(join $hc12_blocks)")
fi

if [ $dry = 1 ]; then
  combos=0
  for entry in "${plan[@]}"; do
    IFS='|' read -r method impls extra set bset <<< "$entry"
    nf=${#files[@]}; [ "$set" = hash ] && nf=${#hash_files[@]}
    nb=$(echo "$bset" | tr ',' '\n' | grep -c .)
    nx=1; case "$extra" in threads=*) ;; *,*) nx=$(echo "${extra#*=}" | tr ',' '\n' | grep -c .) ;; esac
    for impl in $impls; do
      c=$((nf * nb * nx)); combos=$((combos + c))
      printf '%-36s %-15s %-16s %3d combinations (%s)\n' "$method" "$impl" "$extra" "$c" "$bset"
    done
  done
  echo "$combos combinations; JMH options: ${jmh_opts[*]}"
  exit 0
fi

run_dir="$here/results/$jdk_label-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$run_dir"
{
  echo "jdk_label=$jdk_label"
  echo "java=$java"
  "$java" -XshowSettings:properties -version 2>&1 | grep -E '^ *(java.vm.name|java.vm.version|java.runtime.version) ='
  echo "quick=$quick"
  echo "blocks=$blocks"
  echo "files=${files[*]}"
  echo "hash_files=${hash_files[*]}"
  echo "jmh_opts=${jmh_opts[*]}"
  echo "lz4=$(lz4 -V 2>&1 | head -1)"
  echo "xxhsum=$(xxhsum -V 2>&1 | head -1)"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
  echo "cores=$(nproc)"
  echo "command=celer-bench/run.sh $args"
} > "$run_dir/meta.txt"

start=$(date +%s)
echo "== JMH on $jdk_label: ${#files[@]} files, blocks: $blocks -> $run_dir"
n=0; total=0
for entry in "${plan[@]}"; do
  IFS='|' read -r _ impls _ _ _ <<< "$entry"; for _ in $impls; do total=$((total + 1)); done
done
for entry in "${plan[@]}"; do
  IFS='|' read -r method impls extra set bset <<< "$entry"
  for impl in $impls; do
    n=$((n + 1))
    cp="$jar"
    case "$impl" in FORK_*) cp="$fork_jar:$jar" ;; esac
    # Celer's XXH3 takes its Vector API path only in a JVM that has the incubator module
    jvm_extra=()
    case "$impl" in *_VECTOR) jvm_extra=(--add-modules jdk.incubator.vector) ;; esac
    fset=$file_param; [ "$set" = hash ] && fset=$hash_param
    params=(-p "impl=$impl" -p "file=$fset" -p "block=$bset")
    tag="$method-$impl-${bset//,/}"
    case "$extra" in
      "") ;;
      threads=*) params+=(-t "${extra#threads=}"); tag="$tag-t${extra#threads=}" ;;
      *) params+=(-p "$extra"); tag="$tag-${extra//[=,]/}" ;;
    esac
    printf '[%2d/%d] %-36s %-15s %s ' "$n" "$total" "$method" "$impl" "$extra"
    # -f 0: one JVM per implementation and operation (see AbstractCorpusBenchmark)
    if "$java" -Xms1g -Xmx1g ${jvm_extra[@]+"${jvm_extra[@]}"} -Dceler.corpus="$corpus" -Dceler.bench.jitWarmupMs="$jit_ms" \
        -Dceler.bench.allocOut="$run_dir/alloc.jsonl" \
        -cp "$cp" org.openjdk.jmh.Main "${method//./\\.}\$" -f 0 "${jmh_opts[@]}" "${params[@]}" \
        -prof gc -rf json -rff "$run_dir/jmh-$tag.json" > "$run_dir/jmh-$tag.log" 2>&1; then :; fi
    ok=$(grep -c '"benchmark"' "$run_dir/jmh-$tag.json" 2>/dev/null || true)
    err=$(grep -m1 -E '^(java|[a-z.]*)\.[A-Za-z.]*(Exception|Error)' "$run_dir/jmh-$tag.log" || true)
    echo "${ok:-0} results${err:+  (failed: ${err:0:100})}"
  done
done

echo "== C reference: lz4 -b1/-b9 -i$c_secs, xxhsum -b"
c_tsv="$run_dir/c-reference.tsv"
: > "$c_tsv"
in_list() { local x; for x in $2; do [ "$x" = "$1" ] && return 0; done; return 1; }
for f in "${files[@]}"; do
  path=$f; [ -f "$path" ] || path="$corpus/$f"
  for b in $blocks; do
    bopt=()
    case "$b" in
      file|FILE) ;;
      *K|*k) bopt=(-B$(( ${b%[Kk]} * 1024 ))) ;;
      *M|*m) bopt=(-B$(( ${b%[Mm]} * 1048576 ))) ;;
      *) bopt=(-B"$b") ;;
    esac
    c_levels=""
    in_list "$b" "$blocks" && c_levels="1"
    in_list "$b" "$hc_blocks" && c_levels="$c_levels 9"
    in_list "$b" "$hc12_blocks" && c_levels="$c_levels 12"
    for level in $c_levels; do
      line=$(lz4 -q -b"$level" -i"$c_secs" "${bopt[@]}" "$path" 2>&1 | tr '\r' '\n' | grep -E "^-$level " | tail -1 || true)
      printf 'lz4\t%s\t%s\t%s\t%s\n' "$level" "$b" "$f" "$line" >> "$c_tsv"
    done
  done
done
for b in $blocks; do
  case "$b" in
    file|FILE)
      for f in "${hash_files[@]}"; do
        path=$f; [ -f "$path" ] || path="$corpus/$f"
        xxhsum -q -b1,3,5 -i"$c_secs" "$path" 2>&1 | tr '\r' '\n' | grep -E '^ *[0-9]+#' \
          | while read -r line; do printf 'xxhsum\t-\t%s\t%s\t%s\n' "$b" "$f" "$line"; done >> "$c_tsv"
      done ;;
    *)
      bytes=$b
      case "$b" in *K|*k) bytes=$(( ${b%[Kk]} * 1024 ));; *M|*m) bytes=$(( ${b%[Mm]} * 1048576 ));; esac
      xxhsum -q -b1,3,5 -i"$c_secs" -B"$bytes" 2>&1 | tr '\r' '\n' | grep -E '^ *[0-9]+#' \
        | while read -r line; do printf 'xxhsum\t-\t%s\t*\t%s\n' "$b" "$line"; done >> "$c_tsv" ;;
  esac
done

suffix=$jdk_label; [ $quick = 1 ] && suffix="$jdk_label-quick"
python3 "$here/report.py" --run "$run_dir" --out "$out_dir" --name "$suffix" --root "$root"
echo "== done in $(( $(date +%s) - start )) s; raw results in $run_dir"
