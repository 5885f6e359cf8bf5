package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bound {@code liblz4} (1.9.3 or later): loaded, version-checked and self-tested once, at
 * class initialisation. Every entry point is called once by {@link #selfTest} before first use,
 * so a library that would fail at its first call (a missing symbol under lazy binding) fails here
 * instead, and Celer stays in pure Java.
 *
 * <p>{@code LZ4_decompress_fast} is never bound: it trusts the input.
 */
final class Lz4Library {
  private Lz4Library() {}

  /** {@code LZ4_versionNumber()} of 1.9.3: the oldest release without CVE-2021-3520 and with today's API. */
  static final int MIN_VERSION = 10903;

  /**
   * The downcall handles; a record, so that the JIT trusts its fields as constants. Three shapes
   * per entry point: {@code *Heap} are critical calls that take heap segments (byte arrays, no
   * copy); {@code *Short} are critical calls on raw addresses ({@code long}, no segment object at
   * all: direct buffers and pooled native memory); the unsuffixed ones are ordinary downcalls on
   * raw addresses, which let the JVM reach safepoints while they run (long calls, HC). The
   * compressor state is always a raw address.
   */
  private record Handles(
      MethodHandle fastHeap,
      MethodHandle fastShort,
      MethodHandle fast,
      MethodHandle high,
      MethodHandle decompressHeap,
      MethodHandle decompressShort,
      MethodHandle decompress,
      MethodHandle partialHeap,
      MethodHandle partialShort,
      MethodHandle partial,
      MethodHandle dictHeap,
      MethodHandle dictShort,
      MethodHandle dict,
      MethodHandle partialDictHeap,
      MethodHandle partialDictShort,
      MethodHandle partialDict,
      MethodHandle destSizeHeap,
      MethodHandle destSizeShort,
      MethodHandle destSize,
      MethodHandle highDestSize) {}

  /**
   * Dictionary compression, all on native memory (see {@link NativeBackend}, "LZ4 dictionary
   * compression"): {@code LZ4_loadDict} (a short call: it indexes at most 64 KB) and {@code
   * LZ4_compress_fast_continue}, short or ordinary; {@code LZ4_resetStreamHC_fast} (short: it sets
   * the level), {@code LZ4_loadDictHC} and {@code LZ4_compress_HC_continue} (ordinary). Bound and
   * self-tested apart from the rest: when this fails, only dictionary compression stays in Java.
   */
  private record DictHandles(
      MethodHandle loadDict,
      MethodHandle continueShort,
      MethodHandle continueOrdinary,
      MethodHandle resetHigh,
      MethodHandle loadDictHigh,
      MethodHandle continueHigh) {}

  private static final DictHandles D;
  /** Whether {@link #D} is bound and passed its self-test. */
  static final boolean DICT_COMPRESSION;
  /** Why {@link #DICT_COMPRESSION} is false while the rest of the library is in use, or {@code null}. */
  static final String DICT_FAILURE;

  /** Whether {@code LZ4_decompress_safe_partial_usingDict} (1.9.4+, optional) is bound. */
  static final boolean PARTIAL_DICT;

  private static final Handles H;
  /** e.g. {@code "liblz4 1.9.4"}. */
  static final String NAME;
  /** Why the library is not used, or {@code null} when it is. */
  static final String FAILURE;
  /** {@code LZ4_sizeofState()} and {@code LZ4_sizeofStateHC()}. */
  static final long STATE_SIZE;
  static final long STATE_HC_SIZE;

  static {
    Handles h = null;
    String name = null;
    String failure = NativeBackend.REFUSED;
    long state = 0;
    long stateHc = 0;
    DictHandles d = null;
    String dictFailure = null;
    if (failure == null) {
      try {
        SymbolLookup lib = NativeLibraries.open("dev.celer.native.lz4", "liblz4.so.1", "liblz4.1.dylib");
        int v = (int) NativeLibraries.bind(lib, "LZ4_versionNumber", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
        int min = NativeLibraries.minimum("dev.celer.native.lz4.minVersion", MIN_VERSION);
        if (v < min) {
          throw new Refused("liblz4 " + NativeLibraries.version(v) + " is older than " + NativeLibraries.version(min));
        }
        name = "liblz4 " + NativeLibraries.version(v);
        state = (int) NativeLibraries.bind(lib, "LZ4_sizeofState", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
        stateHc = (int) NativeLibraries.bind(lib, "LZ4_sizeofStateHC", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
        // int f(void* state, const char* src, char* dst, int srcSize, int dstCapacity, int accelerationOrLevel)
        FunctionDescriptor compressHeap = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT);
        FunctionDescriptor compressRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT);
        // int LZ4_decompress_safe(const char* src, char* dst, int compressedSize, int dstCapacity)
        FunctionDescriptor safeHeap = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT);
        FunctionDescriptor safeRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
        // int LZ4_decompress_safe_partial(src, dst, int compressedSize, int targetOutputSize, int dstCapacity)
        FunctionDescriptor partialHeap = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT);
        FunctionDescriptor partialRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT);
        // int LZ4_decompress_safe_usingDict(src, dst, int srcSize, int dstCapacity, const char* dictStart, int dictSize)
        FunctionDescriptor dictHeap = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT);
        FunctionDescriptor dictRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);
        // int LZ4_decompress_safe_partial_usingDict(src, dst, int compressedSize, int targetOutputSize, int maxOutputSize, dictStart, int dictSize)
        FunctionDescriptor partialDictHeap = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT);
        FunctionDescriptor partialDictRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);
        String partialDict = "LZ4_decompress_safe_partial_usingDict";
        // int LZ4_compress_destSize(const char* src, char* dst, int* srcSizePtr, int targetDstSize);
        // *srcSizePtr (in: the input's length, out: how much of it went in) in pooled native memory
        FunctionDescriptor destHeap = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT);
        FunctionDescriptor destRaw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT);
        // int LZ4_compress_HC_destSize(void* stateHC, src, dst, int* srcSizePtr, int targetDstSize, int compressionLevel)
        FunctionDescriptor destHigh = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
        h = new Handles(
            NativeLibraries.bind(lib, "LZ4_compress_fast_extState", compressHeap, HEAP),
            NativeLibraries.bind(lib, "LZ4_compress_fast_extState", compressRaw, SHORT),
            NativeLibraries.bind(lib, "LZ4_compress_fast_extState", compressRaw, ORDINARY),
            NativeLibraries.bind(lib, "LZ4_compress_HC_extStateHC", compressRaw, ORDINARY),
            NativeLibraries.bind(lib, "LZ4_decompress_safe", safeHeap, HEAP),
            NativeLibraries.bind(lib, "LZ4_decompress_safe", safeRaw, SHORT),
            NativeLibraries.bind(lib, "LZ4_decompress_safe", safeRaw, ORDINARY),
            NativeLibraries.bind(lib, "LZ4_decompress_safe_partial", partialHeap, HEAP),
            NativeLibraries.bind(lib, "LZ4_decompress_safe_partial", partialRaw, SHORT),
            NativeLibraries.bind(lib, "LZ4_decompress_safe_partial", partialRaw, ORDINARY),
            NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", dictHeap, HEAP),
            NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", dictRaw, SHORT),
            NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", dictRaw, ORDINARY),
            NativeLibraries.bindOptional(lib, partialDict, partialDictHeap, HEAP),
            NativeLibraries.bindOptional(lib, partialDict, partialDictRaw, SHORT),
            NativeLibraries.bindOptional(lib, partialDict, partialDictRaw, ORDINARY),
            NativeLibraries.bind(lib, "LZ4_compress_destSize", destHeap, HEAP),
            NativeLibraries.bind(lib, "LZ4_compress_destSize", destRaw, SHORT),
            NativeLibraries.bind(lib, "LZ4_compress_destSize", destRaw, ORDINARY),
            NativeLibraries.bind(lib, "LZ4_compress_HC_destSize", destHigh, ORDINARY));
        selfTest(h, state, stateHc, name);
        try {
          d = bindDict(lib);
          selfTestDict(h, d, state, stateHc, name);
        } catch (Throwable t) {
          d = null;
          dictFailure = NativeLibraries.reason("liblz4", t);
        }
      } catch (Throwable t) {
        failure = NativeLibraries.reason("liblz4", t);
        h = null;
      }
    }
    H = h;
    D = h == null ? null : d;
    DICT_COMPRESSION = D != null;
    DICT_FAILURE = h == null ? null : dictFailure;
    PARTIAL_DICT = h != null && h.partialDict != null;
    NAME = name;
    FAILURE = failure;
    STATE_SIZE = state;
    STATE_HC_SIZE = stateHc;
  }

  // The heap segments passed to the *Heap calls come from NativeBackend's cache (no allocation per
  // call); their length may exceed the range, which Java has checked and passes as numbers.

  static int fastHeap(long state, MemorySegment src, int srcLen, MemorySegment dst, int dstCap, int acceleration) {
    try {
      return (int) H.fastHeap.invokeExact(state, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  // The *Whole calls take whole arrays (offset 0, NativeBackend's common case) and make their heap
  // segments per call, with MemorySegment.ofArray alone: see NativeBackend, above lz4CompressFast,
  // for why that is removed by escape analysis at any call site and why each method stays at most
  // 35 bytes of bytecode (the handle from a static final of its own, the exception handler left
  // to the caller).

  private static final MethodHandle FAST_HEAP = H == null ? null : H.fastHeap;
  private static final MethodHandle DECOMPRESS_HEAP = H == null ? null : H.decompressHeap;
  private static final MethodHandle PARTIAL_HEAP = H == null ? null : H.partialHeap;

  static int fastWhole(long state, byte[] src, int srcLen, byte[] dst, int dstCap, int acceleration) throws Throwable {
    return (int) FAST_HEAP.invokeExact(state, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, acceleration);
  }

  static int decompressWhole(byte[] src, int srcLen, byte[] dst, int dstCap) throws Throwable {
    return (int) DECOMPRESS_HEAP.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap);
  }

  static int partialWhole(byte[] src, int srcLen, byte[] dst, int dstCap) throws Throwable {
    return (int) PARTIAL_HEAP.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, dstCap);
  }

  // The *Fresh calls make their heap segments themselves, for arrays at other offsets that are not
  // in NativeBackend's cache: made and consumed in one method, where escape analysis can remove
  // them. Kept small, as the *Whole ones, so that C2 inlines them at any call site it compiles
  // (34 and 35 bytes; fastFresh is 37, its call having three more arguments); whether it then
  // removes the segments depends on asSlice's chain (see NativeBackend, above lz4CompressFast).

  static int fastFresh(byte[] src, int srcOff, byte[] dst, int dstOff, long state, int srcLen, int dstCap, int acceleration) throws Throwable {
    return (int) FAST_HEAP.invokeExact(state, MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap, acceleration);
  }

  static int decompressFresh(byte[] src, int srcOff, byte[] dst, int dstOff, int srcLen, int dstCap) throws Throwable {
    return (int) DECOMPRESS_HEAP.invokeExact(MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap);
  }

  static int partialFresh(byte[] src, int srcOff, byte[] dst, int dstOff, int srcLen, int dstCap) throws Throwable {
    return (int) PARTIAL_HEAP.invokeExact(MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap, dstCap);
  }

  /** @param critical whether the call may hold off safepoints (only short calls) */
  static int fastRaw(boolean critical, long state, long src, int srcLen, long dst, int dstCap, int acceleration) {
    try {
      return critical
          ? (int) H.fastShort.invokeExact(state, src, dst, srcLen, dstCap, acceleration)
          : (int) H.fast.invokeExact(state, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int highRaw(long state, long src, int srcLen, long dst, int dstCap, int level) {
    try {
      return (int) H.high.invokeExact(state, src, dst, srcLen, dstCap, level);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int decompressHeap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap) {
    try {
      return (int) H.decompressHeap.invokeExact(src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int partialHeap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap) {
    try {
      return (int) H.partialHeap.invokeExact(src, dst, srcLen, dstCap, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int decompressRaw(boolean critical, long src, int srcLen, long dst, int dstCap) {
    try {
      return critical
          ? (int) H.decompressShort.invokeExact(src, dst, srcLen, dstCap)
          : (int) H.decompress.invokeExact(src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int partialRaw(boolean critical, long src, int srcLen, long dst, int dstCap) {
    try {
      return critical
          ? (int) H.partialShort.invokeExact(src, dst, srcLen, dstCap, dstCap)
          : (int) H.partial.invokeExact(src, dst, srcLen, dstCap, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_compress_destSize}: {@code srcSizePtr} holds the input length and receives what was consumed. */
  static int destSizeHeap(MemorySegment src, MemorySegment dst, long srcSizePtr, int dstCap) {
    try {
      return (int) H.destSizeHeap.invokeExact(src, dst, srcSizePtr, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int destSizeRaw(boolean critical, long src, long dst, long srcSizePtr, int dstCap) {
    try {
      return critical
          ? (int) H.destSizeShort.invokeExact(src, dst, srcSizePtr, dstCap)
          : (int) H.destSize.invokeExact(src, dst, srcSizePtr, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int highDestSizeRaw(long state, long src, long dst, long srcSizePtr, int dstCap, int level) {
    try {
      return (int) H.highDestSize.invokeExact(state, src, dst, srcSizePtr, dstCap, level);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_decompress_safe_usingDict}, or its partial form (only when {@link #PARTIAL_DICT}), on heap segments. */
  static int dictHeap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap, MemorySegment dict, int dictLen, boolean partial) {
    try {
      return partial
          ? (int) H.partialDictHeap.invokeExact(src, dst, srcLen, dstCap, dstCap, dict, dictLen)
          : (int) H.dictHeap.invokeExact(src, dst, srcLen, dstCap, dict, dictLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int dictRaw(boolean critical, long src, int srcLen, long dst, int dstCap, long dict, int dictLen, boolean partial) {
    try {
      if (partial) {
        return critical
            ? (int) H.partialDictShort.invokeExact(src, dst, srcLen, dstCap, dstCap, dict, dictLen)
            : (int) H.partialDict.invokeExact(src, dst, srcLen, dstCap, dstCap, dict, dictLen);
      }
      return critical
          ? (int) H.dictShort.invokeExact(src, dst, srcLen, dstCap, dict, dictLen)
          : (int) H.dict.invokeExact(src, dst, srcLen, dstCap, dict, dictLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  // ------------------------------------------------------------------ dictionary compression

  private static DictHandles bindDict(SymbolLookup lib) throws Refused {
    // int LZ4_loadDict(LZ4_stream_t* stream, const char* dictionary, int dictSize)
    FunctionDescriptor load = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
    // int LZ4_compress_fast_continue(LZ4_stream_t* stream, const char* src, char* dst, int srcSize, int dstCapacity, int acceleration)
    FunctionDescriptor raw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT);
    String cont = "LZ4_compress_fast_continue";
    // void LZ4_resetStreamHC_fast(LZ4_streamHC_t* stream, int compressionLevel)
    FunctionDescriptor resetHigh = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT);
    // int LZ4_compress_HC_continue(LZ4_streamHC_t* stream, const char* src, char* dst, int srcSize, int dstCapacity)
    FunctionDescriptor contHigh = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
    return new DictHandles(
        NativeLibraries.bind(lib, "LZ4_loadDict", load, SHORT),
        NativeLibraries.bind(lib, cont, raw, SHORT),
        NativeLibraries.bind(lib, cont, raw, ORDINARY),
        NativeLibraries.bind(lib, "LZ4_resetStreamHC_fast", resetHigh, SHORT),
        NativeLibraries.bind(lib, "LZ4_loadDictHC", load, ORDINARY),
        NativeLibraries.bind(lib, "LZ4_compress_HC_continue", contHigh, ORDINARY));
  }

  /**
   * {@code LZ4_loadDict}: resets the stream at {@code stream} and indexes the last 64 KB of {@code
   * dict[0, dictLen)} into it. The stream keeps {@code dict}'s address: the caller keeps that memory
   * alive and unchanged while the stream (or a copy of it) is used.
   *
   * @return the dictionary bytes the stream holds
   */
  static int loadDict(long stream, long dict, int dictLen) {
    try {
      return (int) D.loadDict.invokeExact(stream, dict, dictLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * {@code LZ4_resetStreamHC_fast} then {@code LZ4_loadDictHC}: the HC state at {@code state} (a
   * valid or zeroed one) set to {@code level} and loaded over {@code dict[0, dictLen)}, whose
   * address it keeps (as {@link #loadDict}).
   */
  static void loadDictHigh(long state, long dict, int dictLen, int level) {
    try {
      D.resetHigh.invokeExact(state, level); // LZ4_loadDictHC keeps the state's level
      int n = (int) D.loadDictHigh.invokeExact(state, dict, dictLen);
      assert n == Math.min(dictLen, 65536) : n;
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_compress_HC_continue} on raw addresses (an ordinary downcall: HC is slow per byte). */
  static int continueHigh(long state, long src, int srcLen, long dst, int dstCap) {
    try {
      return (int) D.continueHigh.invokeExact(state, src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_compress_fast_continue} on raw addresses; {@code critical}: short calls only. */
  static int continueRaw(boolean critical, long stream, long src, int srcLen, long dst, int dstCap, int acceleration) {
    try {
      return critical
          ? (int) D.continueShort.invokeExact(stream, src, dst, srcLen, dstCap, acceleration)
          : (int) D.continueOrdinary.invokeExact(stream, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * Calls each dictionary handle once, as NativeBackend uses them: a stream loaded over a
   * dictionary, copied before each shape of {@code LZ4_compress_fast_continue} on the input that
   * follows the dictionary in memory, must give one block, smaller than the input compressed
   * alone (it references the dictionary), that decodes with {@code LZ4_decompress_safe_usingDict};
   * and so must an HC state set to level 9, loaded over the dictionary and copied.
   */
  private static void selfTestDict(Handles h, DictHandles d, long stateSize, long stateHcSize, String name) throws Throwable {
    byte[] text = "Celer dictionary self-test: pack my box with five dozen liquor jugs, ".getBytes(StandardCharsets.US_ASCII);
    byte[] dict = new byte[1000];
    for (int i = 0; i < dict.length; i++) {
      dict[i] = i % 11 == 0 ? (byte) (i * 13) : text[i % text.length];
    }
    byte[] data = Arrays.copyOfRange(dict, 200, 800);
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment window = arena.allocate(dict.length + data.length);
      MemorySegment.copy(dict, 0, window, JAVA_BYTE, 0, dict.length);
      MemorySegment.copy(data, 0, window, JAVA_BYTE, dict.length, data.length);
      MemorySegment loaded = arena.allocate(stateSize, 16);
      MemorySegment work = arena.allocate(stateSize, 16);
      int kept = (int) d.loadDict.invokeExact(loaded.address(), window.address(), dict.length);
      check(kept == dict.length, name, "LZ4_loadDict");
      MemorySegment out = arena.allocate(cap);
      MemorySegment out2 = arena.allocate(cap);
      work.copyFrom(loaded);
      long in = window.address() + dict.length;
      int ns = (int) d.continueShort.invokeExact(work.address(), in, out.address(), data.length, cap, 1);
      work.copyFrom(loaded);
      int no = (int) d.continueOrdinary.invokeExact(work.address(), in, out2.address(), data.length, cap, 1);
      check(ns > 0 && ns < 100 && no == ns && out2.asSlice(0, ns).mismatch(out.asSlice(0, ns)) == -1, name, "compression with a dictionary");
      byte[] packed = out.asSlice(0, ns).toArray(JAVA_BYTE);
      byte[] back = new byte[data.length];
      int k = (int) h.dictHeap.invokeExact(MemorySegment.ofArray(packed), MemorySegment.ofArray(back), ns, data.length,
          MemorySegment.ofArray(dict), dict.length);
      check(k == data.length && Arrays.equals(back, data), name, "compression with a dictionary (round trip)");

      MemorySegment loadedHigh = arena.allocate(stateHcSize, 16);
      MemorySegment workHigh = arena.allocate(stateHcSize, 16);
      d.resetHigh.invokeExact(loadedHigh.address(), 9);
      int keptHigh = (int) d.loadDictHigh.invokeExact(loadedHigh.address(), window.address(), dict.length);
      workHigh.copyFrom(loadedHigh);
      int nh = (int) d.continueHigh.invokeExact(workHigh.address(), in, out.address(), data.length, cap);
      check(keptHigh == dict.length && nh > 0 && nh < 100, name, "HC compression with a dictionary");
      packed = out.asSlice(0, nh).toArray(JAVA_BYTE);
      Arrays.fill(back, (byte) 0);
      k = (int) h.dictHeap.invokeExact(MemorySegment.ofArray(packed), MemorySegment.ofArray(back), nh, data.length,
          MemorySegment.ofArray(dict), dict.length);
      check(k == data.length && Arrays.equals(back, data), name, "HC compression with a dictionary (round trip)");
    }
  }

  /**
   * Calls every handle once on fixed data and checks the round trips, and that a match offset of
   * 0 (invalid; some decoders copy stale destination bytes for it) does not expose what the
   * destination held before.
   */
  private static void selfTest(Handles h, long state, long stateHc, String name) throws Throwable {
    byte[] data = new byte[4096];
    byte[] text = "Celer self-test: the quick brown fox jumps over the lazy dog. ".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < data.length; i++) {
      data[i] = i % 7 == 0 ? (byte) (i * 31) : text[i % text.length];
    }
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      long fastState = arena.allocate(state, 16).address();
      long highState = arena.allocate(stateHc, 16).address();
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(cap);
      MemorySegment out2 = arena.allocate(cap);
      MemorySegment back = arena.allocate(data.length);

      byte[] viaHeap = new byte[cap];
      int nc = (int) h.fastHeap.invokeExact(fastState, MemorySegment.ofArray(data), MemorySegment.ofArray(viaHeap), data.length, cap, 1);
      int nf = (int) h.fast.invokeExact(fastState, in.address(), out.address(), data.length, cap, 1);
      int ns = (int) h.fastShort.invokeExact(fastState, in.address(), out2.address(), data.length, cap, 1);
      check(nf > 0 && nf == nc && ns == nf && Arrays.equals(out.asSlice(0, nf).toArray(JAVA_BYTE), Arrays.copyOf(viaHeap, nc))
          && out.asSlice(0, nf).mismatch(out2.asSlice(0, nf)) == -1, name, "fast compression");

      byte[] restored = new byte[data.length];
      int dc = (int) h.decompressHeap.invokeExact(MemorySegment.ofArray(viaHeap), MemorySegment.ofArray(restored), nc, data.length);
      check(dc == data.length && Arrays.equals(restored, data), name, "decompression (heap)");
      int d = (int) h.decompress.invokeExact(out.address(), back.address(), nf, data.length);
      check(d == data.length && Arrays.equals(back.toArray(JAVA_BYTE), data), name, "decompression");
      back.fill((byte) 0);
      d = (int) h.decompressShort.invokeExact(out.address(), back.address(), nf, data.length);
      check(d == data.length && Arrays.equals(back.toArray(JAVA_BYTE), data), name, "decompression (short)");
      byte[] prefix = new byte[100];
      int pc = (int) h.partialHeap.invokeExact(MemorySegment.ofArray(viaHeap), MemorySegment.ofArray(prefix), nc, 100, 100);
      check(pc == 100 && Arrays.equals(prefix, Arrays.copyOf(data, 100)), name, "partial decompression (heap)");
      back.fill((byte) 0);
      int p = (int) h.partial.invokeExact(out.address(), back.address(), nf, 100, 100);
      check(p == 100 && back.asSlice(0, 100).mismatch(MemorySegment.ofArray(prefix)) == -1, name, "partial decompression");
      back.fill((byte) 0);
      p = (int) h.partialShort.invokeExact(out.address(), back.address(), nf, 100, 100);
      check(p == 100 && back.asSlice(0, 100).mismatch(MemorySegment.ofArray(prefix)) == -1, name, "partial decompression (short)");

      int nh = (int) h.high.invokeExact(highState, in.address(), out.address(), data.length, cap, 9);
      check(nh > 0 && nh <= nf, name, "HC compression");
      back.fill((byte) 0);
      d = (int) h.decompress.invokeExact(out.address(), back.address(), nh, data.length);
      check(d == data.length && Arrays.equals(back.toArray(JAVA_BYTE), data), name, "HC round trip");

      // destination size: 1000 bytes of room for the 4096 bytes of input; the block decodes to
      // the prefix it reports, and every shape gives the same block
      MemorySegment cell = arena.allocate(JAVA_INT);
      cell.set(JAVA_INT, 0, data.length);
      byte[] small = new byte[1000];
      int ds = (int) h.destSizeHeap.invokeExact(MemorySegment.ofArray(data), MemorySegment.ofArray(small), cell.address(), 1000);
      int took = cell.get(JAVA_INT, 0);
      byte[] taken = new byte[took];
      int dp = ds > 0 ? (int) h.decompressHeap.invokeExact(MemorySegment.ofArray(small), MemorySegment.ofArray(taken), ds, took) : -1;
      check(ds > 0 && ds <= 1000 && took > 0 && took < data.length && dp == took && Arrays.equals(taken, Arrays.copyOf(data, took)), name,
          "destination-size compression (heap)");
      cell.set(JAVA_INT, 0, data.length);
      int ds2 = (int) h.destSizeShort.invokeExact(in.address(), out.address(), cell.address(), 1000);
      check(ds2 == ds && cell.get(JAVA_INT, 0) == took && out.asSlice(0, ds).mismatch(MemorySegment.ofArray(small).asSlice(0, ds)) == -1, name,
          "destination-size compression (short)");
      cell.set(JAVA_INT, 0, data.length);
      int ds3 = (int) h.destSize.invokeExact(in.address(), out.address(), cell.address(), 1000);
      check(ds3 == ds && cell.get(JAVA_INT, 0) == took, name, "destination-size compression");
      cell.set(JAVA_INT, 0, data.length);
      int dh = (int) h.highDestSize.invokeExact(highState, in.address(), out.address(), cell.address(), 1000, 9);
      int tookHigh = cell.get(JAVA_INT, 0);
      back.fill((byte) 0);
      int dph = dh > 0 ? (int) h.decompress.invokeExact(out.address(), back.address(), dh, tookHigh) : -1;
      check(dh > 0 && dh <= 1000 && tookHigh >= took && dph == tookHigh
          && back.asSlice(0, tookHigh).mismatch(in.asSlice(0, tookHigh)) == -1, name, "HC destination-size compression");

      // with history: no literals, a match 8 back of length 8 (all history), last literals "vwxyz";
      // once with the history right before the output (a prefix), once elsewhere (external)
      byte[] withDict = {0x04, 8, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
      byte[] expect = {'h', 'i', 's', 't', 'o', 'r', 'y', '!', 'v', 'w', 'x', 'y', 'z'};
      byte[] prefixed = new byte[8 + 13];
      System.arraycopy(expect, 0, prefixed, 0, 8);
      MemorySegment hist = MemorySegment.ofArray(prefixed);
      int k = (int) h.dictHeap.invokeExact(MemorySegment.ofArray(withDict), hist.asSlice(8), withDict.length, 13, hist, 8);
      check(k == 13 && Arrays.equals(Arrays.copyOfRange(prefixed, 8, 21), expect), name, "decompression with a prefix (heap)");
      MemorySegment nIn = arena.allocate(withDict.length);
      nIn.copyFrom(MemorySegment.ofArray(withDict));
      MemorySegment nDict = arena.allocate(8);
      nDict.copyFrom(hist.asSlice(0, 8));
      MemorySegment nOut = arena.allocate(13);
      k = (int) h.dictShort.invokeExact(nIn.address(), nOut.address(), withDict.length, 13, nDict.address(), 8);
      check(k == 13 && Arrays.equals(nOut.toArray(JAVA_BYTE), expect), name, "decompression with a dictionary (short)");
      nOut.fill((byte) 0);
      k = (int) h.dict.invokeExact(nIn.address(), nOut.address(), withDict.length, 13, nDict.address(), 8);
      check(k == 13 && Arrays.equals(nOut.toArray(JAVA_BYTE), expect), name, "decompression with a dictionary");
      if (h.partialDict != null) {
        byte[] part = new byte[10];
        k = (int) h.partialDictHeap.invokeExact(MemorySegment.ofArray(withDict), MemorySegment.ofArray(part), withDict.length, 10, 10,
            MemorySegment.ofArray(expect), 8);
        check(k == 10 && Arrays.equals(part, Arrays.copyOf(expect, 10)), name, "partial decompression with a dictionary (heap)");
        nOut.fill((byte) 0);
        k = (int) h.partialDictShort.invokeExact(nIn.address(), nOut.address(), withDict.length, 10, 10, nDict.address(), 8);
        int k2 = (int) h.partialDict.invokeExact(nIn.address(), nOut.address(), withDict.length, 10, 10, nDict.address(), 8);
        check(k == 10 && k2 == 10 && Arrays.equals(nOut.asSlice(0, 10).toArray(JAVA_BYTE), Arrays.copyOf(expect, 10)), name,
            "partial decompression with a dictionary");
      }

      // 4 literals "abcd", a match at offset 0 of length 4, last literals "vwxyz"
      byte[] offsetZero = {0x40, 'a', 'b', 'c', 'd', 0, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
      byte[] stale = new byte[17];
      Arrays.fill(stale, (byte) 0x5A);
      int z = (int) h.decompressHeap.invokeExact(MemorySegment.ofArray(offsetZero), MemorySegment.ofArray(stale), offsetZero.length, stale.length);
      check(z < 0 || stale[4] != 0x5A && stale[5] != 0x5A && stale[6] != 0x5A && stale[7] != 0x5A, name,
          "a match offset of 0 (the destination's previous bytes are exposed)");
    }
  }

  private static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
