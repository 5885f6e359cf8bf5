#!/usr/bin/env python3
"""Helper of scripts/build-natives: pinned sources, the manifest, and the binary checks.

  natives.py extract PINS DOWNLOADS DEST   verify the archives and every pinned file against PINS
                                           (scripts/natives-sources.sha256), write the pinned files
                                           to DEST/<library>/<file name>
  natives.py exports FILE                  the symbols FILE (ELF, Mach-O or PE) exports, one a line
  natives.py notices SRC OUT               copy the licence notices of the extracted sources (SRC, as
                                           written by extract) to OUT/META-INF/celer-native/LICENSE-*
  natives.py manifest OUT KEY=VALUE...     write OUT/META-INF/celer-native/natives.properties: the
                                           given keys, and the SHA-256 and size of every library
  natives.py check OUT JAVA_SOURCES PINS   check every library under OUT: format, architecture,
                                           exports (each symbol Celer binds), dependencies (the C
                                           library only), glibc symbol versions <= 2.17; and the
                                           licence notices: present, with their pinned SHA-256

The readers of ELF, Mach-O and PE below are our own and read only what the checks need, so that CI
needs no binutils, LLVM or pip package for them. Python 3.8+, standard library only.
"""
import hashlib
import os
import re
import struct
import sys
import tarfile

ROOT = "META-INF/celer-native"

# platform -> (format, architecture, file names); the layout is the contract with the loader
# (celer-core's Java 25 layer reads META-INF/celer-native/<platform>/<file>).
PLATFORMS = {
    "linux-x86_64": ("elf", "x86_64", ("liblz4.so", "libxxhash.so")),
    "linux-aarch64": ("elf", "aarch64", ("liblz4.so", "libxxhash.so")),
    "linux-x86_64-musl": ("elf", "x86_64", ("liblz4.so", "libxxhash.so")),
    "linux-aarch64-musl": ("elf", "aarch64", ("liblz4.so", "libxxhash.so")),
    "macos-x86_64": ("macho", "x86_64", ("liblz4.dylib", "libxxhash.dylib")),
    "macos-aarch64": ("macho", "aarch64", ("liblz4.dylib", "libxxhash.dylib")),
    "windows-x86_64": ("pe", "x86_64", ("lz4.dll", "xxhash.dll")),
}

# What liblz4 1.10 offers beyond what celer-core binds today, exported on purpose (issue 22): the
# stable attach-dictionary calls and the fast-reset entry points (LZ4_PUBLISH_STATIC_FUNCTIONS).
LZ4_EXTRA = ("LZ4_attach_dictionary", "LZ4_attach_HC_dictionary", "LZ4_resetStream_fast",
             "LZ4_resetStreamHC_fast", "LZ4_compress_fast_extState_fastReset",
             "LZ4_compress_HC_extStateHC_fastReset")


# The BSD-2-Clause notices the jar carries (binary copies must reproduce them), each taken as it is
# from the pinned source archive: jar file name -> (library, path ending of its pinned member).
NOTICES = {
    "LICENSE-liblz4": ("lz4", "/liblz4/lib/LICENSE"),
    "LICENSE-xxhash": ("xxhash", "/deps/xxhash/LICENSE"),
}


def notice_pin(pins, notice):
    """The pinned (SHA-256, member) of a notice's source file."""
    lib, ending = NOTICES[notice]
    found = [(d, w) for d, w in pins if w.startswith(lib + ":") and w.endswith(ending)]
    if len(found) != 1:
        fail("%s: expected one pinned %s file ending in %s, found %d" % (notice, lib, ending, len(found)))
    return found[0]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def fail(msg):
    print("natives.py: " + msg, file=sys.stderr)
    sys.exit(1)


# ---------------------------------------------------------------- sources

def read_pins(path):
    pins = []
    with open(path, encoding="ascii") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            digest, what = line.split(None, 1)
            pins.append((digest.lower(), what.strip()))
    return pins


