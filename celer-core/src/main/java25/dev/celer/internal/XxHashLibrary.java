package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.celer.internal.NativeLibraries.Refused;
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

  /** The downcall handles; a record, so that the JIT trusts its fields as constants. */
  private record Handles(
      MethodHandle xxh32,
      MethodHandle xxh32Critical,
      MethodHandle xxh64,
      MethodHandle xxh64Critical,
      MethodHandle xxh3,
      MethodHandle xxh3Critical,
      MethodHandle xxh128,
      MethodHandle xxh128Critical) {}

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
        int v = (int) NativeLibraries.bind(lib, "XXH_versionNumber", FunctionDescriptor.of(JAVA_INT), false).invokeExact();
        int min = NativeLibraries.minimum("dev.celer.native.xxhash.minVersion", MIN_VERSION);
        if (v < min) {
          throw new Refused("libxxhash " + NativeLibraries.version(v) + " is older than " + NativeLibraries.version(min));
        }
        name = "libxxhash " + NativeLibraries.version(v);
        // XXH32(const void*, size_t, XXH32_hash_t seed); XXH64 and XXH3 take and return 64 bits
        FunctionDescriptor f32 = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT);
        FunctionDescriptor f64 = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
        // XXH128_hash_t { XXH64_hash_t low64; XXH64_hash_t high64; }, returned by value
        FunctionDescriptor f128 = FunctionDescriptor.of(MemoryLayout.structLayout(JAVA_LONG, JAVA_LONG), ADDRESS, JAVA_LONG, JAVA_LONG);
        String[] xxh3 = {"XXH3_64bits_withSeed_dispatch", "XXH3_64bits_withSeed"};
        String[] xxh128 = {"XXH3_128bits_withSeed_dispatch", "XXH3_128bits_withSeed"};
        h = new Handles(
            NativeLibraries.bind(lib, "XXH32", f32, false),
            NativeLibraries.bind(lib, "XXH32", f32, true),
            NativeLibraries.bind(lib, "XXH64", f64, false),
            NativeLibraries.bind(lib, "XXH64", f64, true),
            NativeLibraries.bindFirst(lib, f64, false, xxh3),
            NativeLibraries.bindFirst(lib, f64, true, xxh3),
            NativeLibraries.bindFirst(lib, f128, false, xxh128),
            NativeLibraries.bindFirst(lib, f128, true, xxh128));
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

  static int xxh32(boolean critical, MemorySegment in, long len, int seed) throws Throwable {
    return critical ? (int) H.xxh32Critical.invokeExact(in, len, seed) : (int) H.xxh32.invokeExact(in, len, seed);
  }

  static long xxh64(boolean critical, MemorySegment in, long len, long seed) throws Throwable {
    return critical ? (long) H.xxh64Critical.invokeExact(in, len, seed) : (long) H.xxh64.invokeExact(in, len, seed);
  }

  static long xxh3(boolean critical, MemorySegment in, long len, long seed) throws Throwable {
    return critical ? (long) H.xxh3Critical.invokeExact(in, len, seed) : (long) H.xxh3.invokeExact(in, len, seed);
  }

  /** @return the 16-byte result, allocated by {@code result} */
  static MemorySegment xxh128(boolean critical, SegmentAllocator result, MemorySegment in, long len, long seed) throws Throwable {
    return critical
        ? (MemorySegment) H.xxh128Critical.invokeExact(result, in, len, seed)
        : (MemorySegment) H.xxh128.invokeExact(result, in, len, seed);
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
      MemorySegment off = arena.allocate(data.length);
      off.copyFrom(heap);
      check((int) h.xxh32.invokeExact(off, 300L, 1) == 0xa00fbf68 && (int) h.xxh32Critical.invokeExact(heap, 300L, 1) == 0xa00fbf68, name, "XXH32");
      check((long) h.xxh64.invokeExact(off, 300L, 1L) == 0x8197c668a97c7639L
          && (long) h.xxh64Critical.invokeExact(heap, 300L, 1L) == 0x8197c668a97c7639L, name, "XXH64");
      check((long) h.xxh3.invokeExact(off, 300L, 1L) == 0xe64fbdc9e9bd684dL
          && (long) h.xxh3Critical.invokeExact(heap, 300L, 1L) == 0xe64fbdc9e9bd684dL, name, "XXH3-64");
      MemorySegment a = (MemorySegment) h.xxh128.invokeExact((SegmentAllocator) arena, off, 300L, 1L);
      MemorySegment b = (MemorySegment) h.xxh128Critical.invokeExact((SegmentAllocator) arena, heap, 300L, 1L);
      check(a.get(JAVA_LONG, 0) == 0xe64fbdc9e9bd684dL && a.get(JAVA_LONG, 8) == 0x602fa155980bedb6L && a.mismatch(b) == -1, name, "XXH3-128");
    }
  }

  private static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
