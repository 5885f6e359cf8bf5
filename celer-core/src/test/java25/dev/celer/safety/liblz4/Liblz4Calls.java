package dev.celer.safety.liblz4;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The test suite's own binding of liblz4's safe block decoders ({@code LZ4_decompress_safe} and {@code
 * LZ4_decompress_safe_usingDict}), the reference that {@code
 * Liblz4DifferentialFuzzTest} holds both of Celer's decoders to. It shares nothing with Celer's
 * native backend (which is one of the things compared): its own {@link SymbolLookup} of the
 * library, its own handles, plain downcalls on native copies of the arrays.
 *
 * <p>Test code of JDK 25 only: {@code src/test/java25}, compiled by the JDK 25 javac into the test
 * classes (package {@code dev.celer.safety.liblz4}, so that the JDK 17 test run, which never loads
 * it, does not meet its class files where it lists the fuzz targets). It uses JDK types only, so
 * that it compiles even when the other test sources are skipped; the JDK 17 side ({@code
 * dev.celer.safety.Liblz4}) binds its public methods by name.
 *
 * <p>Every call copies its inputs into fresh native memory and the whole destination range back:
 * liblz4 sees exactly the bytes the Java arrays hold (canaries included), and whatever it writes
 * inside {@code [dstOff, dstOff + capacity)} comes back for the caller to inspect. One thread at a
 * time per call (no shared state besides the handles, which are thread-safe).
 */
public final class Liblz4Calls {
  private final MethodHandle safe;
  private final MethodHandle usingDict;
  private final int versionNumber;

  /**
   * Binds {@code library} (a name for the system's loader, e.g. {@code liblz4.so.1}, or a path).
   *
   * @throws IllegalStateException when the JVM has not granted this code native access: binding
   *     would then print the JDK's restricted-method warning and grant it to the whole class path,
   *     which would also switch Celer's native backend on for the rest of the JVM
   */
  public Liblz4Calls(String library) throws Throwable {
    if (!Liblz4Calls.class.getModule().isNativeAccessEnabled()) {
      throw new IllegalStateException("this JVM has not granted the test classes native access"
          + " (run it with --enable-native-access=ALL-UNNAMED)");
    }
    Linker linker = Linker.nativeLinker();
    SymbolLookup lib = SymbolLookup.libraryLookup(library, Arena.global());
    versionNumber = (int) bind(linker, lib, "LZ4_versionNumber", FunctionDescriptor.of(JAVA_INT)).invokeExact();
    // int LZ4_decompress_safe(const char* src, char* dst, int compressedSize, int dstCapacity)
    safe = bind(linker, lib, "LZ4_decompress_safe", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT));
    // int LZ4_decompress_safe_usingDict(const char* src, char* dst, int srcSize, int dstCapacity,
    //                                   const char* dictStart, int dictSize)
    usingDict = bind(linker, lib, "LZ4_decompress_safe_usingDict",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
  }

  private static MethodHandle bind(Linker linker, SymbolLookup lib, String name, FunctionDescriptor fd) {
    MemorySegment symbol = lib.find(name).orElseThrow(() -> new IllegalStateException("liblz4 has no " + name));
    return linker.downcallHandle(symbol, fd);
  }

  /** {@code LZ4_versionNumber()}: 10904 for 1.9.4. */
  public int versionNumber() {
    return versionNumber;
  }

  /**
   * {@code LZ4_decompress_safe} of {@code src[srcOff, srcOff+srcLen)} into {@code dst[dstOff,
   * dstOff+capacity)}.
   *
   * @return what liblz4 returned: the decoded length, or a negative number when it rejects
   */
  public int decompressSafe(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int capacity) throws Throwable {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment in = copyIn(arena, src, srcOff, srcLen);
      MemorySegment out = copyIn(arena, dst, dstOff, capacity);
      int n = (int) safe.invokeExact(in, out, srcLen, capacity);
      MemorySegment.copy(out, 0, MemorySegment.ofArray(dst), dstOff, capacity);
      return n;
    }
  }

  /**
   * {@code LZ4_decompress_safe_usingDict} with the dictionary {@code dict[dictOff,
   * dictOff+dictLen)}. When {@code dict} is {@code dst} and ends at {@code dstOff} (Celer's prefix
   * case), the dictionary is laid out right before the output in one native block, so that
   * liblz4 sees {@code dictStart + dictSize == dst}, its own prefix case; otherwise it is a
   * separate block (liblz4's external dictionary).
   *
   * @return what liblz4 returned: the decoded length, or a negative number when it rejects
   */
  public int decompressSafeUsingDict(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int capacity, byte[] dict, int dictOff, int dictLen)
      throws Throwable {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment in = copyIn(arena, src, srcOff, srcLen);
      MemorySegment out;
      MemorySegment history;
      if (dict == dst && dictOff + dictLen == dstOff) {
        MemorySegment window = copyIn(arena, dst, dictOff, dictLen + capacity);
        history = window.asSlice(0, dictLen);
        out = window.asSlice(dictLen, capacity);
      } else {
        history = copyIn(arena, dict, dictOff, dictLen);
        out = copyIn(arena, dst, dstOff, capacity);
      }
      int n = (int) usingDict.invokeExact(in, out, srcLen, capacity, history, dictLen);
      MemorySegment.copy(out, 0, MemorySegment.ofArray(dst), dstOff, capacity);
      return n;
    }
  }

  /** A native copy of {@code a[off, off+len)}, exactly that long (liblz4 may not read past it). */
  private static MemorySegment copyIn(Arena arena, byte[] a, int off, int len) {
    MemorySegment s = arena.allocate(Math.max(len, 1), 1).asSlice(0, len);
    MemorySegment.copy(MemorySegment.ofArray(a), off, s, 0, len);
    return s;
  }
}
