#!/usr/bin/env python3
"""Turns one run of celer-bench/run.sh into one table, raw JSON and an SVG chart.

Input (a run folder): jmh-*.json (JMH -rf json), c-reference.tsv (lz4/xxhsum output lines), meta.txt.
Output: <out>/table-<name>.md, <out>/results-<name>.json, <out>/chart-<name>.svg, and the table on
stdout.

Every number is MB/s of uncompressed data, MB = 10^6 bytes (lz4 -b's unit; xxhsum's MiB/s are
converted). A cell is the geometric mean over files; its ratio is the geometric mean over the same
files of (Java MB/s / C MB/s) from this run. Allocation is gc.alloc.rate.norm divided by the calls
per operation: bytes allocated per codec or hash call (median over the cell's files, then the
largest cell of the row).

Python 3 standard library only.
"""

import argparse
import glob
import json
import math
import os
import re
import statistics
import sys
from collections import defaultdict

BLOCK_ORDER = ["1K", "4K", "16K", "64K", "256K", "1M", "file"]
INCOMPRESSIBLE_RATIO = 1.05  # lz4 -1 ratio below which a file counts as incompressible

# operation key -> (label, C reference key or None)
OPERATIONS = [
    ("compress", "compress (fast, level 1)", ("lz4", "1", "c")),
    ("compress-ratio", "  compression ratio, level 1", ("lz4", "1", "ratio")),
    ("decompress", "decompress", ("lz4", "1", "d")),
    ("partial", "decompress first 1 KB of each block", None),
    ("reject-c", "compress-or-reject, compressible files", ("lz4", "1", "c")),
    ("reject-i", "compress-or-reject, incompressible files", ("lz4", "1", "c")),
    ("hc9", "HC level 9", ("lz4", "9", "c")),
    ("hc9-ratio", "  compression ratio, HC 9", ("lz4", "9", "ratio")),
    ("hc12", "HC level 12", ("lz4", "12", "c")),
    ("hc12-ratio", "  compression ratio, HC 12", ("lz4", "12", "ratio")),
    ("dict-compress", "records: compress", None),
    ("dict-compress-ratio", "  records: compression ratio", None),
    ("dict-decompress", "records: decompress", None),
    ("xxh32", "XXH32", ("xxhsum", "1", None)),
    ("xxh64", "XXH64", ("xxhsum", "3", None)),
    ("xxh3", "XXH3-64", ("xxhsum", "5", None)),
    ("compress-t2", "compress, 2 threads (× = vs 1 thread)", None),
    ("decompress-t2", "decompress, 2 threads (× = vs 1 thread)", None),
]
# rows whose ratio is to the same implementation on one thread, not to C
SCALING_OPS = {"compress-t2": "compress", "decompress-t2": "decompress"}
RATIO_OPS = {k for k, _, _ in OPERATIONS if k.endswith("-ratio")}
OP_LABEL = {k: label for k, label, _ in OPERATIONS}
OP_C = {k: c for k, _, c in OPERATIONS}


def read_versions(root):
    versions = {}
    for pom in ("pom.xml", "celer-bench/pom.xml"):
        try:
            with open(os.path.join(root, pom), encoding="utf-8") as f:
                text = f.read()
        except OSError:
            continue
        for name, value in re.findall(r"<([a-z0-9.]+)\.version>([^<]+)<", text):
            versions[name] = value
    return versions


def impl_names(versions, meta):
    lz4java = versions.get("lz4java", "1.8.0")
    fork = versions.get("lz4java.fork", "?")
    air = versions.get("aircompressor", "?")
    h4j = versions.get("hash4j", "?")
    lz4c = re.search(r"v(\d+\.\d+\.\d+)", meta.get("lz4", ""))
    xxc = re.search(r"(\d+\.\d+\.\d+)", meta.get("xxhsum", ""))
    return {
        "C": None,  # set per operation below
        "C_lz4": "C lz4 %s" % (lz4c.group(1) if lz4c else ""),
        "C_xxhsum": "C xxhsum %s" % (xxc.group(1) if xxc else ""),
        "CELER": "Celer",
        "CELER_VECTOR": "Celer + Vector API",
        "LZ4JAVA_JNI": "lz4-java %s JNI" % lz4java,
        "LZ4JAVA_UNSAFE": "lz4-java %s unsafe" % lz4java,
        "LZ4JAVA_SAFE": "lz4-java %s safe" % lz4java,
        "FORK_JNI": "lz4-java fork %s JNI" % fork,
        "FORK_UNSAFE": "lz4-java fork %s unsafe" % fork,
        "FORK_SAFE": "lz4-java fork %s safe" % fork,
        "AIRCOMPRESSOR": "aircompressor %s" % air,
        "HASH4J": "hash4j %s" % h4j,
    }


