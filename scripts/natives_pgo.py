#!/usr/bin/env python3
"""Helper of scripts/build-natives: the training run of liblz4 for its profile-guided build.

  natives_pgo.py train LIB PROFTEXT FILE...

LIB is a Linux x86_64 liblz4 whose lz4.c and lz4hc.c were compiled by zig 0.13.0 (clang 18) with
-fprofile-instr-generate and linked without a profile runtime (zig ships none): the counters live in
the library's __llvm_prf_cnts section, and nothing writes them out. This script loads LIB into this
process, makes the calls celer-core makes to liblz4 over FILE..., then reads the counters from
memory and writes them in llvm-profdata's text format to PROFTEXT, for `llvm-profdata merge` to
index. The calls: every HC level 1-12 at 4, 16 and 64 KB blocks through
LZ4_compress_HC_extStateHC_fastReset with one reused state; linked HC blocks through
LZ4_compress_HC_continue, in one buffer and from separate buffers, with a loaded and an attached
dictionary; LZ4_compress_HC_destSize; fast compression at accelerations 1, 2 and 8
(LZ4_compress_fast_extState), linked and with a dictionary (LZ4_compress_fast_continue),
LZ4_compress_destSize; and the decoding of every fast block, several times over, since decoding
is many times faster than encoding and would otherwise weigh next to nothing in the profile
(LZ4_decompress_safe, LZ4_decompress_safe_usingDict with a prefix and with a separate
dictionary). Functions the run never entered are left out, so they compile as they would without
a profile.

The run is deterministic (one thread, fixed inputs, fixed order): the same LIB and FILEs give the
same PROFTEXT, so the profile-guided build stays reproducible. The record layout read below is
clang 18's (raw profile version 9); another layout fails the sanity checks, never silently.
Python 3.8+, standard library only.
"""
import ctypes
import hashlib
import os
import struct
import sys
import zlib

from natives import fail, uleb

# clang 18's __llvm_prf_data record: NameRef, FuncHash, CounterPtr (relative to the record),
# BitmapPtr, FunctionPointer, Values, NumCounters, NumValueSites[2], NumBitmapBytes; 64 bytes
RECORD = struct.Struct("<QQqqQQIHHI4x")
BLOCK_SIZES = (4096, 16384, 65536)


