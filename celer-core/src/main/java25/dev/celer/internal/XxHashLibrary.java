package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import dev.celer.internal.NativeLibraries.Refused;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The bound {@code libxxhash} (0.8.0 or later: XXH3's output is stable from 0.8.0 on): loaded and
 * version-checked once, at class initialisation; each function's entry points are bound and
 * self-tested at its first use, one class per group holding its handles, self-test and calls
 * ({@link Xxh32Binding}, {@link Xxh64Binding}, {@link Xxh3Binding}, {@link Xxh128Binding}, {@link
 * XxhStreamBinding}, {@link Xxh3StateBinding}, {@link Xxh3SecretBinding}), as for {@link
 * Lz4Library} (a group that fails stays in pure Java, with the reason in {@link
 * NativeBackend#status()}). XXH3 uses the {@code _dispatch} entry points where the library has
 * them (they pick AVX2/AVX-512 at run time; measured about 3 times faster than the plain ones on
 * x86-64).
 */
final class XxHashLibrary {
  private XxHashLibrary() {}

  /** {@code XXH_versionNumber()} of 0.8.0. */
  static final int MIN_VERSION = 800;

  /**
   * Offsets in {@code struct XXH3_state_s} of libxxhash 0.8.x ({@code xxhash.h}, exposed for
   * static allocation): {@code acc[8]} at 0, {@code customSecret[192]} at 64, {@code bufferedSize} (32 bits) at 512, {@code
   * nbStripesSoFar} ({@code size_t}) at 520, {@code totalLen} at 528; 576 bytes, aligned to 64.
   * {@link Xxh3StateBinding} checks them on this library, and {@link NativeHashes#xxh3Accumulate} checks
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
   * stripes (see {@link NativeHashes#xxh32Stripes}); {@link XxhStreamBinding} checks the offsets.
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
  static final FunctionDescriptor F32_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT);
  static final FunctionDescriptor F32_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  static final FunctionDescriptor F64_HEAP = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
  static final FunctionDescriptor F64_RAW = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
  // XXH_errorcode XXH3_128bits_update(XXH3_state_t*, const void*, size_t); XXH32_update and XXH64_update alike
  static final FunctionDescriptor UPDATE_HEAP = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG);
  static final FunctionDescriptor UPDATE_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);

  /**
   * One group's binding and self-test, run by its holder's class initialisation.
   *
   * @return the handles, or {@code null} when the library is not in use or the group failed (its
   *     reason then recorded for {@link NativeBackend#status()})
   */
  static MethodHandle[] group(String what, NativeLibraries.GroupBinder binder) {
    return NativeLibraries.group("libxxhash", FAILURE, LIB, NAME, what, binder);
  }

  // Each holder keeps its handles in static final fields (A, B, ... in the order bound), which the
  // JIT trusts as constants; the array is only how the binding hands them over.

  /** Three shapes per function, as in {@link Lz4Library}: heap (critical), short (critical, raw address), ordinary (raw address). */
  static MethodHandle[] three(SymbolLookup lib, FunctionDescriptor heap, FunctionDescriptor raw, String... symbols) throws Refused {
    return new MethodHandle[] {
        NativeLibraries.bindFirst(lib, heap, HEAP, symbols),
        NativeLibraries.bindFirst(lib, raw, SHORT, symbols),
        NativeLibraries.bindFirst(lib, raw, ORDINARY, symbols)};
  }

  // The self-tests: each calls every handle of its group once on 300 fixed bytes ({@code (i * 7 +
  // 3) & 0xFF}, seed 1) and compares with the values libxxhash 0.8.1 gives (computed with Python's
  // ctypes on this library).

  static final byte[] DATA = new byte[300];

  static {
    for (int i = 0; i < DATA.length; i++) {
      DATA[i] = (byte) (i * 7 + 3);
    }
  }

  /** @return {@link #DATA} in native memory of {@code arena} */
  static MemorySegment data(Arena arena) {
    MemorySegment seg = arena.allocate(DATA.length);
    seg.copyFrom(MemorySegment.ofArray(DATA));
    return seg;
  }

  /**
   * The self-test of a one-shot hash ({@link Xxh32Binding}, {@link Xxh64Binding}, {@link
   * Xxh3Binding}): each of its three shapes, {@code h} as {@link #three} binds them, on {@link
   * #DATA} with seed 1 must give {@code expected}.
   *
   * @param seed 1, as the function's seed type ({@code Integer} for XXH32, else {@code Long})
   * @param expected the hash, as the function's result type
   * @return {@code h}
   */
  static MethodHandle[] selfTestOneShot(MethodHandle[] h, Object seed, Object expected, String what) throws Throwable {
    MemorySegment heap = MemorySegment.ofArray(DATA);
    try (Arena arena = Arena.ofConfined()) {
      long off = data(arena).address();
      check(expected.equals(h[0].invoke(heap, 300L, seed)) && expected.equals(h[1].invoke(off, 300L, seed))
          && expected.equals(h[2].invoke(off, 300L, seed)), NAME, what);
    }
    return h;
  }

  static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