def extract(pins_file, downloads, dest):
    pins = read_pins(pins_file)
    archives = {}
    for digest, what in pins:
        if what.startswith("archive:"):
            name = what[len("archive:"):]
            path = os.path.join(downloads, name)
            if not os.path.isfile(path):
                fail("missing download " + path)
            got = sha256(path)
            if got != digest:
                fail("%s has SHA-256 %s, pinned %s" % (path, got, digest))
            archives[name.split("-")[0]] = path
    wanted = {}
    for digest, what in pins:
        if not what.startswith("archive:"):
            lib, member = what.split(":", 1)
            wanted.setdefault(lib, []).append((member, digest))
    for lib, members in wanted.items():
        archive = archives.get(lib)
        if archive is None:
            fail("no pinned archive for " + lib)
        out = os.path.join(dest, lib)
        os.makedirs(out, exist_ok=True)
        with tarfile.open(archive, "r:gz") as tar:
            for member, digest in members:
                data = tar.extractfile(member).read()  # only regular files are pinned
                got = hashlib.sha256(data).hexdigest()
                if got != digest:
                    fail("%s in %s has SHA-256 %s, pinned %s" % (member, archive, got, digest))
                target = os.path.join(out, os.path.basename(member))
                if os.path.isfile(target) and sha256(target) == digest:
                    continue  # left as it is, so that zig's cache still knows it
                with open(target, "wb") as f:
                    f.write(data)
    print("natives.py: sources verified (%d pinned files)" % len(pins))


def notices(src, out):
    """Copies each notice from the sources extract wrote (SRC/<library>/<file name>; verified
    against the pins there) to OUT/META-INF/celer-native/<notice>."""
    dest = os.path.join(out, ROOT)
    os.makedirs(dest, exist_ok=True)
    for notice, (lib, ending) in NOTICES.items():
        path = os.path.join(src, lib, os.path.basename(ending))
        with open(path, "rb") as f:
            data = f.read()
        with open(os.path.join(dest, notice), "wb") as f:
            f.write(data)


# ---------------------------------------------------------------- binary readers

class Binary:
    """What the checks need to know of one shared library."""

    def __init__(self, fmt, arch, exports, needed, versions=(), extra=None):
        self.fmt = fmt
        self.arch = arch
        self.exports = set(exports)
        self.needed = list(needed)
        self.versions = list(versions)  # ELF: the versions required of each needed library
        self.extra = extra or {}


def cstr(data, off):
    end = data.index(b"\0", off)
    return data[off:end].decode("ascii")


