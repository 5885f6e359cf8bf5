#!/usr/bin/env python3
"""Runs a program under a seccomp filter that makes the system calls of an anonymous-file load fail
the way a sandbox or an old kernel does, for NativeBundledLoadingTest (issue 22).

usage: seccomp-exec.py MODE PROGRAM [ARG ...]

MODE is one of
  memfd-eperm          memfd_create fails with EPERM (a seccomp profile that blocks it: containers,
                       systemd's SystemCallFilter)
  memfd-enosys         memfd_create fails with ENOSYS (a kernel before 3.17 has no such call)
  noexec-seal-einval   memfd_create with MFD_NOEXEC_SEAL fails with EINVAL, other flags work (a
                       kernel before 6.3, which does not know the flag)
  seal-eperm           fcntl(F_ADD_SEALS) fails with EPERM (sealing refused)

The filter (classic BPF, installed with prctl(PR_SET_SECCOMP) after PR_SET_NO_NEW_PRIVS, which
needs no privilege) is inherited by PROGRAM through execve; every other system call is allowed.
Exit status 125 when the filter cannot be installed here (no seccomp filter support, unknown
architecture), with the reason on stderr.
"""
import ctypes
import os
import platform
import struct
import sys

# struct seccomp_data: int nr (offset 0), __u32 arch (4), __u64 instruction_pointer (8),
# __u64 args[6] (16): args[1]'s low 32 bits are at 24 on little-endian machines
NR, ARCH, ARG1_LOW = 0, 4, 24

BPF_LD_W_ABS = 0x20   # BPF_LD | BPF_W | BPF_ABS
BPF_JEQ_K = 0x15      # BPF_JMP | BPF_JEQ | BPF_K
BPF_JSET_K = 0x45     # BPF_JMP | BPF_JSET | BPF_K
BPF_RET_K = 0x06      # BPF_RET | BPF_K
RET_ALLOW = 0x7FFF0000
RET_ERRNO = 0x00050000

EPERM, ENOSYS, EINVAL = 1, 38, 22
MFD_NOEXEC_SEAL = 0x8
F_ADD_SEALS = 1033

# (audit architecture, memfd_create, fcntl) per machine (linux/audit.h, asm/unistd*.h)
ARCHES = {
    'x86_64': (0xC000003E, 319, 72),
    'aarch64': (0xC00000B7, 279, 25),
}


def program(mode, audit_arch, memfd, fcntl):
    """The filter as (code, jt, jf, k) tuples; 'allow' and 'deny' as jump targets are resolved below."""
    prog = [('ld', ARCH), ('jeq', audit_arch, None, 'allow'), ('ld', NR)]
    if mode in ('memfd-eperm', 'memfd-enosys'):
        prog += [('jeq', memfd, None, 'allow'), ('ret', RET_ERRNO | (EPERM if mode == 'memfd-eperm' else ENOSYS))]
    elif mode == 'noexec-seal-einval':
        prog += [('jeq', memfd, None, 'allow'), ('ld', ARG1_LOW), ('jset', MFD_NOEXEC_SEAL, None, 'allow'),
                 ('ret', RET_ERRNO | EINVAL)]
    elif mode == 'seal-eperm':
        prog += [('jeq', fcntl, None, 'allow'), ('ld', ARG1_LOW), ('jeq', F_ADD_SEALS, None, 'allow'),
                 ('ret', RET_ERRNO | EPERM)]
    else:
        raise ValueError('unknown mode ' + mode)
    prog.append(('label', 'allow'))
    prog.append(('ret', RET_ALLOW))
    labels = {}
    out = []
    for ins in prog:
        if ins[0] == 'label':
            labels[ins[1]] = len(out)
        else:
            out.append(ins)
    code = []
    for i, ins in enumerate(out):
        if ins[0] == 'ld':
            code.append((BPF_LD_W_ABS, 0, 0, ins[1]))
        elif ins[0] == 'ret':
            code.append((BPF_RET_K, 0, 0, ins[1]))
        else:
            # jump when true to the next instruction (None), when false to a label
            op = BPF_JEQ_K if ins[0] == 'jeq' else BPF_JSET_K
            jf = labels[ins[3]] - (i + 1)
            code.append((op, 0, jf, ins[1]))
    return code


class SockFilter(ctypes.Structure):
    _fields_ = [('code', ctypes.c_ushort), ('jt', ctypes.c_ubyte), ('jf', ctypes.c_ubyte), ('k', ctypes.c_uint)]


class SockFprog(ctypes.Structure):
    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.POINTER(SockFilter))]


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    mode, args = argv[1], argv[2:]
    machine = platform.machine()
    if machine not in ARCHES or sys.byteorder != 'little':
        sys.stderr.write('seccomp-exec: no system call numbers known for %s\n' % machine)
        return 125
    code = program(mode, *ARCHES[machine])
    filters = (SockFilter * len(code))(*[SockFilter(*c) for c in code])
    fprog = SockFprog(len(code), filters)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
    PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, None, 0, 0) != 0:
        sys.stderr.write('seccomp-exec: PR_SET_NO_NEW_PRIVS failed: %s\n' % os.strerror(ctypes.get_errno()))
        return 125
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.cast(ctypes.pointer(fprog), ctypes.c_void_p), 0, 0) != 0:
        sys.stderr.write('seccomp-exec: PR_SET_SECCOMP failed: %s\n' % os.strerror(ctypes.get_errno()))
        return 125
    os.execvp(args[0], args)
    return 127


if __name__ == '__main__':
    sys.exit(main(sys.argv))
