package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * {@code LZ4_attach_HC_dictionary} (exported by liblz4 1.10, stable there; optional: a library
 * without it keeps HC with a dictionary at 4 KB and under in Java). {@code lz4 -D} compresses
 * such blocks in dictCtx mode: a fresh state that searches the loaded dictionary state's own
 * tables, which this attaches. Needs {@link Lz4DictCompressBinding}; one group of {@link
 * Lz4Library}, bound and self-tested (by a round trip) when this class is initialised, at its
 * first use.
 */
final class Lz4HighAttachBinding {
  private Lz4HighAttachBinding() {}

  private static final String SYMBOL = "LZ4_attach_HC_dictionary";
  private static final MethodHandle H = !Lz4DictCompressBinding.ready() || !Lz4Library.exports(SYMBOL) ? null : bindGroup();

  private static MethodHandle bindGroup() {
    MethodHandle[] h = Lz4Library.group("HC compression with a dictionary at 4 KB and under", lib -> {
      // void LZ4_attach_HC_dictionary(LZ4_streamHC_t* working, const LZ4_streamHC_t* dictionary)
      MethodHandle m = NativeLibraries.bind(lib, SYMBOL, FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG), SHORT);
      selfTest(m);
      return new MethodHandle[] {m};
    });
    return h == null ? null : h[0];
  }

  /** @return whether {@link #attach} may be called (binds it at the first ask) */
  static boolean ready() {
    return H != null;
  }

  /**
   * {@code LZ4_resetStreamHC_fast} of the HC state {@code work} (a valid or zeroed one) to {@code
   * level}, then {@code LZ4_attach_HC_dictionary} of {@code loaded} (an HC state loaded over a
   * dictionary at that level, which must stay unchanged while {@code work} is used).
   */
  static void attach(long work, long loaded, int level) {
    try {
      Lz4DictCompressBinding.D.resetHigh().invokeExact(work, level);
      H.invokeExact(work, loaded);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /** A 600-byte block after a 1000-byte dictionary, HC 9 through an attached state: it references the dictionary and decodes. */
  private static void selfTest(MethodHandle attach) throws Throwable {
    Lz4DictCompressBinding.Handles d = Lz4DictCompressBinding.D;
    byte[] dict = Lz4DictCompressBinding.selfTestDictionary();
    byte[] data = Arrays.copyOfRange(dict, 200, 800);
    int cap = data.length + data.length / 255 + 16;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment d0 = arena.allocate(dict.length);
      MemorySegment.copy(dict, 0, d0, JAVA_BYTE, 0, dict.length);
      MemorySegment in = arena.allocate(data.length);
      MemorySegment.copy(data, 0, in, JAVA_BYTE, 0, data.length);
      MemorySegment loaded = arena.allocate(Lz4Library.STATE_HC_SIZE, 16);
      MemorySegment work = arena.allocate(Lz4Library.STATE_HC_SIZE, 16);
      d.resetHigh().invokeExact(loaded.address(), 9);
      int kept = (int) d.loadDictHigh().invokeExact(loaded.address(), d0.address(), dict.length);
      d.resetHigh().invokeExact(work.address(), 9);
      attach.invokeExact(work.address(), loaded.address());
      MemorySegment out = arena.allocate(cap);
      int n = (int) d.continueHigh().invokeExact(work.address(), in.address(), out.address(), data.length, cap);
      Lz4Library.check(kept == dict.length && n > 0 && n < 100, "HC compression with an attached dictionary");
      byte[] back = new byte[data.length];
      int k = (int) Lz4DictDecompressBinding.HEAP_.invokeExact(MemorySegment.ofArray(out.asSlice(0, n).toArray(JAVA_BYTE)), MemorySegment.ofArray(back), n,
          data.length, MemorySegment.ofArray(dict), dict.length);
      Lz4Library.check(k == data.length && Arrays.equals(back, data), "HC compression with an attached dictionary (round trip)");
    }
  }
}
