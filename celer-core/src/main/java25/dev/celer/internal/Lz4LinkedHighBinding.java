package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static dev.celer.internal.NativeLibraries.Call.SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * {@code LZ4_saveDictHC} (stable API of 1.9.x and 1.10), which with {@link Lz4DictCompressBinding}'s
 * {@code LZ4_compress_HC_continue} compresses linked HC blocks in one state kept across the
 * sequence, as {@code LZ4F_compressUpdate} does (see {@link NativeLz4Linked}). Needs {@link
 * Lz4DictCompressBinding}; one group of {@link Lz4Library}, bound and self-tested (two linked
 * blocks, round trip) when this class is initialised, at its first use.
 */
final class Lz4LinkedHighBinding {
  private Lz4LinkedHighBinding() {}

  private static final MethodHandle H = !Lz4DictCompressBinding.ready() ? null : bindGroup();

  private static MethodHandle bindGroup() {
    MethodHandle[] h = Lz4Library.group("linked HC compression in one state", lib -> {
      // int LZ4_saveDictHC(LZ4_streamHC_t* stream, char* safeBuffer, int maxDictSize): copies at most 64 KB
      MethodHandle m = NativeLibraries.bind(lib, "LZ4_saveDictHC", FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT), SHORT);
      selfTest(m);
      return new MethodHandle[] {m};
    });
    return h == null ? null : h[0];
  }

  /** @return whether {@link #saveDict} may be called (binds it at the first ask) */
  static boolean ready() {
    return H != null;
  }

  /**
   * {@code LZ4_saveDictHC}: copies the last {@code min(maxLen, 64 KB)} bytes of the state's prefix
   * (the block it compressed last) to {@code safe}, which the state then uses as its history.
   *
   * @return the bytes saved
   */
  static int saveDict(long state, long safe, int maxLen) {
    try {
      return (int) H.invokeExact(state, safe, maxLen);
    } catch (Throwable t) {
      throw NativeBackend.failure(t);
    }
  }

  /**
   * Two blocks at HC 9 in one state (600 bytes, then 450 of them), the first one saved by {@code LZ4_saveDictHC}
   * before the second, which must reference it (small) and decode with it as the dictionary.
   */
  private static void selfTest(MethodHandle save) throws Throwable {
    Lz4DictCompressBinding.Handles d = Lz4DictCompressBinding.D;
    byte[] text = Lz4DictCompressBinding.selfTestDictionary();
    byte[] first = Arrays.copyOfRange(text, 0, 600);
    byte[] second = Arrays.copyOfRange(text, 100, 550);
    int cap = 700;
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment state = arena.allocate(Lz4Library.STATE_HC_SIZE, 16);
      MemorySegment safe = arena.allocate(1024);
      MemorySegment in = arena.allocate(first.length);
      MemorySegment out = arena.allocate(cap);
      d.resetHigh().invokeExact(state.address(), 9);
      MemorySegment.copy(first, 0, in, JAVA_BYTE, 0, first.length);
      int n1 = (int) d.continueHigh().invokeExact(state.address(), in.address(), out.address(), first.length, cap);
      int saved = (int) save.invokeExact(state.address(), safe.address(), 65536);
      MemorySegment.copy(second, 0, in, JAVA_BYTE, 0, second.length);
      int n2 = (int) d.continueHigh().invokeExact(state.address(), in.address(), out.address(), second.length, cap);
      Lz4Library.check(n1 > 0 && saved == first.length && safe.asSlice(0, saved).mismatch(MemorySegment.ofArray(first)) == -1 && n2 > 0 && n2 < 100,
          "linked HC compression (LZ4_saveDictHC)");
      byte[] back = new byte[second.length];
      int k = (int) Lz4DictDecompressBinding.HEAP_.invokeExact(MemorySegment.ofArray(out.asSlice(0, n2).toArray(JAVA_BYTE)), MemorySegment.ofArray(back), n2,
          second.length, MemorySegment.ofArray(first), first.length);
      Lz4Library.check(k == second.length && Arrays.equals(back, second), "linked HC compression (round trip)");
    }
  }
}
