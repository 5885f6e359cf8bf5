package dev.celer.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * The C reference of {@link OneJvmRatios}: the system's {@code liblz4} and {@code libxxhash} called
 * in-process through the Foreign Function &amp; Memory API, with no check of any kind on the Java
 * side, so that "C" is the library's own speed plus the bare cost of a downcall.
 *
 * <p>Every call is made the way Celer's native backend makes its short ones: a {@code
 * Linker.Option.critical(true)} handle that takes the heap arrays themselves (no copy), with the
 * compressors' state allocated once off-heap and XXH3-128's result landing in one reused segment.
 * HC is called the same way (Celer's backend copies through off-heap buffers for HC, so as not to
 * hold off safepoints for long), so that the reference is the best a JVM caller can get.
 *
 * <p>Java 25 layer of {@code benchmarks.jar} ({@code META-INF/versions/25}); without the libraries
 * {@link #UNAVAILABLE} says why. Thread-safety: the compressors share one state each; one thread.
 */
final class CReference {
  private CReference() {}

  static final String UNAVAILABLE;
  static final String NAME;

  private static final MethodHandle FAST;
  private static final MethodHandle HC;
  private static final MethodHandle DECOMPRESS;
  private static final MethodHandle PARTIAL;
  private static final MethodHandle XXH32;
  private static final MethodHandle XXH64;
  private static final MethodHandle XXH3;
  private static final MethodHandle XXH128;
  private static final MemorySegment FAST_STATE;
  private static final MemorySegment HC_STATE;
  private static final MethodHandle LOAD_DICT;
  private static final MethodHandle FAST_CONTINUE;
  private static final MethodHandle INIT_HC;
  private static final MethodHandle RESET_HC;
  private static final MethodHandle LOAD_DICT_HC;
  private static final MethodHandle HC_CONTINUE;
  private static final MemorySegment PAIR = Arena.global().allocate(16, 16);
  private static final SegmentAllocator SAME_PAIR = (size, align) -> PAIR;

  static {
    MethodHandle[] h = new MethodHandle[14];
    MemorySegment fastState = null;
    MemorySegment hcState = null;
    String why = null;
    String name = null;
    try {
      Linker linker = Linker.nativeLinker();
      SymbolLookup lz4 = SymbolLookup.libraryLookup(System.getProperty("celer.bench.liblz4", "liblz4.so.1"), Arena.global());
      SymbolLookup xxh = SymbolLookup.libraryLookup(System.getProperty("celer.bench.libxxhash", "libxxhash.so.0"), Arena.global());
      FunctionDescriptor intVoid = FunctionDescriptor.of(JAVA_INT);
      int lz4Version = (int) plain(linker, lz4, intVoid, "LZ4_versionNumber").invokeExact();
      int xxhVersion = (int) plain(linker, xxh, intVoid, "XXH_versionNumber").invokeExact();
      fastState = Arena.global().allocate((int) plain(linker, lz4, intVoid, "LZ4_sizeofState").invokeExact(), 16);
      hcState = Arena.global().allocate((int) plain(linker, lz4, intVoid, "LZ4_sizeofStateHC").invokeExact(), 16);
      // int f(void* state, const char* src, char* dst, int srcSize, int dstCapacity, int accelerationOrLevel)
      FunctionDescriptor compress = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT);
      h[0] = critical(linker, lz4, compress, "LZ4_compress_fast_extState");
      h[1] = critical(linker, lz4, compress, "LZ4_compress_HC_extStateHC");
      h[2] = critical(linker, lz4, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT), "LZ4_decompress_safe");
      h[3] = critical(linker, lz4, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT), "LZ4_decompress_safe_partial");
      h[4] = critical(linker, xxh, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), "XXH32");
      FunctionDescriptor f64 = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG);
      h[5] = critical(linker, xxh, f64, "XXH64");
      h[6] = critical(linker, xxh, f64, "XXH3_64bits_withSeed_dispatch", "XXH3_64bits_withSeed");
      // XXH128_hash_t {low64, high64}, returned by value
      FunctionDescriptor f128 = FunctionDescriptor.of(MemoryLayout.structLayout(JAVA_LONG, JAVA_LONG), ADDRESS, JAVA_LONG, JAVA_LONG);
      h[7] = critical(linker, xxh, f128, "XXH3_128bits_withSeed_dispatch", "XXH3_128bits_withSeed");
      // dictionary compression, as lz4 -D prepares its dictionary once (LZ4F_createCDict) and
      // starts each block from it: int LZ4_loadDict(LZ4_stream_t*, const char* dict, int size),
      // int LZ4_compress_fast_continue(LZ4_stream_t*, src, dst, int srcSize, int dstCapacity, int acceleration),
      // void* LZ4_initStreamHC(void*, size_t), void LZ4_resetStreamHC_fast(LZ4_streamHC_t*, int level),
      // int LZ4_loadDictHC(LZ4_streamHC_t*, dict, int size), int LZ4_compress_HC_continue(LZ4_streamHC_t*, src, dst, int srcSize, int dstCapacity)
      FunctionDescriptor load = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT);
      h[8] = plain(linker, lz4, load, "LZ4_loadDict");
      h[9] = critical(linker, lz4, compress, "LZ4_compress_fast_continue");
      h[10] = plain(linker, lz4, FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG), "LZ4_initStreamHC");
      h[11] = plain(linker, lz4, FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT), "LZ4_resetStreamHC_fast");
      h[12] = plain(linker, lz4, load, "LZ4_loadDictHC");
      h[13] = critical(linker, lz4, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT), "LZ4_compress_HC_continue");
      name = "liblz4 " + version(lz4Version) + ", libxxhash " + version(xxhVersion);
    } catch (Throwable t) {
      why = "cannot bind the C libraries: " + t;
    }
    FAST = h[0];
    HC = h[1];
    DECOMPRESS = h[2];
    PARTIAL = h[3];
    XXH32 = h[4];
    XXH64 = h[5];
    XXH3 = h[6];
    XXH128 = h[7];
    LOAD_DICT = h[8];
    FAST_CONTINUE = h[9];
    INIT_HC = h[10];
    RESET_HC = h[11];
    LOAD_DICT_HC = h[12];
    HC_CONTINUE = h[13];
    FAST_STATE = fastState;
    HC_STATE = hcState;
    if (why == null) {
      why = selfTest();
    }
    UNAVAILABLE = why;
    NAME = why == null ? name : null;
  }

  private static MethodHandle plain(Linker linker, SymbolLookup lib, FunctionDescriptor fd, String symbol) {
    return linker.downcallHandle(lib.find(symbol).orElseThrow(() -> new IllegalStateException("no symbol " + symbol)), fd);
  }

  /** A critical handle of the first of {@code symbols} that {@code lib} has (a {@code _dispatch} entry point first). */
  private static MethodHandle critical(Linker linker, SymbolLookup lib, FunctionDescriptor fd, String... symbols) {
    for (String s : symbols) {
      var at = lib.find(s);
      if (at.isPresent()) {
        return linker.downcallHandle(at.get(), fd, Linker.Option.critical(true));
      }
    }
    throw new IllegalStateException("no symbol " + symbols[symbols.length - 1]);
  }

  private static String version(int v) {
    return v / 10000 + "." + v / 100 % 100 + "." + v % 100;
  }

  /** One round trip through each LZ4 entry point, so that a wrong binding fails here; the harness compares the hashes. */
  private static String selfTest() {
    byte[] data = new byte[300];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i % 13 == 0 ? i * 7 : 'a' + i % 5);
    }
    byte[] packed = new byte[400];
    byte[] back = new byte[300];
    int n = fast(data, 300, packed, 400);
    boolean ok = n > 0 && decompress(packed, n, back, 300) == 300 && Arrays.equals(data, back);
    n = hc9(data, 300, packed, 400);
    Arrays.fill(back, (byte) 0);
    ok &= n > 0 && partial(packed, n, back, 100, 100) == 100 && Arrays.equals(Arrays.copyOf(back, 100), Arrays.copyOf(data, 100));
    return ok ? null : "the C reference failed its self-test";
  }

  static int fast(byte[] src, int srcLen, byte[] dst, int dstCap) {
    try {
      return (int) FAST.invokeExact(FAST_STATE, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, 1);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static int hc9(byte[] src, int srcLen, byte[] dst, int dstCap) {
    try {
      return (int) HC.invokeExact(HC_STATE, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, 9);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static int decompress(byte[] src, int srcLen, byte[] dst, int dstCap) {
    try {
      return (int) DECOMPRESS.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static int partial(byte[] src, int srcLen, byte[] dst, int target, int dstCap) {
    try {
      return (int) PARTIAL.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, target, dstCap);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static int xxh32(byte[] in, int len, int seed) {
    try {
      return (int) XXH32.invokeExact(MemorySegment.ofArray(in), (long) len, seed);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static long xxh64(byte[] in, int len, long seed) {
    try {
      return (long) XXH64.invokeExact(MemorySegment.ofArray(in), (long) len, seed);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static long xxh3(byte[] in, int len, long seed) {
    try {
      return (long) XXH3.invokeExact(MemorySegment.ofArray(in), (long) len, seed);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  static long xxh128(byte[] in, int len, long seed) {
    try {
      MemorySegment r = (MemorySegment) XXH128.invokeExact(SAME_PAIR, MemorySegment.ofArray(in), (long) len, seed);
      return r.get(JAVA_LONG, 0);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  /** A dictionary prepared once: its bytes in native memory and the streams {@code LZ4_loadDict} and {@code LZ4_loadDictHC} (level 9) made of them. */
  record Dict(MemorySegment bytes, MemorySegment fast, MemorySegment hc9) {}

  /** @return {@code dict} prepared as {@code lz4 -D} prepares it; never freed (a few per run) */
  static Object prepareDict(byte[] dict) {
    try {
      Arena a = Arena.global();
      MemorySegment bytes = a.allocate(Math.max(1, dict.length), 16);
      MemorySegment.copy(MemorySegment.ofArray(dict), 0, bytes, 0, dict.length);
      MemorySegment fast = a.allocate(FAST_STATE.byteSize(), 16);
      int n = (int) LOAD_DICT.invokeExact(fast, bytes, dict.length);
      MemorySegment hc = a.allocate(HC_STATE.byteSize(), 16);
      MemorySegment unused = (MemorySegment) INIT_HC.invokeExact(hc, hc.byteSize());
      RESET_HC.invokeExact(hc, 9); // LZ4_loadDictHC keeps the stream's level
      int m = (int) LOAD_DICT_HC.invokeExact(hc, bytes, dict.length);
      if (n != Math.min(dict.length, 65536) || m != n) {
        throw new IllegalStateException("LZ4_loadDict: " + n + ", LZ4_loadDictHC: " + m);
      }
      return new Dict(bytes, fast, hc);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  /** A block against a prepared dictionary: the prepared stream copied into the state, then {@code LZ4_compress_fast_continue}, acceleration 1. */
  static int fastDict(Object dict, byte[] src, int srcLen, byte[] dst, int dstCap) {
    Dict d = (Dict) dict;
    MemorySegment.copy(d.fast, 0, FAST_STATE, 0, FAST_STATE.byteSize());
    try {
      return (int) FAST_CONTINUE.invokeExact(FAST_STATE, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, 1);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }

  /** As {@link #fastDict}, HC level 9: the prepared HC stream copied into the state, then {@code LZ4_compress_HC_continue}. */
  static int hc9Dict(Object dict, byte[] src, int srcLen, byte[] dst, int dstCap) {
    Dict d = (Dict) dict;
    MemorySegment.copy(d.hc9, 0, HC_STATE, 0, HC_STATE.byteSize());
    try {
      return (int) HC_CONTINUE.invokeExact(HC_STATE, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap);
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
  }
}