def sections(path):
    """ELF-64 section name -> (address, size), from the file's section headers."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        fail(path + ": not a 64-bit little-endian ELF file")
    e_shoff, = struct.unpack_from("<Q", data, 40)
    e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", data, 58)
    headers = [struct.unpack_from("<IIQQQQ", data, e_shoff + i * e_shentsize) for i in range(e_shnum)]
    names = headers[e_shstrndx][4]
    result = {}
    for name, _typ, _flags, addr, _off, size in headers:
        end = data.index(b"\0", names + name)
        result[data[names + name:end].decode("ascii")] = (addr, size)
    return result


def load_base(path):
    """Where the dynamic linker put `path` in this process (its mapping at file offset 0)."""
    real = os.path.realpath(path)
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5] == real and int(fields[2], 16) == 0:
                return int(fields[0].split("-")[0], 16)
    fail(path + ": not mapped in this process")


class Lz4:
    """The entry points celer-core binds, called as it calls them."""

    def __init__(self, path):
        lib = ctypes.CDLL(os.path.realpath(path))
        p, i = ctypes.c_void_p, ctypes.c_int
        self.lib = lib
        for name, args in (("LZ4_sizeofStateHC", []),
                           ("LZ4_compress_HC_extStateHC_fastReset", [p, p, p, i, i, i]),
                           ("LZ4_resetStreamHC_fast", [p, i]),
                           ("LZ4_loadDictHC", [p, p, i]),
                           ("LZ4_attach_HC_dictionary", [p, p]),
                           ("LZ4_compress_HC_continue", [p, p, p, i, i]),
                           ("LZ4_saveDictHC", [p, p, i]),
                           ("LZ4_compress_HC_destSize", [p, p, p, p, i, i]),
                           ("LZ4_sizeofState", []),
                           ("LZ4_compress_fast_extState", [p, p, p, i, i, i]),
                           ("LZ4_compress_fast_continue", [p, p, p, i, i, i]),
                           ("LZ4_loadDict", [p, p, i]),
                           ("LZ4_compress_destSize", [p, p, p, i]),
                           ("LZ4_decompress_safe", [p, p, i, i]),
                           ("LZ4_decompress_safe_usingDict", [p, p, i, i, p, i])):
            fn = getattr(lib, name)
            fn.argtypes = args
            fn.restype = None if name == "LZ4_attach_HC_dictionary" else i
        # create_string_buffer memory comes from malloc: aligned for the states
        self.hc_state = lambda: ctypes.create_string_buffer(lib.LZ4_sizeofStateHC())
        self.fast_state = lambda: ctypes.create_string_buffer(lib.LZ4_sizeofState())


# How many times each fast block is decoded, so that decoding weighs in the profile about as
# much as encoding (it runs several times faster).
DECODES = 6


def train(lz4, files):
    lib = lz4.lib
    out = ctypes.create_string_buffer(2 * 65536 + 1024)
    back = ctypes.create_string_buffer(2 * 65536)
    hc, stream, dict_stream, fast, fast_stream = (lz4.hc_state(), lz4.hc_state(), lz4.hc_state(),
                                                  lz4.fast_state(), lz4.fast_state())
    data = [open(f, "rb").read() for f in files]
    dictionary = ctypes.create_string_buffer(data[-1][:65536], 65536)

    def decode(n, length, expected):
        # every block decodes back: a wrong call here would train the wrong paths
        for _ in range(DECODES):
            if lib.LZ4_decompress_safe(out, back, n, 65536) != length or back.raw[:length] != expected:
                fail("training: a block did not round-trip")

    for content in data:
        buf = ctypes.create_string_buffer(content, len(content))
        base = ctypes.addressof(buf)
        for level in range(1, 13):
            for bs in BLOCK_SIZES:
                for at in range(0, len(content), bs):
                    length = min(bs, len(content) - at)
                    n = lib.LZ4_compress_HC_extStateHC_fastReset(hc, base + at, out, length, len(out), level)
                    if n <= 0 or lib.LZ4_decompress_safe(out, back, n, 65536) != length:
                        fail("training: an HC block did not round-trip")
        for level in (9, 12):
            # linked blocks in one buffer (the prefix path), then each from its own buffer with the
            # history saved (the external-dictionary path), then with a loaded and an attached dictionary
            for mode in ("prefix", "separate", "loaded", "attached"):
                lib.LZ4_resetStreamHC_fast(stream, level)
                if mode == "loaded":
                    lib.LZ4_loadDictHC(stream, dictionary, 65536)
                elif mode == "attached":
                    lib.LZ4_resetStreamHC_fast(dict_stream, level)
                    lib.LZ4_loadDictHC(dict_stream, dictionary, 65536)
                    lib.LZ4_attach_HC_dictionary(stream, dict_stream)
                history = ctypes.create_string_buffer(65536)
                for at in range(0, len(content), 16384):
                    length = min(16384, len(content) - at)
                    if mode == "separate":
                        block = ctypes.create_string_buffer(content[at:at + length], length)
                        n = lib.LZ4_compress_HC_continue(stream, block, out, length, len(out))
                        lib.LZ4_saveDictHC(stream, history, 65536)
                    else:
                        n = lib.LZ4_compress_HC_continue(stream, base + at, out, length, len(out))
                    if n <= 0:
                        fail("training: a linked HC block failed")
        for at in range(0, len(content), 65536):
            for level in (9, 12):
                length = ctypes.c_int(min(65536, len(content) - at))
                lib.LZ4_compress_HC_destSize(hc, base + at, out, ctypes.byref(length), 4096, level)
            length = ctypes.c_int(min(65536, len(content) - at))
            lib.LZ4_compress_destSize(base + at, out, ctypes.byref(length), 4096)
        for bs in BLOCK_SIZES:
            for at in range(0, len(content), bs):
                length = min(bs, len(content) - at)
                for accel in (8, 2, 1):
                    n = lib.LZ4_compress_fast_extState(fast, base + at, out, length, len(out), accel)
                decode(n, length, content[at:at + length])
        for mode in ("prefix", "loaded"):
            # linked fast blocks, and their decoding: with the block before as a prefix in the same
            # buffer, or with the dictionary apart
            ctypes.memset(fast_stream, 0, ctypes.sizeof(fast_stream))
            if mode == "loaded":
                lib.LZ4_loadDict(fast_stream, dictionary, 65536)
            for at in range(0, len(content), 16384):
                length = min(16384, len(content) - at)
                n = lib.LZ4_compress_fast_continue(fast_stream, base + at, out, length, len(out), 1)
                if mode == "loaded":
                    got = lib.LZ4_decompress_safe_usingDict(out, back, n, 65536, dictionary, 65536) \
                        if at == 0 else length
                else:
                    # the previous block sits right before the output: a prefix
                    ctypes.memmove(back, base + at - min(at, 65536), min(at, 65536))
                    prefix = min(at, 65536)
                    got = lib.LZ4_decompress_safe_usingDict(out, ctypes.addressof(back) + prefix, n, 65536,
                                                            back, prefix)
                if got != length:
                    fail("training: a linked fast block did not round-trip")


def names_by_ref(blob):
    """__llvm_prf_names: (uncompressed size, compressed size, bytes) groups of \\x01-separated names."""
    names, p = {}, 0
    while p < len(blob):
        size, p = uleb(blob, p)
        packed, p = uleb(blob, p)
        if size == 0 and packed == 0:
            break  # padding
        text = zlib.decompress(blob[p:p + packed]) if packed else blob[p:p + size]
        p += packed or size
        for name in text.split(b"\x01"):
            names[struct.unpack_from("<Q", hashlib.md5(name).digest())[0]] = name.decode("ascii")
    return names


def dump(path, proftext):
    where = sections(path)
    for name in ("__llvm_prf_data", "__llvm_prf_cnts", "__llvm_prf_names"):
        if name not in where:
            fail(path + ": no " + name + " section: not an instrumented build")
    base = load_base(path)
    data_at, data_size = where["__llvm_prf_data"]
    cnts_at, cnts_size = where["__llvm_prf_cnts"]
    names = names_by_ref(ctypes.string_at(base + where["__llvm_prf_names"][0], where["__llvm_prf_names"][1]))
    if data_size % RECORD.size:
        fail("__llvm_prf_data is not a whole number of clang 18 records")
    lines, kept = [], 0
    for k in range(data_size // RECORD.size):
        record = base + data_at + k * RECORD.size
        ref, func_hash, counters, _, _, _, count, _, _, _ = RECORD.unpack(ctypes.string_at(record, RECORD.size))
        at = record + counters
        if ref not in names or not base + cnts_at <= at <= base + cnts_at + cnts_size - 8 * count:
            fail("record %d does not match clang 18's layout" % k)
        values = struct.unpack("<%dQ" % count, ctypes.string_at(at, 8 * count))
        if not any(values):
            continue
        kept += 1
        lines += [names[ref], "# Func Hash:", str(func_hash), "# Num Counters:", str(count),
                  "# Counter Values:"] + [str(v) for v in values] + [""]
    if kept == 0:
        fail("the training run entered no instrumented function")
    with open(proftext, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print("natives_pgo: %d of %d functions profiled" % (kept, data_size // RECORD.size))


def main(argv):
    if len(argv) >= 4 and argv[0] == "train":
        lz4 = Lz4(argv[1])
        train(lz4, argv[3:])
        dump(argv[1], argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