def impl_name(names, impl):
    base, _, variant = impl.partition("+")
    name = names.get(base, base)
    if variant == "DICT":
        return name + " + dictionary"
    if variant == "NODICT":
        return name + ", no dictionary"
    return name


IMPL_ORDER = ["CELER+DICT", "CELER+NODICT", "LZ4JAVA_JNI+NODICT", "CELER", "CELER_VECTOR", "LZ4JAVA_JNI", "LZ4JAVA_UNSAFE", "LZ4JAVA_SAFE", "FORK_JNI", "FORK_UNSAFE",
              "FORK_SAFE", "AIRCOMPRESSOR", "HASH4J"]


def read_meta(run):
    meta = {}
    try:
        with open(os.path.join(run, "meta.txt"), encoding="utf-8") as f:
            for line in f:
                if "=" in line:
                    k, v = line.split("=", 1)
                    meta[k.strip()] = v.strip()
    except OSError:
        pass
    return meta


def read_c(run):
    """Returns {(tool, level, block, file): {"c": MB/s, "d": MB/s, "ratio": r}}; file '*' = any."""
    out = {}
    path = os.path.join(run, "c-reference.tsv")
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for raw in f:
            parts = raw.rstrip("\n").split("\t")
            if len(parts) < 5:
                continue
            tool, level, block, name, line = parts[:5]
            if tool == "lz4":
                # "-1      88699 (1.715) 711.70 MB/s 3268.6 MB/s  alice29.txt"
                m = re.match(r"\s*-(\d+)\s+(\d+)\s+\(\s*([\d.]+)\)\s+([\d.]+) MB/s\s+([\d.]+) MB/s", line)
                if m:
                    out[("lz4", level, block, name)] = {
                        "c": float(m.group(4)), "d": float(m.group(5)), "ratio": float(m.group(3)),
                        "compressed": int(m.group(2))}
            elif tool == "xxhsum":
                # " 3#XXH64        :      16384 ->   340691 it/s ( 5323.3 MB/s)"  (MB = 2^20 B)
                m = re.match(r"\s*(\d+)#\S+\s*:\s*(\d+) ->\s*([\d.]+) it/s \(\s*([\d.]+) MB/s\)", line)
                if m:
                    mbps = float(m.group(4)) * (1 << 20) / 1e6
                    out[("xxhsum", m.group(1), block, name)] = {"c": mbps}
    return out


def op_key(benchmark, params):
    method = benchmark.rsplit(".", 1)[-1]
    cls = benchmark.rsplit(".", 2)[-2]
    if cls == "Lz4BlockBenchmark":
        return {"compress": "compress", "decompress": "decompress",
                "decompressPartial": "partial", "compressOrReject": "reject"}.get(method)
    if cls == "Lz4HighBenchmark":
        return "hc" + str(params.get("level", "9"))
    if cls == "XxHashBenchmark":
        return method
    if cls == "Lz4DictBenchmark":
        return "dict-" + method
    return None


def params_key(benchmark, params):
    return (benchmark,) + tuple(sorted((k, str(v)) for k, v in params.items()))


def read_alloc(run):
    """Steady-state bytes per call measured by the benchmarks themselves (alloc.jsonl)."""
    out = {}
    try:
        with open(os.path.join(run, "alloc.jsonl"), encoding="utf-8") as f:
            for line in f:
                try:
                    a = json.loads(line)
                except ValueError:
                    continue
                out[params_key(a["benchmark"], a["params"])] = a["bytesPerCall"]
    except OSError:
        pass
    return out


