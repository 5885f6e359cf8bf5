package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
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
 * {@code liblz4}'s dictionary compression, all on native memory (see {@link NativeLz4Dict}):
 * {@code LZ4_loadDict} (a short call: it indexes at most 64 KB) and {@code
 * LZ4_compress_fast_continue}, short or ordinary; {@code LZ4_resetStreamHC_fast} (short: it sets
 * the level), {@code LZ4_loadDictHC} and {@code LZ4_compress_HC_continue} (ordinary). One group of
 * {@link Lz4Library}, bound and self-tested when this class is initialised, at the first
 * dictionary compression: when this fails, only dictionary compression stays in Java.
 */
final class Lz4DictCompressBinding {
  private Lz4DictCompressBinding() {}

  /** The group's handles. */
  record Handles(
      MethodHandle loadDict,
      MethodHandle continueShort,
      MethodHandle continueOrdinary,
      MethodHandle resetHigh,
      MethodHandle loadDictHigh,
      MethodHandle continueHigh) {}

  /** The handles, or {@code null} when the library is not in use or the group failed. */
  static final Handles D = bindGroup();

  private static Handles bindGroup() {
    if (Lz4Library.FAILURE != null) {
      return null;
    }
    try {
      Handles d = bind(Lz4Library.LIB);
      selfTest(d, Lz4Library.STATE_SIZE, Lz4Library.STATE_HC_SIZE, Lz4Library.NAME);
      NativeLibraries.forcedFailure("dictionary compression", Lz4Library.NAME);
      return d;
    } catch (Throwable t) {
      NativeLibraries.groupFailed("dictionary compression", NativeLibraries.reason("liblz4", t));
      return null;
    }
  }

  /** @return whether dictionary compression is bound and passed its self-test (binds it at the first call) */
  static boolean ready() {
    return D != null;
  }

  private static Handles bind(SymbolLookup lib) throws Refused {
    // int LZ4_loadDict(LZ4_stream_t* stream, const char* dictionary, int dictSize)
    FunctionDescriptor load = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
    // int LZ4_compress_fast_continue(LZ4_stream_t* stream, const char* src, char* dst, int srcSize, int dstCapacity, int acceleration)
    FunctionDescriptor raw = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT);
    String cont = "LZ4_compress_fast_continue";
    // void LZ4_resetStreamHC_fast(LZ4_streamHC_t* stream, int compressionLevel)
    FunctionDescriptor resetHigh = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT);
    // int LZ4_compress_HC_continue(LZ4_streamHC_t* stream, const char* src, char* dst, int srcSize, int dstCapacity)
    FunctionDescriptor contHigh = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT);
    return new Handles(
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

  /** {@code LZ4_resetStreamHC_fast}: the HC state at {@code state} (a valid or zeroed one) set to {@code level}, its tables kept. */
  static void resetHigh(long state, int level) {
    try {
      D.resetHigh.invokeExact(state, level);
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
  private static void selfTest(Handles d, long stateSize, long stateHcSize, String name) throws Throwable {
    Lz4Library.check(Lz4DictDecompressBinding.OK, name, "compression with a dictionary (its round trip needs decompression with a dictionary)");
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
      Lz4Library.check(kept == dict.length, name, "LZ4_loadDict");
      MemorySegment out = arena.allocate(cap);
      MemorySegment out2 = arena.allocate(cap);
      work.copyFrom(loaded);
      long in = window.address() + dict.length;
      int ns = (int) d.continueShort.invokeExact(work.address(), in, out.address(), data.length, cap, 1);
      work.copyFrom(loaded);
      int no = (int) d.continueOrdinary.invokeExact(work.address(), in, out2.address(), data.length, cap, 1);
      Lz4Library.check(ns > 0 && ns < 100 && no == ns && out2.asSlice(0, ns).mismatch(out.asSlice(0, ns)) == -1, name, "compression with a dictionary");
      byte[] packed = out.asSlice(0, ns).toArray(JAVA_BYTE);
      byte[] back = new byte[data.length];
      int k = (int) Lz4DictDecompressBinding.HEAP_.invokeExact(MemorySegment.ofArray(packed), MemorySegment.ofArray(back), ns, data.length,
          MemorySegment.ofArray(dict), dict.length);
      Lz4Library.check(k == data.length && Arrays.equals(back, data), name, "compression with a dictionary (round trip)");

      MemorySegment loadedHigh = arena.allocate(stateHcSize, 16);
      MemorySegment workHigh = arena.allocate(stateHcSize, 16);
      d.resetHigh.invokeExact(loadedHigh.address(), 9);
      int keptHigh = (int) d.loadDictHigh.invokeExact(loadedHigh.address(), window.address(), dict.length);
      workHigh.copyFrom(loadedHigh);
      int nh = (int) d.continueHigh.invokeExact(workHigh.address(), in, out.address(), data.length, cap);
      Lz4Library.check(keptHigh == dict.length && nh > 0 && nh < 100, name, "HC compression with a dictionary");
      packed = out.asSlice(0, nh).toArray(JAVA_BYTE);
      Arrays.fill(back, (byte) 0);
      k = (int) Lz4DictDecompressBinding.HEAP_.invokeExact(MemorySegment.ofArray(packed), MemorySegment.ofArray(back), nh, data.length,
          MemorySegment.ofArray(dict), dict.length);
      Lz4Library.check(k == data.length && Arrays.equals(back, data), name, "HC compression with a dictionary (round trip)");
    }
  }

  /** The dictionary self-tests' 1000 bytes: text with a byte of noise every 11; their input is bytes 200-800 of it. */
  static byte[] selfTestDictionary() {
    byte[] text = "Celer dictionary self-test: pack my box with five dozen liquor jugs, ".getBytes(StandardCharsets.US_ASCII);
    byte[] dict = new byte[1000];
    for (int i = 0; i < dict.length; i++) {
      dict[i] = i % 11 == 0 ? (byte) (i * 13) : text[i % text.length];
    }
    return dict;
  }
}