def read_elf(data):
    # ELF-64 little-endian only (every platform we build): e_ident, e_machine, e_shoff, e_shnum
    if data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF file")
    e_type, e_machine = struct.unpack_from("<HH", data, 16)
    e_phoff, e_shoff = struct.unpack_from("<QQ", data, 32)
    e_phentsize, e_phnum, e_shentsize, e_shnum = struct.unpack_from("<HHHH", data, 54)
    arch = {62: "x86_64", 183: "aarch64"}.get(e_machine, "machine %d" % e_machine)
    sections = []
    for i in range(e_shnum):
        (name, typ, flags, addr, off, size, link, info, align, entsize) = struct.unpack_from(
            "<IIQQQQIIQQ", data, e_shoff + i * e_shentsize)
        sections.append((typ, off, size, link, info, entsize))
    exports, needed, versions, extra = [], [], [], {"type": e_type}
    for typ, off, size, link, info, entsize in sections:
        strtab = sections[link][1] if link < len(sections) else 0
        if typ == 11:  # SHT_DYNSYM
            for k in range(1, size // entsize):
                name, st_info, other, shndx = struct.unpack_from("<IBBH", data, off + k * entsize)
                bind, kind = st_info >> 4, st_info & 0xf
                visibility = other & 3
                if shndx != 0 and bind in (1, 2) and kind in (1, 2) and visibility in (0, 3):
                    exports.append(cstr(data, strtab + name))
        elif typ == 6:  # SHT_DYNAMIC
            for k in range(size // 16):
                tag, val = struct.unpack_from("<qQ", data, off + k * 16)
                if tag == 1:
                    needed.append(cstr(data, strtab + val))
                elif tag in (15, 29):
                    extra["runpath"] = cstr(data, strtab + val)
                elif tag == 22 or (tag == 30 and val & 4):
                    extra["textrel"] = True
        elif typ == 0x6ffffffe:  # SHT_GNU_verneed
            p = off
            for _ in range(info):
                vn_version, vn_cnt, vn_file, vn_aux, vn_next = struct.unpack_from("<HHIII", data, p)
                a = p + vn_aux
                for _ in range(vn_cnt):
                    hsh, flags, other, vna_name, vna_next = struct.unpack_from("<IHHII", data, a)
                    versions.append((cstr(data, strtab + vn_file), cstr(data, strtab + vna_name)))
                    a += vna_next
                p += vn_next
    for k in range(e_phnum):
        p_type, p_flags = struct.unpack_from("<II", data, e_phoff + k * e_phentsize)
        if p_type == 0x6474e551:  # PT_GNU_STACK
            extra["execstack"] = bool(p_flags & 1)
    return Binary("elf", arch, exports, needed, versions, extra)


def uleb(data, p):
    result = shift = 0
    while True:
        b = data[p]
        p += 1
        result |= (b & 0x7f) << shift
        shift += 7
        if b < 0x80:
            return result, p


def read_macho(data):
    magic, cputype, _, filetype, ncmds, _, _, _ = struct.unpack_from("<IiiIIIII", data, 0)
    if magic != 0xfeedfacf:
        raise ValueError("not a 64-bit little-endian Mach-O file")
    arch = {0x01000007: "x86_64", 0x0100000c: "aarch64"}.get(cputype, "cpu %#x" % cputype)
    needed, exports, extra = [], [], {"filetype": filetype}
    trie = None
    p = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, p)
        if cmd in (0xc, 0x18 | 0x80000000, 0x1f | 0x80000000):  # LC_LOAD_DYLIB, _WEAK_, _REEXPORT_
            name_off = struct.unpack_from("<I", data, p + 8)[0]
            needed.append(cstr(data, p + name_off))
        elif cmd == 0xd:  # LC_ID_DYLIB
            extra["id"] = cstr(data, p + struct.unpack_from("<I", data, p + 8)[0])
        elif cmd in (0x22, 0x80000022):  # LC_DYLD_INFO(_ONLY): export_off, export_size last
            trie = struct.unpack_from("<II", data, p + 40)
        elif cmd == 0x80000033:  # LC_DYLD_EXPORTS_TRIE
            trie = struct.unpack_from("<II", data, p + 8)
        elif cmd == 0x32:  # LC_BUILD_VERSION: platform, minos (xxxx.yy.zz)
            minos = struct.unpack_from("<I", data, p + 12)[0]
            extra["minos"] = "%d.%d" % (minos >> 16, (minos >> 8) & 0xff)
        elif cmd == 0x1d:  # LC_CODE_SIGNATURE
            extra["signed"] = True
        p += size
    if trie is not None and trie[1]:
        base = trie[0]
        stack = [(base, "")]
        while stack:
            node, prefix = stack.pop()
            term, q = uleb(data, node)
            if term:
                exports.append(prefix)
            q += term
            children = data[q]
            q += 1
            for _ in range(children):
                end = data.index(b"\0", q)
                edge = data[q:end].decode("ascii")
                child, q = uleb(data, end + 1)
                stack.append((base + child, prefix + edge))
    exports = [s[1:] if s.startswith("_") else s for s in exports]  # C names carry a leading _
    return Binary("macho", arch, exports, needed, extra=extra)


def read_pe(data):
    if data[:2] != b"MZ":
        raise ValueError("not a PE file")
    pe = struct.unpack_from("<I", data, 0x3c)[0]
    if data[pe:pe + 4] != b"PE\0\0":
        raise ValueError("no PE signature")
    machine, nsections = struct.unpack_from("<HH", data, pe + 4)
    opt_size, characteristics = struct.unpack_from("<HH", data, pe + 20)
    opt = pe + 24
    if struct.unpack_from("<H", data, opt)[0] != 0x20b:
        raise ValueError("not PE32+")
    arch = {0x8664: "x86_64", 0xaa64: "aarch64"}.get(machine, "machine %#x" % machine)
    dirs = opt + 112
    sec = opt + opt_size
    sections = [struct.unpack_from("<IIII", data, sec + 40 * i + 8) for i in range(nsections)]

    def at(rva):
        for vsize, vaddr, rawsize, rawptr in sections:
            if vaddr <= rva < vaddr + max(vsize, rawsize):
                return rawptr + rva - vaddr
        raise ValueError("RVA %#x is in no section" % rva)

    exports, needed = [], []
    exp_rva, exp_size = struct.unpack_from("<II", data, dirs)
    if exp_rva:
        e = at(exp_rva)
        nnames = struct.unpack_from("<I", data, e + 24)[0]  # NumberOfNames
        names = struct.unpack_from("<I", data, e + 32)[0]  # AddressOfNames
        for k in range(nnames):
            exports.append(cstr(data, at(struct.unpack_from("<I", data, at(names) + 4 * k)[0])))
    imp_rva = struct.unpack_from("<I", data, dirs + 8)[0]
    if imp_rva:
        d = at(imp_rva)
        while True:
            name_rva = struct.unpack_from("<I", data, d + 12)[0]
            if name_rva == 0:
                break
            needed.append(cstr(data, at(name_rva)))
            d += 20
    return Binary("pe", arch, exports, needed, extra={"dll": bool(characteristics & 0x2000)})


def read_binary(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"\x7fELF":
        return read_elf(data)
    if data[:4] == b"\xcf\xfa\xed\xfe":
        return read_macho(data)
    if data[:2] == b"MZ":
        return read_pe(data)
    raise ValueError("neither ELF, Mach-O nor PE")


# ---------------------------------------------------------------- checks

def bound_symbols(java_sources):
    """The native functions celer-core binds: every "LZ4_..." and "XXH..." string literal of its
    Java 25 layer (Lz4Library, XxHashLibrary and their *Binding classes), so this list cannot
    drift from the code."""
    lz4, xxh = set(), set()
    for name in sorted(os.listdir(java_sources)):
        if name.endswith(".java"):
            with open(os.path.join(java_sources, name), encoding="utf-8") as f:
                text = f.read()
            lz4.update(re.findall(r'"(LZ4_[A-Za-z0-9_]+)"', text))
            xxh.update(re.findall(r'"(XXH[A-Za-z0-9_]*)"', text))
    xxh.discard("XXH")
    if not lz4 or not xxh:
        fail("found no bound symbols in " + java_sources)
    return lz4, xxh


def glibc_version(v):
    return tuple(int(x) for x in v[len("GLIBC_"):].split("."))


def allowed_dependency(platform, name):
    if platform.endswith("-musl"):
        # zig links against musl's "libc.so"; musl's dynamic linker takes libc.so (and
        # libc.musl-<arch>.so.1, the name Alpine's own binaries use) as itself
        return name == "libc.so" or re.fullmatch(r"libc\.musl-[a-z0-9_]+\.so\.1", name) is not None
    if platform.startswith("linux-"):
        return name == "libc.so.6"
    if platform.startswith("macos-"):
        return name == "/usr/lib/libSystem.B.dylib"
    # Windows: KERNEL32 and the Universal CRT (api-ms-win-crt-*, forwarded to ucrtbase.dll)
    return name.upper() == "KERNEL32.DLL" or re.fullmatch(r"api-ms-win-crt-[a-z]+-l1-1-0\.dll", name) is not None


def check(out, java_sources, pins_file):
    lz4_bound, xxh_bound = bound_symbols(java_sources)
    problems, lines = [], []
    present = sorted(os.listdir(os.path.join(out, ROOT)))
    if present != sorted(list(PLATFORMS) + list(NOTICES) + ["natives.properties"]):
        problems.append("%s holds %s" % (ROOT, " ".join(present)))
    pins = read_pins(pins_file)
    for notice in NOTICES:
        digest, member = notice_pin(pins, notice)
        path = os.path.join(out, ROOT, notice)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            problems.append(notice + ": missing or empty")
        elif sha256(path) != digest:
            problems.append("%s: SHA-256 %s, not that of the pinned %s" % (notice, sha256(path), member))
        else:
            lines.append("  %-34s the pinned %s" % (notice, member))
    for platform, (fmt, arch, files) in PLATFORMS.items():
        folder = os.path.join(out, ROOT, platform)
        if os.path.isdir(folder) and sorted(os.listdir(folder)) != sorted(files):
            problems.append("%s holds %s, not just %s" % (platform, " ".join(sorted(os.listdir(folder))), " ".join(files)))
        for file in files:
            path = os.path.join(out, ROOT, platform, file)
            where = platform + "/" + file
            if not os.path.isfile(path):
                problems.append(where + ": missing")
                continue
            try:
                b = read_binary(path)
            except (ValueError, IndexError, struct.error) as e:
                problems.append("%s: unreadable (%s)" % (where, e))
                continue
            if b.fmt != fmt or b.arch != arch:
                problems.append("%s: %s %s, expected %s %s" % (where, b.fmt, b.arch, fmt, arch))
            if "lz4" in file:
                want = set(lz4_bound) | set(LZ4_EXTRA)
            else:
                want = set(xxh_bound)
                if arch != "x86_64":  # xxh_x86dispatch.c is x86 only; Celer binds the plain names there
                    want = {s for s in want if not s.endswith("_dispatch")}
            missing = sorted(want - b.exports)
            if missing:
                problems.append("%s: does not export %s" % (where, " ".join(missing)))
            bad = [n for n in b.needed if not allowed_dependency(platform, n)]
            if bad or not b.needed:
                problems.append("%s: depends on %s" % (where, ", ".join(b.needed) or "nothing"))
            notes = []
            if fmt == "elf":
                if b.extra.get("type") != 3:
                    problems.append(where + ": not a shared object (ET_DYN)")
                for key in ("runpath", "textrel"):
                    if key in b.extra:
                        problems.append("%s: has %s" % (where, key))
                if b.extra.get("execstack", True):
                    problems.append(where + ": executable stack (or no PT_GNU_STACK)")
                glibc = sorted({v for _, v in b.versions if v.startswith("GLIBC_")}, key=glibc_version)
                if platform.endswith("-musl") and b.versions:
                    problems.append("%s: symbol versions %s on musl" % (where, b.versions))
                too_new = [v for v in glibc if glibc_version(v) > (2, 17)]
                if too_new:
                    problems.append("%s: needs %s (newer than glibc 2.17)" % (where, ", ".join(too_new)))
                if glibc:
                    notes.append("glibc up to " + glibc[-1][len("GLIBC_"):])
            elif fmt == "macho":
                if b.extra.get("filetype") != 6:
                    problems.append(where + ": not MH_DYLIB")
                notes.append("id " + b.extra.get("id", "?"))
                notes.append("macOS " + b.extra.get("minos", "?") + "+")
            else:
                if not b.extra.get("dll"):
                    problems.append(where + ": not a DLL")
            size = os.path.getsize(path)
            lines.append("  %-34s %-5s %-7s %7d B  %3d exports  needs %s%s" % (
                where, fmt, arch, size, len(b.exports), " ".join(b.needed),
                ("; " + "; ".join(notes)) if notes else ""))
    print("natives.py: binary checks (%d LZ4 and %d XXH symbols celer-core binds, + %d of liblz4 1.10)" % (
        len(lz4_bound), len(xxh_bound), len(LZ4_EXTRA)))
    print("\n".join(lines))
    if problems:
        for p in problems:
            print("natives.py: FAILED " + p, file=sys.stderr)
        sys.exit(1)
    print("natives.py: %d libraries and %d licence notices pass" % (len(lines) - len(NOTICES), len(NOTICES)))


# ---------------------------------------------------------------- manifest

def manifest(out, pairs):
    props = dict(p.split("=", 1) for p in pairs)
    for platform, (_, _, files) in PLATFORMS.items():
        for file in files:
            path = os.path.join(out, ROOT, platform, file)
            if os.path.isfile(path):
                props["%s/%s.sha256" % (platform, file)] = sha256(path)
                props["%s/%s.size" % (platform, file)] = str(os.path.getsize(path))
    lines = ["# celer-native: liblz4 and libxxhash built from pinned upstream sources by scripts/build-natives",
             "# (docs/native-build.md). The loader checks each library's SHA-256 against this file."]
    for key in sorted(props):
        value = props[key]
        if not all(32 <= ord(c) < 127 for c in key + value):
            fail("non-ASCII manifest entry " + key)
        # java.util.Properties: escape what it would read otherwise
        lines.append(key.replace(":", "\\:").replace("=", "\\=") + "=" + value.replace("\\", "\\\\"))
    path = os.path.join(out, ROOT, "natives.properties")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def main(argv):
    if len(argv) >= 4 and argv[0] == "extract":
        extract(argv[1], argv[2], argv[3])
    elif len(argv) == 2 and argv[0] == "exports":
        print("\n".join(sorted(read_binary(argv[1]).exports)))
    elif len(argv) >= 2 and argv[0] == "manifest":
        manifest(argv[1], argv[2:])
    elif len(argv) == 3 and argv[0] == "notices":
        notices(argv[1], argv[2])
    elif len(argv) == 4 and argv[0] == "check":
        check(argv[1], argv[2], argv[3])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