def read_jmh(run):
    """Returns a list of measurements (dicts) from every jmh-*.json of the run."""
    alloc = read_alloc(run)
    rows = []
    for path in sorted(glob.glob(os.path.join(run, "jmh-*.json"))):
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read().strip()
            entries = json.loads(text) if text else []
        except (OSError, ValueError):
            continue
        for e in entries:
            params = e.get("params", {})
            op = op_key(e["benchmark"], params)
            if op is None:
                continue
            pm = e["primaryMetric"]
            sm = e.get("secondaryMetrics", {})
            ops = pm["score"]
            bytes_s = sm.get("bytes", {}).get("score")
            calls_s = sm.get("calls", {}).get("score")
            norm = sm.get("gc.alloc.rate.norm", {}).get("score")
            if not bytes_s or not ops:
                continue
            gc_per_call = None
            if norm is not None and calls_s:
                gc_per_call = norm / (calls_s / ops)
            exact = alloc.get(params_key(e["benchmark"], params))
            per_call = exact if exact is not None else gc_per_call
            impl = params.get("impl")
            if "dict" in params:
                impl += "+DICT" if params["dict"] == "true" else "+NODICT"
            out_s = sm.get("out", {}).get("score")
            threads = e.get("threads", 1)
            if threads > 1:
                op = "%s-t%d" % (op, threads)
            rows.append({
                "benchmark": e["benchmark"], "op": op, "impl": impl, "threads": threads,
                "compression_ratio": bytes_s / out_s if out_s else None,
                "file": params.get("file"), "block": params.get("block"),
                "params": params, "mbps": bytes_s / 1e6, "ops_per_s": ops,
                "ops_error": pm.get("scoreError"), "calls_per_op": calls_s / ops if calls_s else None,
                "alloc_bytes_per_op": norm, "alloc_bytes_per_call": per_call,
                "alloc_bytes_per_call_gc_profiler": gc_per_call,
                "alloc_bytes_per_call_steady_state": exact,
                "iterations_ops_per_s": [x for fork in pm.get("rawData", []) for x in fork],
                "jvm": e.get("vmName", "") + " " + e.get("vmVersion", ""),
            })
    return rows


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def c_speed(c, op, block, name):
    ref = OP_C.get(op)
    if ref is None:
        return None
    tool, level, field = ref
    if tool == "lz4":
        r = c.get(("lz4", level, block, name))
        return r and r[field]
    r = c.get(("xxhsum", level, block, name)) or c.get(("xxhsum", level, block, "*"))
    return r and r["c"]


