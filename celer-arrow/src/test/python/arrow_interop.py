"""The pyarrow side of celer-arrow's interop tests (PyarrowInteropTest runs it).

  arrow_interop.py read DIR    reads every Java-written pair in DIR, NAME.arrow(s) compressed with
                               LZ4_FRAME by Celer and NAME.plain.arrow(s) its uncompressed twin,
                               and checks that pyarrow reads them equal (schema, dictionaries,
                               batches); prints "ok NAME ROWS" per pair
  arrow_interop.py write DIR   writes py-*.arrow / py-*.arrows with compression='lz4' (and level
                               9 for one), each with an uncompressed twin *.plain.arrow(s)

Exits non-zero on the first difference.
"""
import os
import random
import sys

import pyarrow as pa
import pyarrow.ipc as ipc


def read_all(path):
    if path.endswith(".arrows"):
        with pa.OSFile(path, "rb") as f:
            r = ipc.open_stream(f)
            batches = list(r)
            schema = r.schema
    else:
        with pa.memory_map(path, "r") as f:
            r = ipc.open_file(f)
            batches = [r.get_batch(i) for i in range(r.num_record_batches)]
            schema = r.schema
    return schema, batches


def check_pairs(d):
    names = sorted(n for n in os.listdir(d) if n.endswith((".arrow", ".arrows")) and ".plain." not in n
                   and not n.startswith("py-"))
    if not names:
        sys.exit("no Java-written files in " + d)
    for n in names:
        base, ext = os.path.splitext(n)
        schema, batches = read_all(os.path.join(d, n))
        tschema, tbatches = read_all(os.path.join(d, base + ".plain" + ext))
        if not schema.equals(tschema):
            sys.exit("%s: schema %s != twin %s" % (n, schema, tschema))
        if len(batches) != len(tbatches):
            sys.exit("%s: %d batches, twin %d" % (n, len(batches), len(tbatches)))
        rows = 0
        for i, (b, t) in enumerate(zip(batches, tbatches)):
            b.validate(full=True)
            if not b.equals(t):
                sys.exit("%s: batch %d differs from the uncompressed twin" % (n, i))
            rows += b.num_rows
        print("ok %s %d" % (n, rows))


def table(seed, batch_rows):
    rnd = random.Random(seed)
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]
    batches = []
    start = 0
    for rows in batch_rows:
        idx = range(start, start + rows)
        null = [i % 7 == 3 for i in idx]
        ints = pa.array([None if z else i % 1000 for i, z in zip(idx, null)], pa.int32())
        floats = pa.array([None if z else i / 8.0 for i, z in zip(idx, null)], pa.float64())
        strings = pa.array([None if z else "%s %d" % (words[i % 6], i) for i, z in zip(idx, null)], pa.string())
        binary = pa.array([None if z else bytes([i & 255, (i >> 8) & 255, 0, 0, 1]) for i, z in zip(idx, null)],
                          pa.binary())
        noise = pa.array([rnd.randbytes(64) for _ in idx], pa.binary())
        lists = pa.array([None if i % 5 == 4 else list(range(i, i + i % 4)) for i in idx], pa.list_(pa.int64()))
        struct = pa.array([None if z else {"a": i % 10, "b": words[(i // 3) % 6]} for i, z in zip(idx, null)],
                          pa.struct([("a", pa.int32()), ("b", pa.string())]))
        dictionary = pa.DictionaryArray.from_arrays(
            pa.array([None if z else i % 6 for i, z in zip(idx, null)], pa.int32()), pa.array(words))
        batches.append(pa.record_batch(
            [ints, floats, strings, binary, noise, lists, struct, dictionary],
            names=["int", "float", "string", "binary", "noise", "list", "struct", "dict"]))
        start += rows
    return batches


def write(d):
    cases = {
        "py-multi": ([1000, 0, 20000, 7], None),
        "py-level9": ([5000, 300], 9),
        "py-empty": ([], None),
        "py-big": ([200000], None),
    }
    for name, (rows, level) in cases.items():
        batches = table(len(name), rows)
        schema = batches[0].schema if batches else table(1, [1])[0].schema
        for ext in (".arrow", ".arrows"):
            for plain in (False, True):
                codec = None if plain else (pa.Codec("lz4", level) if level else "lz4")
                opts = ipc.IpcWriteOptions(compression=codec)
                path = os.path.join(d, name + (".plain" if plain else "") + ext)
                with pa.OSFile(path, "wb") as f:
                    w = (ipc.new_stream if ext == ".arrows" else ipc.new_file)(f, schema, options=opts)
                    for b in batches:
                        w.write_batch(b)
                    w.close()
        print("wrote %s %d" % (name, sum(rows)))


if __name__ == "__main__":
    mode, d = sys.argv[1], sys.argv[2]
    print("pyarrow", pa.__version__)
    if mode == "read":
        check_pairs(d)
    elif mode == "write":
        write(d)
    else:
        sys.exit("mode: read or write")
