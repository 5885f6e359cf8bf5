package net.jpountz.util;

import java.nio.ByteOrder;

/**
 * Platform facts, as lz4-java's {@code net.jpountz.util.Utils} declares them. Celer does not use
 * them to pick an implementation (it has one safe implementation); they are kept for callers.
 *
 * <pre>{@code
 * ByteOrder order = Utils.NATIVE_BYTE_ORDER;
 * }</pre>
 */
public enum Utils {
  ;

  /** The platform's byte order. */
  public static final ByteOrder NATIVE_BYTE_ORDER = ByteOrder.nativeOrder();

  private static final boolean UNALIGNED = unaligned(System.getProperty("os.arch", ""));

  private static boolean unaligned(String arch) {
    switch (arch) {
      case "i386":
      case "x86":
      case "amd64":
      case "x86_64":
      case "aarch64":
      case "ppc64le":
        return true;
      default:
        return false;
    }
  }

  /** {@return whether the CPU reads unaligned words cheaply (by architecture name, as lz4-java)} */
  public static boolean isUnalignedAccessAllowed() {
    return UNALIGNED;
  }
}
