"""The pyarrow side of celer-arrow's benchmark (scripts/arrow-bench runs it; docs/arrow.md).

  arrow_bench.py source CORPUS OUT.arrow [MB]   builds the benchmark table from the corpus files
        (text lines, their lengths, ids, a float, 256-byte slices of the binary files) until it
        holds MB (default 220) MB of column data; writes it uncompressed as an IPC file
  arrow_bench.py run SOURCE.arrow ROUNDS LEVEL   times pyarrow writing and reading the table as an
        IPC file in memory, lz4 at LEVEL and uncompressed, one thread (use_threads=False) and
        pyarrow's default threads; prints one line per measurement:
        "py <what> <seconds> <bytes>"
  arrow_bench.py write-lz4 SOURCE.arrow OUT.arrow LEVEL   writes the table with lz4 at LEVEL (for
        the Java side's readpy mode)
"""
import os
import sys
import time

import pyarrow as pa
import pyarrow.ipc as ipc

TEXT = ["alice29.txt", "book1", "bible.txt", "world192.txt", "google.html", "rust-book.html",
        "freedesktop-mime.xml", "botocore-ec2.json", "gdb-check.log"]
BINARY = ["libstdc++.so", "postgres-catalog.pages", "linux-uapi-headers.tar", "linux-changelog.gz",
          "fireworks.jpeg"]
BATCH = 65536


def source(corpus, out, mb):
    lines = []
    for i, name in enumerate(TEXT):
        with open(os.path.join(corpus, name), "rb") as f:
            for line in f.read().split(b"\n"):
                lines.append((i, line[:400].decode("utf-8", "replace")))
    blob = b"".join(open(os.path.join(corpus, n), "rb").read() for n in BINARY)
    slices = len(blob) // 256
    schema = pa.schema([("id", pa.int64()), ("file", pa.int32()), ("line", pa.string()), ("len", pa.int32()),
                        ("score", pa.float64()), ("chunk", pa.binary())])
    total = 0
    row = 0
    with pa.OSFile(out, "wb") as f, ipc.new_file(f, schema) as w:
        while total < mb * 1e6:
            idx = range(row, row + BATCH)
            picked = [lines[(r * 7919) % len(lines)] if r // len(lines) % 2 else lines[r % len(lines)] for r in idx]
            b = pa.record_batch([
                pa.array(list(idx), pa.int64()),
                pa.array([p[0] for p in picked], pa.int32()),
                pa.array([p[1] for p in picked], pa.string()),
                pa.array([len(p[1]) for p in picked], pa.int32()),
                pa.array([len(p[1]) * 0.37 + (r % 101) / 7.0 for r, p in zip(idx, picked)], pa.float64()),
                pa.array([blob[(r % slices) * 256:(r % slices) * 256 + 256] for r in idx], pa.binary()),
            ], schema=schema)
            w.write_batch(b)
            total += b.nbytes
            row += BATCH
    print("source", out, row, "rows", total, "bytes of columns")


def run(src, rounds, level):
    with pa.memory_map(src, "r") as f:
        table = ipc.open_file(f).read_all()
    table = pa.concat_tables([table]).combine_chunks() if False else table
    nbytes = table.nbytes
    print("py table", 0, nbytes)
    configs = [("lz4-1thread", pa.Codec("lz4", level), False), ("plain-1thread", None, False),
               ("lz4-threads", pa.Codec("lz4", level), True)]
    for _ in range(rounds):
        for name, codec, threads in configs:
            opts = ipc.IpcWriteOptions(compression=codec, use_threads=threads)
            t0 = time.perf_counter()
            sink = pa.BufferOutputStream()
            with ipc.new_file(sink, table.schema, options=opts) as w:
                for b in table.to_batches():
                    w.write_batch(b)
            buf = sink.getvalue()
            t1 = time.perf_counter()
            r = ipc.open_file(pa.BufferReader(buf), options=ipc.IpcReadOptions(use_threads=threads))
            n = 0
            for i in range(r.num_record_batches):
                n += r.get_batch(i).num_rows
            t2 = time.perf_counter()
            assert n == table.num_rows
            print("py write-%s %.4f %d" % (name, t1 - t0, buf.size))
            print("py read-%s %.4f %d" % (name, t2 - t1, buf.size))
            sys.stdout.flush()


def write_lz4(src, out, level):
    with pa.memory_map(src, "r") as f:
        table = ipc.open_file(f).read_all()
    opts = ipc.IpcWriteOptions(compression=pa.Codec("lz4", level))
    with pa.OSFile(out, "wb") as f, ipc.new_file(f, table.schema, options=opts) as w:
        for b in table.to_batches():
            w.write_batch(b)


if __name__ == "__main__":
    if sys.argv[1] == "write-lz4":
        write_lz4(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif sys.argv[1] == "source":
        source(sys.argv[2], sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 220)
    else:
        run(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
