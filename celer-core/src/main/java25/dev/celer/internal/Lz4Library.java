package dev.celer.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.HEAP;
import static dev.celer.internal.NativeLibraries.Call.ORDINARY;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import dev.celer.internal.NativeLibraries.Refused;
import dev.celer.lz4.Lz4;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bound {@code liblz4} (1.9.3 or later). Loaded and version-checked once, at class
 * initialisation; its entry points are bound and self-tested by group, each at its first use (one
 * holder class per group: {@link High}, {@link DictDecode}, {@link DestSize}, {@link
 * HighDestSize}, dictionary compression; and one per handle shape for fast compression and
 * decompression, {@link FastHeap} to {@link DecompressOrdinary}), so that
 * a process that only compresses never binds the decoders. Every entry
 * point of a group is called once by its self-test before first use, so a library that would
 * fail at its first call (a missing symbol under lazy binding, a wrong result) fails there
 * instead; that group then stays in pure Java for the life of the JVM ({@link NativeBackend} takes
 * the Java path for it), with the reason in {@link NativeBackend#status()}, and the other groups
 * are unaffected.
 *
 * <p>{@code LZ4_decompress_fast} is never bound: it trusts the input. Nor are the partial
 * decoders: partial decoding always runs in Java (see {@code Lz4NativeDecompressor}).
 */
final class Lz4Library {
  private Lz4Library() {}

  /** {@code LZ4_versionNumber()} of 1.9.3: the oldest release without CVE-2021-3520 and with today's API. */
  static final int MIN_VERSION = 10903;

  /** The library's symbols, or {@code null} when it is not used. */
  private static final SymbolLookup LIB;
  /** e.g. {@code "liblz4 1.9.4"}. */
  static final String NAME;
  /** Why the library is not used, or {@code null} when it is. */
  static final String FAILURE;
  /** {@code LZ4_sizeofState()} and {@code LZ4_sizeofStateHC()}. */
  static final long STATE_SIZE;
  static final long STATE_HC_SIZE;
  /** {@code LZ4_versionNumber()}, e.g. {@code 10904}, or 0 when the library is not used. */
  static final int VERSION;

  /**
   * {@code LZ4_versionNumber()} of 1.10.0, whose HC levels 1 and 2 use a new match finder ("mid")
   * and so give other bytes than 1.9.x and Celer's pure Java: with such a library those levels
   * stay in Java ({@link NativeBackend#lz4HighNative}), so that each level gives the same bytes
   * whatever library is loaded. Fast mode and HC levels 3 to 12 give 1.9.4's bytes.
   */
  static final int MID_VERSION = 11000;

  /** Where the library came from and why earlier steps failed (see {@link NativeLibraries.Loaded#origin}), or {@code null}. */
  static final String ORIGIN;

  static {
    SymbolLookup lib = null;
    String name = null;
    String origin = null;
    String failure = NativeBackend.REFUSED;
    long[] sizes = new long[2];
    int version = 0;
    if (failure == null) {
      try {
        NativeLibraries.Loaded loaded = NativeLibraries.load(
            new NativeLibraries.Spec("liblz4", "dev.celer.native.lz4", "lz4", "liblz4.so.1", "liblz4.1.dylib", "liblz4.dll", "LZ4_versionNumber"), Lz4Library::accept);
        lib = loaded.lib;
        name = loaded.name;
        origin = loaded.origin;
        sizes = stateSizes(lib, name);
        version = versionNumber(lib);
      } catch (Throwable t) {
        failure = NativeLibraries.reason("liblz4", t);
        lib = null;
      }
    }
    LIB = lib;
    NAME = name;
    ORIGIN = origin;
    FAILURE = failure;
    STATE_SIZE = sizes[0];
    STATE_HC_SIZE = sizes[1];
    VERSION = version;
  }

  private static int versionNumber(SymbolLookup lib) throws Throwable {
    return (int) NativeLibraries.bind(lib, "LZ4_versionNumber", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
  }

  /** Accepts a candidate liblz4: its version at least the minimum, its state sizes positive. */
  private static String accept(SymbolLookup lib) throws Throwable {
    int v = versionNumber(lib);
    int min = NativeLibraries.minimum("dev.celer.native.lz4.minVersion", MIN_VERSION);
    String name = "liblz4 " + NativeLibraries.version(v);
    if (v < min) {
      throw new Refused(name + " is older than " + NativeLibraries.version(min));
    }
    stateSizes(lib, name);
    return name;
  }

  /** @return {@code LZ4_sizeofState()} and {@code LZ4_sizeofStateHC()}, both positive */
  private static long[] stateSizes(SymbolLookup lib, String name) throws Throwable {
    // the state sizes share the version's handle shape: no new downcall stub
    long state = (int) NativeLibraries.bind(lib, "LZ4_sizeofState", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
    long stateHc = (int) NativeLibraries.bind(lib, "LZ4_sizeofStateHC", FunctionDescriptor.of(JAVA_INT), ORDINARY).invokeExact();
    if (state <= 0 || stateHc <= 0) {
      throw new Refused(name + " reports state sizes " + state + " and " + stateHc);
    }
    return new long[] {state, stateHc};
  }

  // The handle shapes. int f(void* state, const char* src, char* dst, int srcSize, int dstCapacity, int accelerationOrLevel)
  private static final FunctionDescriptor FD_COMPRESS_HEAP = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT);
  private static final FunctionDescriptor FD_COMPRESS_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT);
  // int LZ4_decompress_safe(const char* src, char* dst, int compressedSize, int dstCapacity)
  private static final FunctionDescriptor FD_SAFE_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT);
  private static final FunctionDescriptor FD_SAFE_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
  // int LZ4_decompress_safe_usingDict(src, dst, int srcSize, int dstCapacity, const char* dictStart, int dictSize)
  private static final FunctionDescriptor FD_DICT_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT);
  private static final FunctionDescriptor FD_DICT_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);
  // int LZ4_compress_destSize(const char* src, char* dst, int* srcSizePtr, int targetDstSize);
  // *srcSizePtr (in: the input's length, out: how much of it went in) in pooled native memory
  private static final FunctionDescriptor FD_DEST_HEAP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT);
  private static final FunctionDescriptor FD_DEST_RAW = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT);
  // int LZ4_compress_HC_destSize(void* stateHC, src, dst, int* srcSizePtr, int targetDstSize, int compressionLevel)
  private static final FunctionDescriptor FD_DEST_HIGH = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);

  /**
   * One group's binding and self-test, run by its holder's class initialisation.
   *
   * @return the handles, or {@code null} when the library is not in use or the group failed (then
   *     its reason is recorded for {@link NativeBackend#status()})
   */
  private static MethodHandle[] group(String what, NativeLibraries.GroupBinder binder) {
    return NativeLibraries.group("liblz4", FAILURE, LIB, NAME, what, binder);
  }


  /**
   * One handle shape of one function, as its own group: bound and self-tested at its first use,
   * so a process binds only the shapes its calls take (celer's 4 MB blocks: heap arrays, critical
   * calls; direct buffers: short calls; large calls copied through native memory: ordinary ones).
   * The shapes of a function share its group name (for the status and {@code
   * dev.celer.native.failSelfTest}).
   */
  private interface ShapeTest {
    void run(MethodHandle h, NativeLibraries.Call shape) throws Throwable;
  }

  private static MethodHandle shape(String what, String symbol, FunctionDescriptor heap, FunctionDescriptor raw, NativeLibraries.Call shape, ShapeTest test) {
    MethodHandle[] h = group(what, lib -> {
      MethodHandle m = NativeLibraries.bind(lib, symbol, shape == HEAP ? heap : raw, shape);
      test.run(m, shape);
      return new MethodHandle[] {m};
    });
    return h == null ? null : h[0];
  }

  /** Fast compression, {@code LZ4_compress_fast_extState}, in its three shapes. */
  static final class FastHeap {
    static final MethodHandle H = shape("fast compression", "LZ4_compress_fast_extState", FD_COMPRESS_HEAP, FD_COMPRESS_RAW, HEAP, Lz4Library::selfTestFast);
    static final boolean OK = H != null;
  }

  static final class FastShort {
    static final MethodHandle H = shape("fast compression", "LZ4_compress_fast_extState", FD_COMPRESS_HEAP, FD_COMPRESS_RAW, SHORT, Lz4Library::selfTestFast);
    static final boolean OK = H != null;
  }

  static final class FastOrdinary {
    static final MethodHandle H = shape("fast compression", "LZ4_compress_fast_extState", FD_COMPRESS_HEAP, FD_COMPRESS_RAW, ORDINARY, Lz4Library::selfTestFast);
    static final boolean OK = H != null;
  }

  /** {@code LZ4_decompress_safe}, in its three shapes. */
  static final class DecompressHeap {
    static final MethodHandle H = shape("decompression", "LZ4_decompress_safe", FD_SAFE_HEAP, FD_SAFE_RAW, HEAP, Lz4Library::selfTestDecompress);
    static final boolean OK = H != null;
  }

  static final class DecompressShort {
    static final MethodHandle H = shape("decompression", "LZ4_decompress_safe", FD_SAFE_HEAP, FD_SAFE_RAW, SHORT, Lz4Library::selfTestDecompress);
    static final boolean OK = H != null;
  }

  static final class DecompressOrdinary {
    static final MethodHandle H = shape("decompression", "LZ4_decompress_safe", FD_SAFE_HEAP, FD_SAFE_RAW, ORDINARY, Lz4Library::selfTestDecompress);
    static final boolean OK = H != null;
  }

  /** @return whether fast compression may be called in {@code shape} (binds it at the first ask) */
  static boolean fastReady(NativeLibraries.Call shape) {
    return switch (shape) {
      case HEAP -> FastHeap.OK;
      case SHORT -> FastShort.OK;
      case ORDINARY -> FastOrdinary.OK;
    };
  }

  /** @return whether decompression may be called in {@code shape} (binds it at the first ask) */
  static boolean decompressReady(NativeLibraries.Call shape) {
    return switch (shape) {
      case HEAP -> DecompressHeap.OK;
      case SHORT -> DecompressShort.OK;
      case ORDINARY -> DecompressOrdinary.OK;
    };
  }

  /** HC compression, {@code LZ4_compress_HC_extStateHC} (ordinary: HC is slow per byte). */
  static final class High {
    private static final MethodHandle[] H = group("HC compression", lib -> {
      MethodHandle[] h = {NativeLibraries.bind(lib, "LZ4_compress_HC_extStateHC", FD_COMPRESS_RAW, ORDINARY)};
      selfTestHigh(h[0]);
      return h;
    });
    static final boolean OK = H != null;
    static final MethodHandle ORDINARY_ = OK ? H[0] : null;
  }





  /** {@code LZ4_decompress_safe_usingDict}: heap, short, ordinary. */
  static final class DictDecode {
    private static final MethodHandle[] H = group("decompression with a dictionary", lib -> {
      MethodHandle[] h = {
          NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", FD_DICT_HEAP, HEAP),
          NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", FD_DICT_RAW, SHORT),
          NativeLibraries.bind(lib, "LZ4_decompress_safe_usingDict", FD_DICT_RAW, ORDINARY)};
      selfTestDictDecode(h);
      return h;
    });
    static final boolean OK = H != null;
    static final MethodHandle HEAP_ = OK ? H[0] : null;
    static final MethodHandle SHORT_ = OK ? H[1] : null;
    static final MethodHandle ORDINARY_ = OK ? H[2] : null;
  }

  /** {@code LZ4_compress_destSize}: heap, short, ordinary. */
  static final class DestSize {
    private static final MethodHandle[] H = group("destination-size compression", lib -> {
      MethodHandle[] h = {
          NativeLibraries.bind(lib, "LZ4_compress_destSize", FD_DEST_HEAP, HEAP),
          NativeLibraries.bind(lib, "LZ4_compress_destSize", FD_DEST_RAW, SHORT),
          NativeLibraries.bind(lib, "LZ4_compress_destSize", FD_DEST_RAW, ORDINARY)};
      selfTestDestSize(h);
      return h;
    });
    static final boolean OK = H != null;
    static final MethodHandle HEAP_ = OK ? H[0] : null;
    static final MethodHandle SHORT_ = OK ? H[1] : null;
    static final MethodHandle ORDINARY_ = OK ? H[2] : null;
  }

  /** {@code LZ4_compress_HC_destSize} (ordinary). */
  static final class HighDestSize {
    private static final MethodHandle[] H = group("HC destination-size compression", lib -> {
      MethodHandle[] h = {NativeLibraries.bind(lib, "LZ4_compress_HC_destSize", FD_DEST_HIGH, ORDINARY)};
      selfTestHighDestSize(h[0]);
      return h;
    });
    static final boolean OK = H != null;
    static final MethodHandle ORDINARY_ = OK ? H[0] : null;
  }

  /**
   * Dictionary compression, all on native memory (see {@link NativeBackend}, "LZ4 dictionary
   * compression"): {@code LZ4_loadDict} (a short call: it indexes at most 64 KB) and {@code
   * LZ4_compress_fast_continue}, short or ordinary; {@code LZ4_resetStreamHC_fast} (short: it sets
   * the level), {@code LZ4_loadDictHC} and {@code LZ4_compress_HC_continue} (ordinary). Bound and
   * self-tested at the first dictionary compression: when this fails, only dictionary compression
   * stays in Java.
   */
  private record DictHandles(
      MethodHandle loadDict,
      MethodHandle continueShort,
      MethodHandle continueOrdinary,
      MethodHandle resetHigh,
      MethodHandle loadDictHigh,
      MethodHandle continueHigh) {}

  /** The holder of {@link DictHandles}. */
  private static final class Dict {
    static final DictHandles D = bindDictGroup();
  }

  private static DictHandles bindDictGroup() {
    if (FAILURE != null) {
      return null;
    }
    try {
      DictHandles d = bindDict(LIB);
      selfTestDict(d, STATE_SIZE, STATE_HC_SIZE, NAME);
      NativeLibraries.forcedFailure("dictionary compression", NAME);
      return d;
    } catch (Throwable t) {
      NativeLibraries.groupFailed("dictionary compression", NativeLibraries.reason("liblz4", t));
      return null;
    }
  }

  /** @return whether dictionary compression is bound and passed its self-test (binds it at the first call) */
  static boolean dictCompression() {
    return Dict.D != null;
  }

  /**
   * {@code LZ4_attach_HC_dictionary} (exported by liblz4 1.10, stable there; optional: a library
   * without it keeps HC with a dictionary at 4 KB and under in Java). {@code lz4 -D} compresses
   * such blocks in dictCtx mode: a fresh state that searches the loaded dictionary state's own
   * tables, which this attaches. Needs {@link #dictCompression()}; self-tested by a round trip.
   */
  private static final class AttachHigh {
    private static final String SYMBOL = "LZ4_attach_HC_dictionary";
    static final MethodHandle H = !dictCompression() || LIB.find(SYMBOL).isEmpty() ? null : attachGroup();

    private static MethodHandle attachGroup() {
      MethodHandle[] h = group("HC compression with a dictionary at 4 KB and under", lib -> {
        // void LZ4_attach_HC_dictionary(LZ4_streamHC_t* working, const LZ4_streamHC_t* dictionary)
        MethodHandle m = NativeLibraries.bind(lib, SYMBOL, FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG), SHORT);
        selfTestAttachHigh(m);
        return new MethodHandle[] {m};
      });
      return h == null ? null : h[0];
    }
  }

  /** @return whether {@link #attachHigh} may be called (binds it at the first ask) */
  static boolean attachHighReady() {
    return AttachHigh.H != null;
  }

  /**
   * {@code LZ4_resetStreamHC_fast} of the HC state {@code work} (a valid or zeroed one) to {@code
   * level}, then {@code LZ4_attach_HC_dictionary} of {@code loaded} (an HC state loaded over a
   * dictionary at that level, which must stay unchanged while {@code work} is used).
   */
  static void attachHigh(long work, long loaded, int level) {
    try {
      Dict.D.resetHigh.invokeExact(work, level);
      AttachHigh.H.invokeExact(work, loaded);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** A 600-byte block after a 1000-byte dictionary, HC 9 through an attached state: it references the dictionary and decodes. */
  private static void selfTestAttachHigh(MethodHandle attach) throws Throwable {
    DictHandles d = Dict.D;
    byte[] dict = selfTestDictionary();
    byte[] data = Arrays.copyOfRange(dict, 200, 800);
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment d0 = arena.allocate(dict.length);
      MemorySegment.copy(dict, 0, d0, JAVA_BYTE, 0, dict.length);
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment loaded = arena.allocate(STATE_HC_SIZE, 16);
      MemorySegment work = arena.allocate(STATE_HC_SIZE, 16);
      d.resetHigh.invokeExact(loaded.address(), 9);
      int kept = (int) d.loadDictHigh.invokeExact(loaded.address(), d0.address(), dict.length);
      d.resetHigh.invokeExact(work.address(), 9);
      attach.invokeExact(work.address(), loaded.address());
      MemorySegment out = arena.allocate(cap);
      int n = (int) d.continueHigh.invokeExact(work.address(), in.address(), out.address(), data.length, cap);
      check(kept == dict.length && n > 0 && n < 100, "HC compression with an attached dictionary");
      byte[] back = new byte[data.length];
      int k = (int) DictDecode.HEAP_.invokeExact(MemorySegment.ofArray(out.asSlice(0, n).toArray(JAVA_BYTE)), MemorySegment.ofArray(back), n,
          data.length, MemorySegment.ofArray(dict), dict.length);
      check(k == data.length && Arrays.equals(back, data), "HC compression with an attached dictionary (round trip)");
    }
  }

  // The heap segments passed to the *Heap calls come from NativeBackend's cache (no allocation per
  // call); their length may exceed the range, which Java has checked and passes as numbers.

  static int fastHeap(long state, MemorySegment src, int srcLen, MemorySegment dst, int dstCap, int acceleration) {
    try {
      return (int) FastHeap.H.invokeExact(state, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  // The *Whole calls take whole arrays (offset 0, NativeBackend's common case) and make their heap
  // segments per call, with MemorySegment.ofArray alone: see NativeBackend, above lz4CompressFast,
  // for why that is removed by escape analysis at any call site and why each method stays at most
  // 35 bytes of bytecode (the handle from a static final of its own, the exception handler left
  // to the caller).

  static int fastWhole(long state, byte[] src, int srcLen, byte[] dst, int dstCap, int acceleration) throws Throwable {
    return (int) FastHeap.H.invokeExact(state, MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap, acceleration);
  }

  static int decompressWhole(byte[] src, int srcLen, byte[] dst, int dstCap) throws Throwable {
    return (int) DecompressHeap.H.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), srcLen, dstCap);
  }

  // The *Fresh calls make their heap segments themselves, for arrays at other offsets that are not
  // in NativeBackend's cache: made and consumed in one method, where escape analysis can remove
  // them. Kept small, as the *Whole ones, so that C2 inlines them at any call site it compiles
  // (34 and 35 bytes; fastFresh is 37, its call having three more arguments); whether it then
  // removes the segments depends on asSlice's chain (see NativeBackend, above lz4CompressFast).

  static int fastFresh(byte[] src, int srcOff, byte[] dst, int dstOff, long state, int srcLen, int dstCap, int acceleration) throws Throwable {
    return (int) FastHeap.H.invokeExact(state, MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap, acceleration);
  }

  static int decompressFresh(byte[] src, int srcOff, byte[] dst, int dstOff, int srcLen, int dstCap) throws Throwable {
    return (int) DecompressHeap.H.invokeExact(MemorySegment.ofArray(src).asSlice(srcOff), MemorySegment.ofArray(dst).asSlice(dstOff), srcLen, dstCap);
  }

  /** @param critical whether the call may hold off safepoints (only short calls) */
  static int fastRaw(boolean critical, long state, long src, int srcLen, long dst, int dstCap, int acceleration) {
    try {
      return critical
          ? (int) FastShort.H.invokeExact(state, src, dst, srcLen, dstCap, acceleration)
          : (int) FastOrdinary.H.invokeExact(state, src, dst, srcLen, dstCap, acceleration);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int highRaw(long state, long src, int srcLen, long dst, int dstCap, int level) {
    try {
      return (int) High.ORDINARY_.invokeExact(state, src, dst, srcLen, dstCap, level);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int decompressHeap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap) {
    try {
      return (int) DecompressHeap.H.invokeExact(src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int decompressRaw(boolean critical, long src, int srcLen, long dst, int dstCap) {
    try {
      return critical
          ? (int) DecompressShort.H.invokeExact(src, dst, srcLen, dstCap)
          : (int) DecompressOrdinary.H.invokeExact(src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_compress_destSize}: {@code srcSizePtr} holds the input length and receives what was consumed. */
  static int destSizeHeap(MemorySegment src, MemorySegment dst, long srcSizePtr, int dstCap) {
    try {
      return (int) DestSize.HEAP_.invokeExact(src, dst, srcSizePtr, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int destSizeRaw(boolean critical, long src, long dst, long srcSizePtr, int dstCap) {
    try {
      return critical
          ? (int) DestSize.SHORT_.invokeExact(src, dst, srcSizePtr, dstCap)
          : (int) DestSize.ORDINARY_.invokeExact(src, dst, srcSizePtr, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int highDestSizeRaw(long state, long src, long dst, long srcSizePtr, int dstCap, int level) {
    try {
      return (int) HighDestSize.ORDINARY_.invokeExact(state, src, dst, srcSizePtr, dstCap, level);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_decompress_safe_usingDict} on heap segments. */
  static int dictHeap(MemorySegment src, int srcLen, MemorySegment dst, int dstCap, MemorySegment dict, int dictLen) {
    try {
      return (int) DictDecode.HEAP_.invokeExact(src, dst, srcLen, dstCap, dict, dictLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  static int dictRaw(boolean critical, long src, int srcLen, long dst, int dstCap, long dict, int dictLen) {
    try {
      return critical
          ? (int) DictDecode.SHORT_.invokeExact(src, dst, srcLen, dstCap, dict, dictLen)
          : (int) DictDecode.ORDINARY_.invokeExact(src, dst, srcLen, dstCap, dict, dictLen);
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
      return (int) Dict.D.loadDict.invokeExact(stream, dict, dictLen);
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
      Dict.D.resetHigh.invokeExact(state, level); // LZ4_loadDictHC keeps the state's level
      int n = (int) Dict.D.loadDictHigh.invokeExact(state, dict, dictLen);
      assert n == Math.min(dictLen, 65536) : n;
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_compress_HC_continue} on raw addresses (an ordinary downcall: HC is slow per byte). */
  static int continueHigh(long state, long src, int srcLen, long dst, int dstCap) {
    try {
      return (int) Dict.D.continueHigh.invokeExact(state, src, dst, srcLen, dstCap);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** {@code LZ4_compress_fast_continue} on raw addresses; {@code critical}: short calls only. */
  static int continueRaw(boolean critical, long stream, long src, int srcLen, long dst, int dstCap, int acceleration) {
    try {
      return critical
          ? (int) Dict.D.continueShort.invokeExact(stream, src, dst, srcLen, dstCap, acceleration)
          : (int) Dict.D.continueOrdinary.invokeExact(stream, src, dst, srcLen, dstCap, acceleration);
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
  private static void selfTestDict(DictHandles d, long stateSize, long stateHcSize, String name) throws Throwable {
    check(DictDecode.OK, name, "compression with a dictionary (its round trip needs decompression with a dictionary)");
    byte[] dict = selfTestDictionary();
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
      int k = (int) DictDecode.HEAP_.invokeExact(MemorySegment.ofArray(packed), MemorySegment.ofArray(back), ns, data.length,
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
      k = (int) DictDecode.HEAP_.invokeExact(MemorySegment.ofArray(packed), MemorySegment.ofArray(back), nh, data.length,
          MemorySegment.ofArray(dict), dict.length);
      check(k == data.length && Arrays.equals(back, data), name, "HC compression with a dictionary (round trip)");
    }
  }

  /** The dictionary self-tests' 1000 bytes: text with a byte of noise every 11; their input is bytes 200-800 of it. */
  private static byte[] selfTestDictionary() {
    byte[] text = "Celer dictionary self-test: pack my box with five dozen liquor jugs, ".getBytes(StandardCharsets.US_ASCII);
    byte[] dict = new byte[1000];
    for (int i = 0; i < dict.length; i++) {
      dict[i] = i % 11 == 0 ? (byte) (i * 13) : text[i % text.length];
    }
    return dict;
  }

  // The self-tests: each calls every handle of its group once on fixed data. Round trips are
  // checked with Celer's pure-Java decoder, so that testing one group binds no other.

  /** 4096 bytes of text with a byte of noise every 7 (compressible, not trivially). */
  private static byte[] testData() {
    byte[] data = new byte[4096];
    byte[] text = "Celer self-test: the quick brown fox jumps over the lazy dog. ".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < data.length; i++) {
      data[i] = i % 7 == 0 ? (byte) (i * 31) : text[i % text.length];
    }
    return data;
  }

  /** @return whether {@code block[0, n)} decodes (in Java) to {@code data[0, len)} */
  private static boolean decodesTo(byte[] block, int n, byte[] data, int len) {
    byte[] back = new byte[len];
    return n > 0 && Lz4.javaDecompressor().decompress(block, 0, n, back, 0, len) == len && Arrays.equals(back, 0, len, data, 0, len);
  }

  private static void selfTestFast(MethodHandle h, NativeLibraries.Call shape) throws Throwable {
    byte[] data = testData();
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(STATE_SIZE, 16).address();
      byte[] block;
      int n;
      if (shape == HEAP) {
        block = new byte[cap];
        n = (int) h.invokeExact(state, MemorySegment.ofArray(data), MemorySegment.ofArray(block), data.length, cap, 1);
      } else {
        MemorySegment in = arena.allocate(data.length);
        MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
        MemorySegment out = arena.allocate(cap);
        n = (int) h.invokeExact(state, in.address(), out.address(), data.length, cap, 1);
        block = out.toArray(JAVA_BYTE);
      }
      check(n > 0 && n < data.length && decodesTo(block, n, data, data.length), "fast compression (" + shape + ")");
    }
  }

  private static void selfTestHigh(MethodHandle h) throws Throwable {
    byte[] data = testData();
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(STATE_HC_SIZE, 16).address();
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(cap);
      int nh = (int) h.invokeExact(state, in.address(), out.address(), data.length, cap, 9);
      check(nh > 0 && nh < data.length && decodesTo(out.asSlice(0, nh).toArray(JAVA_BYTE), nh, data, data.length), "HC compression");
    }
  }

  /**
   * @return {@code h} ({@code LZ4_decompress_safe}) in {@code shape} on {@code src}, into {@code
   *     dstLen} bytes first filled with {@code fill}
   */
  private static byte[] decode(MethodHandle h, NativeLibraries.Call shape, byte[] src, int dstLen, byte fill) throws Throwable {
    byte[] dst = new byte[dstLen];
    Arrays.fill(dst, fill);
    int n;
    if (shape == HEAP) {
      n = (int) h.invokeExact(MemorySegment.ofArray(src), MemorySegment.ofArray(dst), src.length, dstLen);
    } else {
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment in = arena.allocate(src.length);
        MemorySegment.copy(src, 0, in, JAVA_BYTE, 0, src.length);
        MemorySegment out = arena.allocate(dstLen);
        out.fill(fill);
        n = (int) h.invokeExact(in.address(), out.address(), src.length, dstLen);
        dst = out.toArray(JAVA_BYTE);
      }
    }
    return n < 0 ? null : Arrays.copyOf(dst, Math.min(n, dstLen));
  }

  /**
   * Decodes a block of Celer's Java compressor; and a match offset of 0 (invalid; some decoders
   * copy stale destination bytes for it) must decode as zeros, as Celer's Java decoder does, never
   * as what the destination held.
   */
  private static void selfTestDecompress(MethodHandle h, NativeLibraries.Call shape) throws Throwable {
    byte[] data = testData();
    byte[] block = Lz4.javaFastCompressor().compress(data);
    check(Arrays.equals(decode(h, shape, block, data.length, (byte) 0), data), "decompression (" + shape + ")");
    // 4 literals "abcd", a match at offset 0 of length 4, last literals "vwxyz"
    byte[] offsetZero = {0x40, 'a', 'b', 'c', 'd', 0, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
    byte[] stale = decode(h, shape, offsetZero, 17, (byte) 0x5A);
    check(stale != null && stale.length == 13 && stale[4] == 0 && stale[5] == 0 && stale[6] == 0 && stale[7] == 0,
        "a match offset of 0 (decoded otherwise than as zeros)");
  }

  // With history: no literals, a match 8 back of length 8 (all history), last literals "vwxyz".
  private static final byte[] WITH_DICT = {0x04, 8, 0, 0x50, 'v', 'w', 'x', 'y', 'z'};
  private static final byte[] WITH_DICT_OUT = {'h', 'i', 's', 't', 'o', 'r', 'y', '!', 'v', 'w', 'x', 'y', 'z'};

  /** Once with the history right before the output (a prefix), once elsewhere (external). */
  private static void selfTestDictDecode(MethodHandle[] h) throws Throwable {
    byte[] prefixed = new byte[8 + 13];
    System.arraycopy(WITH_DICT_OUT, 0, prefixed, 0, 8);
    MemorySegment hist = MemorySegment.ofArray(prefixed);
    int k = (int) h[0].invokeExact(MemorySegment.ofArray(WITH_DICT), hist.asSlice(8), WITH_DICT.length, 13, hist, 8);
    check(k == 13 && Arrays.equals(Arrays.copyOfRange(prefixed, 8, 21), WITH_DICT_OUT), "decompression with a prefix (heap)");
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment nIn = arena.allocate(WITH_DICT.length);
      nIn.copyFrom(MemorySegment.ofArray(WITH_DICT));
      MemorySegment nDict = arena.allocate(8);
      nDict.copyFrom(hist.asSlice(0, 8));
      MemorySegment nOut = arena.allocate(13);
      k = (int) h[1].invokeExact(nIn.address(), nOut.address(), WITH_DICT.length, 13, nDict.address(), 8);
      check(k == 13 && Arrays.equals(nOut.toArray(JAVA_BYTE), WITH_DICT_OUT), "decompression with a dictionary (short)");
      nOut.fill((byte) 0);
      k = (int) h[2].invokeExact(nIn.address(), nOut.address(), WITH_DICT.length, 13, nDict.address(), 8);
      check(k == 13 && Arrays.equals(nOut.toArray(JAVA_BYTE), WITH_DICT_OUT), "decompression with a dictionary");
    }
  }

  /** 1000 bytes of room for 4096 bytes of input: the block decodes to the prefix it reports, the same from every shape. */
  private static void selfTestDestSize(MethodHandle[] h) throws Throwable {
    byte[] data = testData();
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(1000);
      MemorySegment cell = arena.allocate(JAVA_INT);
      cell.set(JAVA_INT, 0, data.length);
      byte[] small = new byte[1000];
      int ds = (int) h[0].invokeExact(MemorySegment.ofArray(data), MemorySegment.ofArray(small), cell.address(), 1000);
      int took = cell.get(JAVA_INT, 0);
      check(ds > 0 && ds <= 1000 && took > 0 && took < data.length && decodesTo(small, ds, data, took), "destination-size compression (heap)");
      cell.set(JAVA_INT, 0, data.length);
      int ds2 = (int) h[1].invokeExact(in.address(), out.address(), cell.address(), 1000);
      check(ds2 == ds && cell.get(JAVA_INT, 0) == took && out.asSlice(0, ds).mismatch(MemorySegment.ofArray(small).asSlice(0, ds)) == -1,
          "destination-size compression (short)");
      cell.set(JAVA_INT, 0, data.length);
      int ds3 = (int) h[2].invokeExact(in.address(), out.address(), cell.address(), 1000);
      check(ds3 == ds && cell.get(JAVA_INT, 0) == took, "destination-size compression");
    }
  }

  private static void selfTestHighDestSize(MethodHandle h) throws Throwable {
    byte[] data = testData();
    try (Arena arena = Arena.ofConfined()) {
      long state = arena.allocate(STATE_HC_SIZE, 16).address();
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment out = arena.allocate(1000);
      MemorySegment cell = arena.allocate(JAVA_INT);
      cell.set(JAVA_INT, 0, data.length);
      int dh = (int) h.invokeExact(state, in.address(), out.address(), cell.address(), 1000, 9);
      int took = cell.get(JAVA_INT, 0);
      check(dh > 0 && dh <= 1000 && took > 0 && took < data.length && decodesTo(out.asSlice(0, dh).toArray(JAVA_BYTE), dh, data, took),
          "HC destination-size compression");
    }
  }

  private static void check(boolean ok, String what) throws Refused {
    check(ok, NAME, what);
  }

  private static void check(boolean ok, String name, String what) throws Refused {
    if (!ok) {
      throw new Refused(name + " failed its self-test: " + what);
    }
  }
}
