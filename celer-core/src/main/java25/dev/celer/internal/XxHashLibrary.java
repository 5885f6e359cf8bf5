package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import dev.celer.internal.NativeLibraries.Refused;
import dev.celer.xxhash.Hash128;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The bound {@code libxxhash} (0.8.0 or later: XXH3's output is stable from 0.8.0 on), loaded,
 * version-checked and self-tested once, at class initialisation, like {@link Lz4Library}. XXH3
 * uses the {@code _dispatch} entry points where the library has them (they pick AVX2/AVX-512 at
 * run time; measured about 3 times faster than the plain ones on x86-64).
 */
final class XxHashLibrary {
  private XxHashLibrary() {}

  /** {@code XXH_versionNumber()} of 0.8.0. */
  static final int MIN_VERSION = 800;

  /**
   * The downcall handles; a record, so that the JIT trusts its fields as constants. Three shapes
   * per function, as in {@link Lz4Library}: {@code *Heap} critical on heap segments, {@code
   * *Short} critical on a raw address, the unsuffixed ones ordinary downcalls on a raw address.
   */
  private record Handles(
      MethodHandle xxh32Heap,
      MethodHandle xxh32Short,
      MethodHandle xxh32,
      MethodHandle xxh64Heap,
      MethodHandle xxh64Short,
      MethodHandle xxh64,
      MethodHandle xxh3Heap,
      MethodHandle xxh3Short,
      MethodHandle xxh3,
      MethodHandle xxh128Heap,
      MethodHandle xxh128Short,
      MethodHandle xxh128,
      MethodHandle reset,
      MethodHandle updateHeap,
      MethodHandle updateShort,
      MethodHandle update,
      MethodHandle withSecretHeap,
      MethodHandle withSecretRaw,
      MethodHandle resetSecret,
      MethodHandle update32Heap,
      MethodHandle update32Short,
      MethodHandle update32,
      MethodHandle update64Heap,
      MethodHandle update64Short,
      MethodHandle update64,
      MethodHandle digest32,
      MethodHandle digest64) {}

  /**
   * Offsets in {@code struct XXH3_state_s} of libxxhash 0.8.x ({@code xxhash.h}, exposed for
   * static allocation): {@code acc[8]} at 0, {@code customSecret[192]} at 64, {@code bufferedSize} (32 bits) at 512, {@code
   * nbStripesSoFar} ({@code size_t}) at 520, {@code totalLen} at 528; 576 bytes, aligned to 64.
   * {@link #selfTest} checks them on this library, and {@link NativeBackend#xxh3Accumulate} checks
   * each call's state against its input before trusting it.
   */
  static final long STATE_SIZE = 576;
  static final long STATE_ALIGN = 64;
  static final long STATE_SECRET = 64;
  static final long STATE_BUFFERED = 512;
  static final long STATE_STRIPES = 520;
  static final long STATE_TOTAL = 528;

  /**
   * {@code struct XXH32_state_s} of libxxhash 0.7-0.8 ({@code xxhash.h}, exposed for static
   * allocation): {@code total_len_32} at 0, {@code large_len} at 4, {@code v[4]} at 8, {@code
   * mem32[4]} at 24, {@code memsize} at 40; 48 bytes. The streaming XXH32 keeps its accumulators in
   * Java and hands them in and out of such a state around each {@code XXH32_update} of whole
   * stripes (see {@link NativeBackend#xxh32Stripes}); {@link #selfTest} checks the offsets.
   */
  static final long STATE32_SIZE = 48;
  static final long STATE32_V = 8;
  static final long STATE32_MEM = 24;
  static final long STATE32_MEMSIZE = 40;

  /**
   * {@code struct XXH64_state_s}: {@code total_len} at 0, {@code v[4]} at 8, {@code mem64[4]} at
   * 40, {@code memsize} (32 bits) at 72; 88 bytes. As {@link #STATE32_SIZE}, for XXH64.
   */
  static final long STATE64_SIZE = 88;
  static final long STATE64_V = 8;
  static final long STATE64_MEM = 40;
  static final long STATE64_MEMSIZE = 72;

  private static final Handles H;
  /** e.g. {@code "libxxhash 0.8.1"}. */
  static final String NAME;
  /** Why the library is not used, or {@code null} when it is. */
  static final String FAILURE;

  static {
    Handles h = null;
    String name = null;
    String failure = NativeBackend.REFUSED;
    if (failure == null) {
      try {
        SymbolLookup lib = NativeLibraries.open("dev.celer.native.xxhash", "libxxhash.so.0", "libxxhash.0.dylib");
        int v = (int) NativeLibraries.bind(lib, "XXH_versionNumber", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
        int min = NativeLibraries.minimum("dev.celer.native.xxhash.minVersion", MIN_VERSION);
        if (v < min) {
          throw new Refused("libxxhash " + NativeLibraries.version(v) + " is older than " + NativeLibraries.version(min));
        }
        name = "libxxhash " + NativeLibraries.version(v);
        // XXH32(const void*, size_t, XXH32_hash_t seed); XXH64 and XXH3 take and return 64 bits
        FunctionDescriptor f32Heap = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT);
        FunctionDescriptor f32Raw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
        FunctionDescriptor f64Heap = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
        FunctionDescriptor f64Raw = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        // XXH128_hash_t { XXH64_hash_t low64; XXH64_hash_t high64; }, returned by value
        MemoryLayout pair = MemoryLayout.structLayout(JAVA_LONG, JAVA_LONG);
        FunctionDescriptor f128Heap = FunctionDescriptor.of(pair, ADDRESS, JAVA_LONG, JAVA_LONG);
        FunctionDescriptor f128Raw = FunctionDescriptor.of(pair, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        // XXH_errorcode XXH3_128bits_reset_withSeed(XXH3_state_t*, XXH64_hash_t)
        FunctionDescriptor reset = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
        // XXH_errorcode XXH3_128bits_update(XXH3_state_t*, const void*, size_t)
        FunctionDescriptor updateHeap = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG);
        FunctionDescriptor updateRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        String[] update = {"XXH3_128bits_update_dispatch", "XXH3_128bits_update"};
        // XXH64_hash_t XXH3_64bits_withSecret(const void* data, size_t len, const void* secret, size_t secretSize):
        // the input a heap segment or a raw address, the secret always a heap segment (a critical call)
        FunctionDescriptor secretHeap = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
        FunctionDescriptor secretRaw = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);
        String[] withSecret = {"XXH3_64bits_withSecret_dispatch", "XXH3_64bits_withSecret"};
        // XXH_errorcode XXH3_128bits_reset_withSecret(XXH3_state_t*, const void* secret, size_t secretSize)
        FunctionDescriptor resetSecret = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        String[] xxh3 = {"XXH3_64bits_withSeed_dispatch", "XXH3_64bits_withSeed"};
        String[] xxh128 = {"XXH3_128bits_withSeed_dispatch", "XXH3_128bits_withSeed"};
        h = new Handles(
            NativeLibraries.bind(lib, "XXH32", f32Heap, HEAP),
            NativeLibraries.bind(lib, "XXH32", f32Raw, SHORT),
            NativeLibraries.bind(lib, "XXH32", f32Raw, ORDINARY),
            NativeLibraries.bind(lib, "XXH64", f64Heap, HEAP),
            NativeLibraries.bind(lib, "XXH64", f64Raw, SHORT),
            NativeLibraries.bind(lib, "XXH64", f64Raw, ORDINARY),
            NativeLibraries.bindFirst(lib, f64Heap, HEAP, xxh3),
            NativeLibraries.bindFirst(lib, f64Raw, SHORT, xxh3),
            NativeLibraries.bindFirst(lib, f64Raw, ORDINARY, xxh3),
            NativeLibraries.bindFirst(lib, f128Heap, HEAP, xxh128),
            NativeLibraries.bindFirst(lib, f128Raw, SHORT, xxh128),
            NativeLibraries.bindFirst(lib, f128Raw, ORDINARY, xxh128),
            NativeLibraries.bind(lib, "XXH3_128bits_reset_withSeed", reset, SHORT),
            NativeLibraries.bindFirst(lib, updateHeap, HEAP, update),
            NativeLibraries.bindFirst(lib, updateRaw, SHORT, update),
            NativeLibraries.bindFirst(lib, updateRaw, ORDINARY, update),
            NativeLibraries.bindFirst(lib, secretHeap, HEAP, withSecret),
            NativeLibraries.bindFirst(lib, secretRaw, HEAP, withSecret),
            NativeLibraries.bind(lib, "XXH3_128bits_reset_withSecret", resetSecret, SHORT),
            // XXH_errorcode XXH32_update(XXH32_state_t*, const void*, size_t), XXH64_update alike
            NativeLibraries.bind(lib, "XXH32_update", updateHeap, HEAP),
            NativeLibraries.bind(lib, "XXH32_update", updateRaw, SHORT),
            NativeLibraries.bind(lib, "XXH32_update", updateRaw, ORDINARY),
            NativeLibraries.bind(lib, "XXH64_update", updateHeap, HEAP),
            NativeLibraries.bind(lib, "XXH64_update", updateRaw, SHORT),
            NativeLibraries.bind(lib, "XXH64_update", updateRaw, ORDINARY),
            // XXH32_hash_t XXH32_digest(const XXH32_state_t*), XXH64_digest alike: the self-test's only
            NativeLibraries.bind(lib, "XXH32_digest", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), ORDINARY),
            NativeLibraries.bind(lib, "XXH64_digest", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), ORDINARY));
        selfTest(h, name);
      } catch (Throwable t) {
        failure = NativeLibraries.reason("libxxhash", t);
        h = null;
      }
    }
    H = h;
    NAME = name;
    FAILURE = failure;
  }

  // One small method per call, each with one downcall; heap segments come from NativeBackend.heap.

  /** As {@link #xxh32Heap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static int xxh32Fresh(byte[] in, int off, int len, int seed) {
    try {
      return (int) H.xxh32Heap.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int xxh32Heap(MemorySegment in, int len, int seed) {
    try {
      return (int) H.xxh32Heap.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int xxh32Raw(boolean critical, long in, int len, int seed) {
    try {
      return critical ? (int) H.xxh32Short.invokeExact(in, (long) len, seed) : (int) H.xxh32.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #xxh64Heap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static long xxh64Fresh(byte[] in, int off, int len, long seed) {
    try {
      return (long) H.xxh64Heap.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh64Heap(MemorySegment in, int len, long seed) {
    try {
      return (long) H.xxh64Heap.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh64Raw(boolean critical, long in, int len, long seed) {
    try {
      return critical ? (long) H.xxh64Short.invokeExact(in, (long) len, seed) : (long) H.xxh64.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #xxh3Heap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static long xxh3Fresh(byte[] in, int off, int len, long seed) {
    try {
      return (long) H.xxh3Heap.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh3Heap(MemorySegment in, int len, long seed) {
    try {
      return (long) H.xxh3Heap.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh3Raw(boolean critical, long in, int len, long seed) {
    try {
      return critical ? (long) H.xxh3Short.invokeExact(in, (long) len, seed) : (long) H.xxh3.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * XXH3-128's 16-byte result is returned in two registers, which the linker copies into a segment
   * from {@code result}: the caller's pooled one, so that nothing is allocated for it.
   */
  static Hash128 xxh128Heap(SegmentAllocator result, MemorySegment in, int len, long seed) {
    try {
      MemorySegment r = (MemorySegment) H.xxh128Heap.invokeExact(result, in, (long) len, seed);
      return new Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static Hash128 xxh128Raw(boolean critical, SegmentAllocator result, long in, int len, long seed) {
    try {
      MemorySegment r = critical
          ? (MemorySegment) H.xxh128Short.invokeExact(result, in, (long) len, seed)
          : (MemorySegment) H.xxh128.invokeExact(result, in, (long) len, seed);
      return new Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH3_128bits_reset_withSeed} of the state at {@code state}. */
  static int reset(long state, long seed) {
    try {
      return (int) H.reset.invokeExact(state, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH3_128bits_reset_withSecret}: the secret, in native memory, must stay there until the digest. */
  static int resetSecret(long state, long secret, int secretLen) {
    try {
      return (int) H.resetSecret.invokeExact(state, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long withSecretHeap(MemorySegment in, int len, MemorySegment secret, int secretLen) {
    try {
      return (long) H.withSecretHeap.invokeExact(in, (long) len, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #withSecretHeap}, the input at a raw address (a critical call: short inputs only). */
  static long withSecretRaw(long in, int len, MemorySegment secret, int secretLen) {
    try {
      return (long) H.withSecretRaw.invokeExact(in, (long) len, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int updateHeap(long state, MemorySegment in, int len) {
    try {
      return (int) H.updateHeap.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #updateHeap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static int updateFresh(long state, byte[] in, int off, int len) {
    try {
      return (int) H.updateHeap.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int updateRaw(boolean critical, long state, long in, int len) {
    try {
      return critical ? (int) H.updateShort.invokeExact(state, in, (long) len) : (int) H.update.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH32_update} of the state at {@code state} over a heap segment. */
  static int update32Heap(long state, MemorySegment in, int len) {
    try {
      return (int) H.update32Heap.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #update32Heap}, the segment made here (see {@link #updateFresh}). */
  static int update32Fresh(long state, byte[] in, int off, int len) {
    try {
      return (int) H.update32Heap.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update32Raw(boolean critical, long state, long in, long len) {
    try {
      return critical ? (int) H.update32Short.invokeExact(state, in, len) : (int) H.update32.invokeExact(state, in, len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH64_update} of the state at {@code state} over a heap segment. */
  static int update64Heap(long state, MemorySegment in, int len) {
    try {
      return (int) H.update64Heap.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update64Fresh(long state, byte[] in, int off, int len) {
    try {
      return (int) H.update64Heap.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update64Raw(boolean critical, long state, long in, long len) {
    try {
      return critical ? (int) H.update64Short.invokeExact(state, in, len) : (int) H.update64.invokeExact(state, in, len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * Calls every handle once on 300 fixed bytes ({@code (i * 7 + 3) & 0xFF}, seed 1) and compares
   * with the values {@code libxxhash} 0.8.1 gives (computed with Python's ctypes on this library).
   */
  private static void selfTest(Handles h, String name) throws Throwable {
    byte[] data = new byte[300];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 7 + 3);
    }
    MemorySegment heap = MemorySegment.ofArray(data);
    try (var arena = java.lang.foreign.Arena.ofConfined()) {
      MemorySegment seg = arena.allocate(data.length);
      seg.copyFrom(heap);
      long off = seg.address();
      check((int) h.xxh32.invokeExact(off, 300L, 1) == 0xa00fbf68 && (int) h.xxh32Short.invokeExact(off, 300L, 1) == 0xa00fbf68
          && (int) h.xxh32Heap.invokeExact(heap, 300L, 1) == 0xa00fbf68, name, "XXH32");
      check((long) h.xxh64.invokeExact(off, 300L, 1L) == 0x8197c668a97c7639L && (long) h.xxh64Short.invokeExact(off, 300L, 1L) == 0x8197c668a97c7639L
          && (long) h.xxh64Heap.invokeExact(heap, 300L, 1L) == 0x8197c668a97c7639L, name, "XXH64");
      check((long) h.xxh3.invokeExact(off, 300L, 1L) == 0xe64fbdc9e9bd684dL && (long) h.xxh3Short.invokeExact(off, 300L, 1L) == 0xe64fbdc9e9bd684dL
          && (long) h.xxh3Heap.invokeExact(heap, 300L, 1L) == 0xe64fbdc9e9bd684dL, name, "XXH3-64");
      MemorySegment a = (MemorySegment) h.xxh128.invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      MemorySegment b = (MemorySegment) h.xxh128Short.invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      MemorySegment c = (MemorySegment) h.xxh128Heap.invokeExact((SegmentAllocator) arena, heap, 300L, 1L);
      check(a.get(JAVA_LONG, 0) == 0xe64fbdc9e9bd684dL && a.get(JAVA_LONG, 8) == 0x602fa155980bedb6L && a.mismatch(b) == -1 && a.mismatch(c) == -1,
          name, "XXH3-128");
      // the streaming state: after 300 bytes, 256 consumed (4 stripes, in 0.8.1) or fewer, the
      // rest buffered; the Java side checks the accumulators themselves (XxHash128)
      MemorySegment state = arena.allocate(STATE_SIZE, STATE_ALIGN);
      long st = state.address();
      int r1 = (int) h.reset.invokeExact(st, 1L);
      int u1 = (int) h.update.invokeExact(st, off, 300L);
      int u2 = (int) h.updateShort.invokeExact(st, off, 0L);
      int u3 = (int) h.updateHeap.invokeExact(st, MemorySegment.ofArray(new byte[0]), 0L);
      int buffered = state.get(JAVA_INT, STATE_BUFFERED);
      check(r1 == 0 && u1 == 0 && u2 == 0 && u3 == 0 && state.get(JAVA_LONG, STATE_TOTAL) == 300 && buffered >= 1 && buffered <= 256
          && (300 - buffered) % 64 == 0 && state.get(JAVA_LONG, STATE_STRIPES) == (300 - buffered) / 64, name, "XXH3 streaming state");
      // with a secret: the secret the seed 1 derives (the state's customSecret, at 64) gives the
      // seeded hash for inputs over 240 bytes
      byte[] secret = state.asSlice(STATE_SECRET, 192).toArray(JAVA_BYTE);
      MemorySegment nativeSecret = arena.allocate(192);
      nativeSecret.copyFrom(MemorySegment.ofArray(secret));
      check((long) h.withSecretHeap.invokeExact(heap, 300L, MemorySegment.ofArray(secret), 192L) == 0xe64fbdc9e9bd684dL
          && (long) h.withSecretRaw.invokeExact(off, 300L, MemorySegment.ofArray(secret), 192L) == 0xe64fbdc9e9bd684dL, name, "XXH3-64 with a secret");
      int r2 = (int) h.resetSecret.invokeExact(st, nativeSecret.address(), 192L);
      int u4 = (int) h.update.invokeExact(st, off, 300L);
      check(r2 == 0 && u4 == 0 && state.get(JAVA_LONG, STATE_TOTAL) == 300 && state.get(JAVA_INT, STATE_BUFFERED) == buffered, name,
          "XXH3 streaming state with a secret");
      selfTestStreams(h, name, arena, heap, seg);
    }
  }

  /**
   * The XXH32 and XXH64 states as {@link NativeBackend#xxh32Stripes} uses them: the seed's
   * accumulators written at {@link #STATE32_V}, whole stripes through each shape of {@code
   * XXH32_update} (the accumulators read back and written again between calls), then the 12-byte
   * tail placed at {@link #STATE32_MEM} with its length and the total, and {@code XXH32_digest}
   * must give the one-shot hash of the 300 bytes; the same for XXH64. Wrong offsets give another
   * hash.
   */
  private static void selfTestStreams(Handles h, String name, java.lang.foreign.Arena arena, MemorySegment heap, MemorySegment seg)
      throws Throwable {
    int p1 = 0x9E3779B1;
    int p2 = 0x85EBCA77;
    MemorySegment s32 = arena.allocate(STATE32_SIZE, 8);
    int[] v = {1 + p1 + p2, 1 + p2, 1, 1 - p1};
    long st = s32.address();
    int r = 0;
    for (int part = 0; part < 3; part++) { // 288 bytes: 96 per shape, 6 stripes
      s32.fill((byte) 0);
      for (int i = 0; i < 4; i++) {
        s32.set(JAVA_INT, STATE32_V + 4L * i, v[i]);
      }
      r |= switch (part) {
        case 0 -> (int) h.update32Heap.invokeExact(st, heap.asSlice(0), 96L);
        case 1 -> (int) h.update32Short.invokeExact(st, seg.address() + 96, 96L);
        default -> (int) h.update32.invokeExact(st, seg.address() + 192, 96L);
      };
      r |= s32.get(JAVA_INT, STATE32_MEMSIZE);
      for (int i = 0; i < 4; i++) {
        v[i] = s32.get(JAVA_INT, STATE32_V + 4L * i);
      }
    }
    s32.set(JAVA_INT, 0, 300); // total_len_32
    s32.set(JAVA_INT, 4, 1); // large_len
    MemorySegment.copy(seg, 288, s32, STATE32_MEM, 12);
    s32.set(JAVA_INT, STATE32_MEMSIZE, 12);
    check(r == 0 && (int) h.digest32.invokeExact(st) == 0xa00fbf68, name, "XXH32 streaming state");

    long q1 = 0x9E3779B185EBCA87L;
    long q2 = 0xC2B2AE3D27D4EB4FL;
    MemorySegment s64 = arena.allocate(STATE64_SIZE, 8);
    long[] w = {1 + q1 + q2, 1 + q2, 1, 1 - q1};
    st = s64.address();
    r = 0;
    for (int part = 0; part < 3; part++) { // 288 bytes: 96 per shape, 3 stripes
      s64.fill((byte) 0);
      for (int i = 0; i < 4; i++) {
        s64.set(JAVA_LONG, STATE64_V + 8L * i, w[i]);
      }
      r |= switch (part) {
        case 0 -> (int) h.update64Heap.invokeExact(st, heap.asSlice(0), 96L);
        case 1 -> (int) h.update64Short.invokeExact(st, seg.address() + 96, 96L);
        default -> (int) h.update64.invokeExact(st, seg.address() + 192, 96L);
      };
      r |= s64.get(JAVA_INT, STATE64_MEMSIZE);
      for (int i = 0; i < 4; i++) {
        w[i] = s64.get(JAVA_LONG, STATE64_V + 8L * i);
      }
    }
    s64.set(JAVA_LONG, 0, 300L);
    MemorySegment.copy(seg, 288, s64, STATE64_MEM, 12);
    s64.set(JAVA_INT, STATE64_MEMSIZE, 12);
    check(r == 0 && (long) h.digest64.invokeExact(st) == 0x8197c668a97c7639L, name, "XXH64 streaming state");
  }

  private static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