def build(run, root):
    meta = read_meta(run)
    versions = read_versions(root)
    names = impl_names(versions, meta)
    c = read_c(run)
    jmh = read_jmh(run)

    def incompressible(block, name):
        r = c.get(("lz4", "1", block, name))
        return r is not None and r["ratio"] < INCOMPRESSIBLE_RATIO

    # split compress-or-reject by the kind of file
    for m in jmh:
        if m["op"] == "reject":
            m["op"] = "reject-i" if incompressible(m["block"], m["file"]) else "reject-c"
    # compression ratios as rows of their own ("mbps" holds the ratio there)
    for m in list(jmh):
        if m.get("compression_ratio") and m["op"] + "-ratio" in RATIO_OPS:
            jmh.append(dict(m, op=m["op"] + "-ratio", mbps=m["compression_ratio"],
                            alloc_bytes_per_call=None))

    cells = defaultdict(list)  # (op, impl, block) -> measurements
    for m in jmh:
        cells[(m["op"], m["impl"], m["block"])].append(m)

    blocks = sorted({m["block"] for m in jmh} | {k[2] for k in c},
                    key=lambda b: BLOCK_ORDER.index(b) if b in BLOCK_ORDER else len(BLOCK_ORDER))
    rows = []
    for op, _, ref in OPERATIONS:
        impls = sorted({k[1] for k in cells if k[0] == op},
                       key=lambda i: IMPL_ORDER.index(i) if i in IMPL_ORDER else 99)
        if not impls:
            continue
        files_of_op = defaultdict(set)
        for (o, _, b), ms in cells.items():
            if o == op:
                files_of_op[b].update(m["file"] for m in ms)
        if ref is not None:
            c_name = names["C_lz4"] + (" -%s" % ref[1]) if ref[0] == "lz4" else names["C_xxhsum"]
            row = {"op": op, "impl": "C", "name": c_name, "cells": {}}
            for b in blocks:
                speeds = {f: c_speed(c, op, b, f) for f in sorted(files_of_op[b])}
                speeds = {f: s for f, s in speeds.items() if s}
                if speeds:
                    row["cells"][b] = {"mbps": geomean(speeds.values()), "ratio": 1.0,
                                       "files": {f: {"mbps": s} for f, s in speeds.items()}}
            rows.append(row)
        for impl in impls:
            row = {"op": op, "impl": impl, "name": impl_name(names, impl), "cells": {}}
            for b in blocks:
                ms = cells.get((op, impl, b))
                if not ms:
                    continue
                files = {}
                ratios = []
                one_thread = {}
                if op in SCALING_OPS:
                    one_thread = {m["file"]: m["mbps"] for m in cells.get((SCALING_OPS[op], impl, b), [])}
                for m in ms:
                    cs = one_thread.get(m["file"]) if op in SCALING_OPS else c_speed(c, op, b, m["file"])
                    files[m["file"]] = {"mbps": m["mbps"], "reference_mbps": cs,
                                        "alloc_bytes_per_call": m["alloc_bytes_per_call"]}
                    if cs:
                        ratios.append(m["mbps"] / cs)
                allocs = [m["alloc_bytes_per_call"] for m in ms if m["alloc_bytes_per_call"] is not None]
                row["cells"][b] = {
                    "mbps": geomean(m["mbps"] for m in ms),
                    "ratio": geomean(ratios) if ratios else None,
                    "alloc_bytes_per_call": statistics.median(allocs) if allocs else None,
                    "files": files,
                }
            allocs = [cell["alloc_bytes_per_call"] for cell in row["cells"].values()
                      if cell.get("alloc_bytes_per_call") is not None]
            row["alloc_bytes_per_call"] = max(allocs) if allocs else None
            rows.append(row)
    return {"meta": meta, "versions": versions, "blocks": blocks, "rows": rows,
            "c_reference": [{"tool": k[0], "level": k[1], "block": k[2], "file": k[3], **v}
                            for k, v in sorted(c.items())],
            "jmh": jmh}


def fmt_speed(v, op=None):
    if v is None:
        return "–"
    if op in RATIO_OPS:
        return "%.3f" % v
    return "%.0f" % v if v >= 100 else "%.1f" % v


def fmt_alloc(v):
    if v is None:
        return "–"
    if v < 0.05:
        return "0"
    return "%.1f" % v if v < 10 else "%.0f" % v


def table(result):
    blocks = result["blocks"]
    header = ["operation", "implementation"] + [b if b == "file" else b.replace("K", " KB").replace("M", " MB")
                                                for b in blocks] + ["B/call"]
    lines = []
    last_op = None
    for row in result["rows"]:
        cells = []
        for b in blocks:
            cell = row["cells"].get(b)
            if cell is None:
                cells.append("–")
            elif row["impl"] == "C" or cell["ratio"] is None:
                cells.append(fmt_speed(cell["mbps"], row["op"]))
            else:
                fmt = "%s (%.3f×)" if row["op"] in RATIO_OPS else "%s (%.2f×)"
                cells.append(fmt % (fmt_speed(cell["mbps"], row["op"]), cell["ratio"]))
        op = OP_LABEL[row["op"]] if row["op"] != last_op else ""
        last_op = row["op"]
        alloc = "" if row["impl"] == "C" or row["op"] in RATIO_OPS else fmt_alloc(row.get("alloc_bytes_per_call"))
        lines.append([op, row["name"]] + cells + [alloc])
    return header, lines


def markdown(header, lines, result):
    meta = result["meta"]
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join([":--", ":--"] + ["--:"] * (len(header) - 2)) + "|"]
    for l in lines:
        out.append("| " + " | ".join(l) + " |")
    out.append("")
    out.append("MB/s of uncompressed data (MB = 10^6 bytes), geometric mean over %s; (×) = ratio to the C "
               "row from the same run, geometric mean over the same files. B/call = bytes one call allocates "
               "in steady state (thread allocation counter; `-prof gc` figures are in the JSON). %s on %s (%s cores); `%s`." % (
                   "the files" if not meta.get("files") else "%d files (hashes: %d)" % (
                       len(meta["files"].split()), len(meta.get("hash_files", "").split())),
                   meta.get("java.runtime.version", meta.get("jdk_label", "")),
                   meta.get("cpu", "?"), meta.get("cores", "?"), meta.get("command", "celer-bench/run.sh")))
    return "\n".join(out) + "\n"


