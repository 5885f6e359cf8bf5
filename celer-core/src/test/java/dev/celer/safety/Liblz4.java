package dev.celer.safety;

import static java.lang.invoke.MethodType.methodType;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * liblz4's safe block decoders ({@code LZ4_decompress_safe}, {@code _usingDict})
 * of the system's {@code liblz4.so.1}, called in-process: the reference for {@link
 * Liblz4DifferentialFuzzTest}. Not Celer's native backend: the test's own binding, {@code
 * dev.celer.safety.liblz4.Liblz4Calls} in {@code src/test/java25} (compiled by the JDK 25 javac),
 * which this class binds by name so that the JDK 17 test classes never refer to it.
 *
 * <p>{@link #INSTANCE} is null where the binding cannot work, and {@link #UNAVAILABLE} says why: a
 * JVM older than 25, a build without the JDK 25 test layer, a JVM without {@code
 * --enable-native-access=ALL-UNNAMED} (the bounded fuzzing and the test runs on JDK 25 grant it,
 * with Celer's own backend on or off), or no library. {@code -Dceler.test.liblz4=PATH} binds
 * another library file. Thread-safe.
 */
final class Liblz4 {
  static final Liblz4 INSTANCE;
  static final String UNAVAILABLE;

  private final MethodHandle safe;
  private final MethodHandle usingDict;
  private final int versionNumber;

  static {
    Liblz4 bound = null;
    String why = null;
    int feature = Runtime.version().feature();
    if (feature < 25) {
      why = "JDK " + feature + ": the test's liblz4 binding needs java.lang.foreign of JDK 25";
    } else {
      try {
        bound = new Liblz4(System.getProperty("celer.test.liblz4", "liblz4.so.1"));
      } catch (ClassNotFoundException e) {
        why = "the JDK 25 test layer (src/test/java25) was not compiled into the test classes";
      } catch (Throwable e) {
        Throwable cause = e.getCause() != null && e instanceof ReflectiveOperationException ? e.getCause() : e;
        why = String.valueOf(cause.getMessage());
      }
    }
    INSTANCE = bound;
    UNAVAILABLE = why;
  }

  private Liblz4(String library) throws Throwable {
    Class<?> c = Class.forName("dev.celer.safety.liblz4.Liblz4Calls");
    Object calls = c.getConstructor(String.class).newInstance(library);
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    safe = lookup.findVirtual(c, "decompressSafe",
        methodType(int.class, byte[].class, int.class, int.class, byte[].class, int.class, int.class)).bindTo(calls);
    usingDict = lookup.findVirtual(c, "decompressSafeUsingDict",
        methodType(int.class, byte[].class, int.class, int.class, byte[].class, int.class, int.class,
            byte[].class, int.class, int.class)).bindTo(calls);
    versionNumber = (int) lookup.findVirtual(c, "versionNumber", methodType(int.class)).invoke(calls);
  }

  /** The library's version, as {@code lz4 --version} prints it: {@code 1.9.4}. */
  String version() {
    return versionNumber / 10000 + "." + versionNumber / 100 % 100 + "." + versionNumber % 100;
  }

  /** {@code LZ4_decompress_safe}: the decoded length, or negative when liblz4 rejects the block. */
  int decompressSafe(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int capacity) {
    try {
      return (int) safe.invokeExact(src, srcOff, srcLen, dst, dstOff, capacity);
    } catch (Throwable e) {
      throw new AssertionError("the liblz4 call failed", e);
    }
  }

  /**
   * {@code LZ4_decompress_safe_usingDict}; {@code dict == dst} ending at {@code dstOff} is passed
   * as liblz4's prefix case ({@code dictStart + dictSize == dst}).
   */
  int decompressSafeUsingDict(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int capacity, byte[] dict, int dictOff, int dictLen) {
    try {
      return (int) usingDict.invokeExact(src, srcOff, srcLen, dst, dstOff, capacity, dict, dictOff, dictLen);
    } catch (Throwable e) {
      throw new AssertionError("the liblz4 call failed", e);
    }
  }
}
