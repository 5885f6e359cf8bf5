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
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The bound {@code libxxhash} (0.8.0 or later: XXH3's output is stable from 0.8.0 on): loaded and
 * version-checked once, at class initialisation; each function's entry points are bound and
 * self-tested at its first use, one holder class per group, as in {@link Lz4Library} (a group
 * that fails stays in pure Java, with the reason in {@link NativeBackend#status()}). XXH3 uses the
 * {@code _dispatch} entry points where the library has them (they pick AVX2/AVX-512 at run time;
 * measured about 3 times faster than the plain ones on x86-64).
 */
final class XxHashLibrary {
  private XxHashLibrary() {}

  /** {@code XXH_versionNumber()} of 0.8.0. */
  static final int MIN_VERSION = 800;

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

  /** The library's symbols, or {@code null} when it is not used. */
  private static final SymbolLookup LIB;
  /** e.g. {@code "libxxhash 0.8.1"}. */
  static final String NAME;
  /** Why the library is not used, or {@code null} when it is. */
  static final String FAILURE;

  /** Where the library came from and why earlier steps failed (see {@link NativeLibraries.Loaded#origin}), or {@code null}. */
  static final String ORIGIN;

  static {
    SymbolLookup lib = null;
    String name = null;
    String origin = null;
    String failure = NativeBackend.REFUSED;
    if (failure == null) {
      try {
        NativeLibraries.Loaded loaded = NativeLibraries.load(
            new NativeLibraries.Spec("libxxhash", "dev.celer.native.xxhash", "xxhash", "libxxhash.so.0", "libxxhash.0.dylib", "xxhash.dll", "XXH_versionNumber"),
            XxHashLibrary::accept);
        lib = loaded.lib;
        name = loaded.name;
        origin = loaded.origin;
      } catch (Throwable t) {
        failure = NativeLibraries.reason("libxxhash", t);
        lib = null;
      }
    }
    LIB = lib;
    NAME = name;
    ORIGIN = origin;
    FAILURE = failure;
  }

  /** Accepts a candidate libxxhash: its version at least the minimum. */
  private static String accept(SymbolLookup lib) throws Throwable {
    int v = (int) NativeLibraries.bind(lib, "XXH_versionNumber", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
    int min = NativeLibraries.minimum("dev.celer.native.xxhash.minVersion", MIN_VERSION);
    String name = "libxxhash " + NativeLibraries.version(v);
    if (v < min) {
      throw new Refused(name + " is older than " + NativeLibraries.version(min));
    }
    return name;
  }

  // The handle shapes. XXH32(const void*, size_t, XXH32_hash_t seed); XXH64 and XXH3 take and return 64 bits
  private static final FunctionDescriptor F32_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT);
  private static final FunctionDescriptor F32_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final FunctionDescriptor F64_HEAP = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
  private static final FunctionDescriptor F64_RAW = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  // XXH128_hash_t { XXH64_hash_t low64; XXH64_hash_t high64; }, returned by value
  private static final MemoryLayout PAIR = MemoryLayout.structLayout(JAVA_LONG, JAVA_LONG);
  private static final FunctionDescriptor F128_HEAP = FunctionDescriptor.of(PAIR, ADDRESS, JAVA_LONG, JAVA_LONG);
  private static final FunctionDescriptor F128_RAW = FunctionDescriptor.of(PAIR, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  // XXH_errorcode XXH3_128bits_reset_withSeed(XXH3_state_t*, XXH64_hash_t)
  private static final FunctionDescriptor RESET = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
  // XXH_errorcode XXH3_128bits_update(XXH3_state_t*, const void*, size_t); XXH32_update and XXH64_update alike
  private static final FunctionDescriptor UPDATE_HEAP = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG);
  private static final FunctionDescriptor UPDATE_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  // XXH64_hash_t XXH3_64bits_withSecret(const void* data, size_t len, const void* secret, size_t secretSize):
  // the input a heap segment or a raw address, the secret always a heap segment (a critical call)
  private static final FunctionDescriptor SECRET_HEAP = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
  private static final FunctionDescriptor SECRET_RAW = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);
  // XXH_errorcode XXH3_128bits_reset_withSecret(XXH3_state_t*, const void* secret, size_t secretSize)
  private static final FunctionDescriptor RESET_SECRET = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);


  /**
   * One group's binding and self-test, run by its holder's class initialisation.
   *
   * @return the handles, or {@code null} when the library is not in use or the group failed (its
   *     reason then recorded for {@link NativeBackend#status()})
   */
  private static MethodHandle[] group(String what, NativeLibraries.GroupBinder binder) {
    return NativeLibraries.group("libxxhash", FAILURE, LIB, NAME, what, binder);
  }

  // Each holder keeps its handles in static final fields (A, B, ... in the order bound), which the
  // JIT trusts as constants; the array is only how the binding hands them over.

  /** Three shapes per function, as in {@link Lz4Library}: heap (critical), short (critical, raw address), ordinary (raw address). */
  private static MethodHandle[] three(SymbolLookup lib, FunctionDescriptor heap, FunctionDescriptor raw, String... symbols) throws Refused {
    return new MethodHandle[] {
        NativeLibraries.bindFirst(lib, heap, HEAP, symbols),
        NativeLibraries.bindFirst(lib, raw, SHORT, symbols),
        NativeLibraries.bindFirst(lib, raw, ORDINARY, symbols)};
  }

  /** {@code XXH32}. */
  static final class X32 {
    private static final MethodHandle[] H = group("XXH32", lib -> selfTest32(three(lib, F32_HEAP, F32_RAW, "XXH32")));
    static final boolean OK = H != null;
    static final MethodHandle A = OK ? H[0] : null;
    static final MethodHandle B = OK ? H[1] : null;
    static final MethodHandle C = OK ? H[2] : null;
  }

  /** {@code XXH64}. */
  static final class X64 {
    private static final MethodHandle[] H = group("XXH64", lib -> selfTest64(three(lib, F64_HEAP, F64_RAW, "XXH64")));
    static final boolean OK = H != null;
    static final MethodHandle A = OK ? H[0] : null;
    static final MethodHandle B = OK ? H[1] : null;
    static final MethodHandle C = OK ? H[2] : null;
  }

  /** {@code XXH3_64bits_withSeed}. */
  static final class X3 {
    private static final MethodHandle[] H = group("XXH3-64",
        lib -> selfTest3(three(lib, F64_HEAP, F64_RAW, "XXH3_64bits_withSeed_dispatch", "XXH3_64bits_withSeed")));
    static final boolean OK = H != null;
    static final MethodHandle A = OK ? H[0] : null;
    static final MethodHandle B = OK ? H[1] : null;
    static final MethodHandle C = OK ? H[2] : null;
  }

  /** {@code XXH3_128bits_withSeed}. */
  static final class X128 {
    private static final MethodHandle[] H = group("XXH3-128",
        lib -> selfTest128(three(lib, F128_HEAP, F128_RAW, "XXH3_128bits_withSeed_dispatch", "XXH3_128bits_withSeed")));
    static final boolean OK = H != null;
    static final MethodHandle A = OK ? H[0] : null;
    static final MethodHandle B = OK ? H[1] : null;
    static final MethodHandle C = OK ? H[2] : null;
  }

  /**
   * {@code XXH32_update} and {@code XXH64_update}, each shape its own group (as {@link
   * Lz4Library}'s fast compression), bound with its self-test at its first use; {@code
   * XXH32_digest} / {@code XXH64_digest} are bound for the self-test only.
   */
  private static MethodHandle stream(boolean xxh64, NativeLibraries.Call shape) {
    MethodHandle[] h = group(xxh64 ? "XXH64 streaming" : "XXH32 streaming", lib -> {
      MethodHandle m = NativeLibraries.bind(lib, xxh64 ? "XXH64_update" : "XXH32_update", shape == HEAP ? UPDATE_HEAP : UPDATE_RAW, shape);
      if (xxh64) {
        selfTestStream64(m, shape, NativeLibraries.bind(lib, "XXH64_digest", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG), ORDINARY));
      } else {
        selfTestStream32(m, shape, NativeLibraries.bind(lib, "XXH32_digest", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), ORDINARY));
      }
      return new MethodHandle[] {m};
    });
    return h == null ? null : h[0];
  }

  static final class X32StreamHeap {
    static final MethodHandle H = stream(false, HEAP);
  }

  static final class X32StreamShort {
    static final MethodHandle H = stream(false, SHORT);
  }

  static final class X32StreamOrdinary {
    static final MethodHandle H = stream(false, ORDINARY);
  }

  static final class X64StreamHeap {
    static final MethodHandle H = stream(true, HEAP);
  }

  static final class X64StreamShort {
    static final MethodHandle H = stream(true, SHORT);
  }

  static final class X64StreamOrdinary {
    static final MethodHandle H = stream(true, ORDINARY);
  }

  /** @return whether {@code XXH32_update} ({@code XXH64_update} when {@code xxh64}) may be called in {@code shape} (binds it at the first ask) */
  static boolean streamReady(boolean xxh64, NativeLibraries.Call shape) {
    return switch (shape) {
      case HEAP -> (xxh64 ? X64StreamHeap.H : X32StreamHeap.H) != null;
      case SHORT -> (xxh64 ? X64StreamShort.H : X32StreamShort.H) != null;
      case ORDINARY -> (xxh64 ? X64StreamOrdinary.H : X32StreamOrdinary.H) != null;
    };
  }


  /**
   * XXH3's streaming state: {@code XXH3_128bits_reset_withSeed}, {@code XXH3_128bits_update}
   * (heap, short, ordinary) and {@code XXH3_128bits_reset_withSecret}.
   */
  static final class X3State {
    private static final MethodHandle[] H = group("XXH3 streaming state", lib -> {
      MethodHandle[] u = three(lib, UPDATE_HEAP, UPDATE_RAW, "XXH3_128bits_update_dispatch", "XXH3_128bits_update");
      MethodHandle[] h = {
          NativeLibraries.bind(lib, "XXH3_128bits_reset_withSeed", RESET, SHORT), u[0], u[1], u[2],
          NativeLibraries.bind(lib, "XXH3_128bits_reset_withSecret", RESET_SECRET, SHORT)};
      selfTestState(h);
      return h;
    });
    static final boolean OK = H != null;
    static final MethodHandle A = OK ? H[0] : null;
    static final MethodHandle B = OK ? H[1] : null;
    static final MethodHandle C = OK ? H[2] : null;
    static final MethodHandle D = OK ? H[3] : null;
    static final MethodHandle E = OK ? H[4] : null;
  }

  /** {@code XXH3_64bits_withSecret}: heap input, raw input (both critical); its self-test uses {@link X3State}. */
  static final class X3Secret {
    private static final MethodHandle[] H = group("XXH3-64 with a secret", lib -> {
      String[] withSecret = {"XXH3_64bits_withSecret_dispatch", "XXH3_64bits_withSecret"};
      MethodHandle[] h = {NativeLibraries.bindFirst(lib, SECRET_HEAP, HEAP, withSecret), NativeLibraries.bindFirst(lib, SECRET_RAW, HEAP, withSecret)};
      selfTestSecret(h);
      return h;
    });
    static final boolean OK = H != null;
    static final MethodHandle A = OK ? H[0] : null;
    static final MethodHandle B = OK ? H[1] : null;
  }

  // One small method per call, each with one downcall; heap segments come from NativeBackend.heap.

  /** As {@link #xxh32Heap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static int xxh32Fresh(byte[] in, int off, int len, int seed) {
    try {
      return (int) X32.A.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int xxh32Heap(MemorySegment in, int len, int seed) {
    try {
      return (int) X32.A.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int xxh32Raw(boolean critical, long in, int len, int seed) {
    try {
      return critical ? (int) X32.B.invokeExact(in, (long) len, seed) : (int) X32.C.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #xxh64Heap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static long xxh64Fresh(byte[] in, int off, int len, long seed) {
    try {
      return (long) X64.A.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh64Heap(MemorySegment in, int len, long seed) {
    try {
      return (long) X64.A.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh64Raw(boolean critical, long in, int len, long seed) {
    try {
      return critical ? (long) X64.B.invokeExact(in, (long) len, seed) : (long) X64.C.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #xxh3Heap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static long xxh3Fresh(byte[] in, int off, int len, long seed) {
    try {
      return (long) X3.A.invokeExact(MemorySegment.ofArray(in).asSlice(off), (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh3Heap(MemorySegment in, int len, long seed) {
    try {
      return (long) X3.A.invokeExact(in, (long) len, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long xxh3Raw(boolean critical, long in, int len, long seed) {
    try {
      return critical ? (long) X3.B.invokeExact(in, (long) len, seed) : (long) X3.C.invokeExact(in, (long) len, seed);
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
      MemorySegment r = (MemorySegment) X128.A.invokeExact(result, in, (long) len, seed);
      return new Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static Hash128 xxh128Raw(boolean critical, SegmentAllocator result, long in, int len, long seed) {
    try {
      MemorySegment r = critical
          ? (MemorySegment) X128.B.invokeExact(result, in, (long) len, seed)
          : (MemorySegment) X128.C.invokeExact(result, in, (long) len, seed);
      return new Hash128(r.get(JAVA_LONG, 0), r.get(JAVA_LONG, 8));
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH3_128bits_reset_withSeed} of the state at {@code state}. */
  static int reset(long state, long seed) {
    try {
      return (int) X3State.A.invokeExact(state, seed);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH3_128bits_reset_withSecret}: the secret, in native memory, must stay there until the digest. */
  static int resetSecret(long state, long secret, int secretLen) {
    try {
      return (int) X3State.E.invokeExact(state, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static long withSecretHeap(MemorySegment in, int len, MemorySegment secret, int secretLen) {
    try {
      return (long) X3Secret.A.invokeExact(in, (long) len, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #withSecretHeap}, the input at a raw address (a critical call: short inputs only). */
  static long withSecretRaw(long in, int len, MemorySegment secret, int secretLen) {
    try {
      return (long) X3Secret.B.invokeExact(in, (long) len, secret, (long) secretLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int updateHeap(long state, MemorySegment in, int len) {
    try {
      return (int) X3State.B.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #updateHeap}, for an array not in NativeBackend's cache: the segment made here, where escape analysis can remove it. */
  static int updateFresh(long state, byte[] in, int off, int len) {
    try {
      return (int) X3State.B.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int updateRaw(boolean critical, long state, long in, int len) {
    try {
      return critical ? (int) X3State.C.invokeExact(state, in, (long) len) : (int) X3State.D.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH32_update} of the state at {@code state} over a heap segment. */
  static int update32Heap(long state, MemorySegment in, int len) {
    try {
      return (int) X32StreamHeap.H.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #update32Heap}, the segment made here (see {@link #updateFresh}). */
  /** As {@link #update32Heap}, on a whole array (offset 0): the segment from {@code ofArray} alone, which escape analysis removes at any call site. */
  static int update32Whole(long state, byte[] in, int len) {
    try {
      return (int) X32StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update32Fresh(long state, byte[] in, int off, int len) {
    try {
      return (int) X32StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update32Raw(boolean critical, long state, long in, long len) {
    try {
      return critical ? (int) X32StreamShort.H.invokeExact(state, in, len) : (int) X32StreamOrdinary.H.invokeExact(state, in, len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code XXH64_update} of the state at {@code state} over a heap segment. */
  static int update64Heap(long state, MemorySegment in, int len) {
    try {
      return (int) X64StreamHeap.H.invokeExact(state, in, (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** As {@link #update64Heap}, on a whole array (offset 0): the segment from {@code ofArray} alone, which escape analysis removes at any call site. */
  static int update64Whole(long state, byte[] in, int len) {
    try {
      return (int) X64StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update64Fresh(long state, byte[] in, int off, int len) {
    try {
      return (int) X64StreamHeap.H.invokeExact(state, MemorySegment.ofArray(in).asSlice(off), (long) len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int update64Raw(boolean critical, long state, long in, long len) {
    try {
      return critical ? (int) X64StreamShort.H.invokeExact(state, in, len) : (int) X64StreamOrdinary.H.invokeExact(state, in, len);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  // The self-tests: each calls every handle of its group once on 300 fixed bytes ({@code (i * 7 +
  // 3) & 0xFF}, seed 1) and compares with the values libxxhash 0.8.1 gives (computed with Python's
  // ctypes on this library).

  private static final byte[] DATA = new byte[300];

  static {
    for (int i = 0; i < DATA.length; i++) {
      DATA[i] = (byte) (i * 7 + 3);
    }
  }

  /** @return {@link #DATA} in native memory of {@code arena} */
  private static MemorySegment data(Arena arena) {
    MemorySegment seg = arena.allocate(DATA.length);
    seg.copyFrom(MemorySegment.ofArray(DATA));
    return seg;
  }

  private static MethodHandle[] selfTest32(MethodHandle[] h) throws Throwable {
    MemorySegment heap = MemorySegment.ofArray(DATA);
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      check((int) h[0].invokeExact(heap, 300L, 1) == 0xa00fbf68 && (int) h[1].invokeExact(off, 300L, 1) == 0xa00fbf68
          && (int) h[2].invokeExact(off, 300L, 1) == 0xa00fbf68, NAME, "XXH32");
    }
    return h;
  }

  private static MethodHandle[] selfTest64(MethodHandle[] h) throws Throwable {
    MemorySegment heap = MemorySegment.ofArray(DATA);
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      check((long) h[0].invokeExact(heap, 300L, 1L) == 0x8197c668a97c7639L && (long) h[1].invokeExact(off, 300L, 1L) == 0x8197c668a97c7639L
          && (long) h[2].invokeExact(off, 300L, 1L) == 0x8197c668a97c7639L, NAME, "XXH64");
    }
    return h;
  }

  private static MethodHandle[] selfTest3(MethodHandle[] h) throws Throwable {
    MemorySegment heap = MemorySegment.ofArray(DATA);
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      check((long) h[0].invokeExact(heap, 300L, 1L) == 0xe64fbdc9e9bd684dL && (long) h[1].invokeExact(off, 300L, 1L) == 0xe64fbdc9e9bd684dL
          && (long) h[2].invokeExact(off, 300L, 1L) == 0xe64fbdc9e9bd684dL, NAME, "XXH3-64");
    }
    return h;
  }

  private static MethodHandle[] selfTest128(MethodHandle[] h) throws Throwable {
    MemorySegment heap = MemorySegment.ofArray(DATA);
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      MemorySegment a = (MemorySegment) h[0].invokeExact((SegmentAllocator) arena, heap, 300L, 1L);
      MemorySegment b = (MemorySegment) h[1].invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      MemorySegment c = (MemorySegment) h[2].invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      check(a.get(JAVA_LONG, 0) == 0xe64fbdc9e9bd684dL && a.get(JAVA_LONG, 8) == 0x602fa155980bedb6L && a.mismatch(b) == -1 && a.mismatch(c) == -1,
          NAME, "XXH3-128");
    }
    return h;
  }

  /**
   * The streaming state as {@link NativeBackend#xxh3Accumulate} uses it: after 300 bytes, 256
   * consumed (4 stripes, in 0.8.1) or fewer, the rest buffered (the Java side checks the
   * accumulators themselves: XxHash128); then the same from a secret, the one the seed 1 derives
   * (the state's customSecret, at 64).
   */
  private static void selfTestState(MethodHandle[] h) throws Throwable {
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      MemorySegment state = arena.allocate(STATE_SIZE, STATE_ALIGN);
      long st = state.address();
      int r1 = (int) h[0].invokeExact(st, 1L);
      int u1 = (int) h[3].invokeExact(st, off, 300L);
      int u2 = (int) h[2].invokeExact(st, off, 0L);
      int u3 = (int) h[1].invokeExact(st, MemorySegment.ofArray(new byte[0]), 0L);
      int buffered = state.get(JAVA_INT, STATE_BUFFERED);
      check(r1 == 0 && u1 == 0 && u2 == 0 && u3 == 0 && state.get(JAVA_LONG, STATE_TOTAL) == 300 && buffered >= 1 && buffered <= 256
          && (300 - buffered) % 64 == 0 && state.get(JAVA_LONG, STATE_STRIPES) == (300 - buffered) / 64, NAME, "XXH3 streaming state");
      MemorySegment nativeSecret = arena.allocate(192);
      nativeSecret.copyFrom(state.asSlice(STATE_SECRET, 192));
      int r2 = (int) h[4].invokeExact(st, nativeSecret.address(), 192L);
      int u4 = (int) h[3].invokeExact(st, off, 300L);
      check(r2 == 0 && u4 == 0 && state.get(JAVA_LONG, STATE_TOTAL) == 300 && state.get(JAVA_INT, STATE_BUFFERED) == buffered, NAME,
          "XXH3 streaming state with a secret");
    }
  }

  /** With the secret the seed 1 derives (read from a state reset by {@link X3State}), the seeded hash for inputs over 240 bytes. */
  private static void selfTestSecret(MethodHandle[] h) throws Throwable {
    check(X3State.OK, NAME, "XXH3-64 with a secret (its self-test needs the XXH3 streaming state)");
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      MemorySegment state = arena.allocate(STATE_SIZE, STATE_ALIGN);
      int r = (int) X3State.A.invokeExact(state.address(), 1L);
      byte[] secret = state.asSlice(STATE_SECRET, 192).toArray(JAVA_BYTE);
      check(r == 0 && (long) h[0].invokeExact(MemorySegment.ofArray(DATA), 300L, MemorySegment.ofArray(secret), 192L) == 0xe64fbdc9e9bd684dL
          && (long) h[1].invokeExact(off, 300L, MemorySegment.ofArray(secret), 192L) == 0xe64fbdc9e9bd684dL, NAME, "XXH3-64 with a secret");
    }
  }

  /**
   * The XXH32 state as {@link NativeBackend#xxh32Stripes} uses it: the seed's accumulators written
   * at {@link #STATE32_V}, whole stripes through each shape of {@code XXH32_update} (the
   * accumulators read back and written again between calls), then the 12-byte tail placed at
   * {@link #STATE32_MEM} with its length and the total, and {@code XXH32_digest} must give the
   * one-shot hash of the 300 bytes. Wrong offsets give another hash.
   */
  private static void selfTestStream32(MethodHandle h, NativeLibraries.Call shape, MethodHandle digest) throws Throwable {
    int p1 = 0x9E3779B1;
    int p2 = 0x85EBCA77;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = data(arena);
      MemorySegment s32 = arena.allocate(STATE32_SIZE, 8);
      int[] v = {1 + p1 + p2, 1 + p2, 1, 1 - p1};
      long st = s32.address();
      int r = 0;
      for (int part = 0; part < 3; part++) { // 288 bytes: 96 per call, 6 stripes
        s32.fill((byte) 0);
        for (int i = 0; i < 4; i++) {
          s32.set(JAVA_INT, STATE32_V + 4L * i, v[i]);
        }
        r |= shape == HEAP
            ? (int) h.invokeExact(st, MemorySegment.ofArray(DATA).asSlice(96L * part), 96L)
            : (int) h.invokeExact(st, seg.address() + 96L * part, 96L);
        r |= s32.get(JAVA_INT, STATE32_MEMSIZE);
        for (int i = 0; i < 4; i++) {
          v[i] = s32.get(JAVA_INT, STATE32_V + 4L * i);
        }
      }
      s32.set(JAVA_INT, 0, 300); // total_len_32
      s32.set(JAVA_INT, 4, 1); // large_len
      MemorySegment.copy(seg, 288, s32, STATE32_MEM, 12);
      s32.set(JAVA_INT, STATE32_MEMSIZE, 12);
      check(r == 0 && (int) digest.invokeExact(st) == 0xa00fbf68, NAME, "XXH32 streaming state");
    }
  }

  /** As {@link #selfTestStream32}, for XXH64. */
  private static void selfTestStream64(MethodHandle h, NativeLibraries.Call shape, MethodHandle digest) throws Throwable {
    long q1 = 0x9E3779B185EBCA87L;
    long q2 = 0xC2B2AE3D27D4EB4FL;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment seg = data(arena);
      MemorySegment s64 = arena.allocate(STATE64_SIZE, 8);
      long[] w = {1 + q1 + q2, 1 + q2, 1, 1 - q1};
      long st = s64.address();
      int r = 0;
      for (int part = 0; part < 3; part++) { // 288 bytes: 96 per call, 3 stripes
        s64.fill((byte) 0);
        for (int i = 0; i < 4; i++) {
          s64.set(JAVA_LONG, STATE64_V + 8L * i, w[i]);
        }
        r |= shape == HEAP
            ? (int) h.invokeExact(st, MemorySegment.ofArray(DATA).asSlice(96L * part), 96L)
            : (int) h.invokeExact(st, seg.address() + 96L * part, 96L);
        r |= s64.get(JAVA_INT, STATE64_MEMSIZE);
        for (int i = 0; i < 4; i++) {
          w[i] = s64.get(JAVA_LONG, STATE64_V + 8L * i);
        }
      }
      s64.set(JAVA_LONG, 0, 300L);
      MemorySegment.copy(seg, 288, s64, STATE64_MEM, 12);
      s64.set(JAVA_INT, STATE64_MEMSIZE, 12);
      check(r == 0 && (long) digest.invokeExact(st) == 0x8197c668a97c7639L, NAME, "XXH64 streaming state");
    }
  }

  private static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