def plain(header, lines):
    widths = [max(len(r[i]) for r in [header] + lines) for i in range(len(header))]
    def fmt(r):
        return "  ".join(c.ljust(widths[i]) if i < 2 else c.rjust(widths[i]) for i, c in enumerate(r))
    sep = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(header), sep] + [fmt(l) for l in lines])


def svg(result, title):
    """A horizontal bar chart of MB/s (log scale) at one block size, grouped by operation."""
    blocks = result["blocks"]
    block = "64K" if "64K" in blocks else (blocks[0] if blocks else None)
    bars = []  # (group, name, mbps, ratio, is_c)
    for row in result["rows"]:
        cell = row["cells"].get(block)
        if row["op"] in RATIO_OPS:
            continue
        if cell and cell["mbps"]:
            bars.append((OP_LABEL[row["op"]], row["name"], cell["mbps"], cell.get("ratio"), row["impl"] == "C"))
    bar_h, gap, left, width = 16, 8, 260, 560
    n_groups = len({b[0] for b in bars})
    height = 60 + len(bars) * (bar_h + 2) + n_groups * (gap + 18) + 40
    top = max([b[2] for b in bars] + [1])
    lo = 1.0
    def x(v):
        return left + width * (math.log10(max(v, lo)) - math.log10(lo)) / (math.log10(top * 1.5) - math.log10(lo))
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
             'font-size="11">' % (left + width + 120, height),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="10" y="20" font-size="14" font-weight="bold">%s</text>' % esc(title),
             '<text x="10" y="38" fill="#555">MB/s at %s blocks (log scale), geometric mean over files; '
             'label: MB/s and ratio to C</text>' % esc(block or "?")]
    bottom = height - 30
    for v in (10, 100, 1000, 10000, 100000):
        if v <= top * 1.5:
            parts.append('<line x1="%.1f" x2="%.1f" y1="48" y2="%d" stroke="#e4e4e4"/>' % (x(v), x(v), bottom))
            parts.append('<text x="%.1f" y="%d" fill="#777" text-anchor="middle">%d</text>' % (x(v), bottom + 14, v))
    y = 48
    group = None
    for g, name, mbps, ratio, is_c in bars:
        if g != group:
            group = g
            y += gap
            parts.append('<text x="10" y="%d" font-weight="bold">%s</text>' % (y + 12, esc(g)))
            y += 18
        color = "#999" if is_c else ("#d95f02" if name == "Celer" else "#1b9e77")
        parts.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 6, y + 12, esc(name)))
        parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>' % (
            left, y, max(1.0, x(mbps) - left), bar_h - 2, color))
        label = fmt_speed(mbps) + ("" if is_c or ratio is None else " (%.2f×)" % ratio)
        parts.append('<text x="%.1f" y="%d">%s</text>' % (x(mbps) + 4, y + 12, esc(label)))
        y += bar_h + 2
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run", required=True, help="run folder written by run.sh")
    ap.add_argument("--out", required=True, help="folder for table/results/chart")
    ap.add_argument("--name", required=True, help="suffix of the output files, e.g. jdk17")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()

    result = build(args.run, args.root)
    header, lines = table(result)
    os.makedirs(args.out, exist_ok=True)
    md = markdown(header, lines, result)
    with open(os.path.join(args.out, "table-%s.md" % args.name), "w", encoding="utf-8") as f:
        f.write(md)
    with open(os.path.join(args.out, "results-%s.json" % args.name), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(args.out, "chart-%s.svg" % args.name), "w", encoding="utf-8") as f:
        f.write(svg(result, "Celer vs JVM peers vs C (%s)" % args.name))
    print()
    print(plain(header, lines))
    print()
    print("MB/s (10^6 B/s), geometric mean over files; (×) ratio to C; B/call = bytes allocated per call.")
    print("wrote %s/{table,results,chart}-%s.*" % (os.path.relpath(args.out), args.name))
    if not result["rows"]:
        print("no results: see the logs in " + args.run, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
