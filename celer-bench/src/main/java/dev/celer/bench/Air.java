package dev.celer.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * aircompressor-v3: Java 25 bytecode, reached through constant method handles (each {@code null}
 * where it cannot load: on Java 17, or a native part its loader disables).
 */
final class Air {
  static final String UNAVAILABLE;
  static final MethodHandle JAVA_COMPRESS;
  static final MethodHandle JAVA_DECOMPRESS;
  static final MethodHandle NATIVE_COMPRESS;
  static final MethodHandle NATIVE_DECOMPRESS;
  static final MethodHandle JAVA_XXH32;
  static final MethodHandle JAVA_XXH64;
  static final MethodHandle NATIVE_XXH32;
  static final MethodHandle NATIVE_XXH64;
  static final MethodHandle NATIVE_XXH3;
  /** {@code (byte[], int, int, long) long}: the low 64 bits of {@code XxHash3Native.hash128}. */
  static final MethodHandle NATIVE_XXH128;

  static {
    MethodHandle[] h = new MethodHandle[10];
    StringBuilder why = new StringBuilder();
    MethodType codec = MethodType.methodType(int.class, byte[].class, int.class, int.class, byte[].class, int.class, int.class);
    MethodType h32 = MethodType.methodType(int.class, byte[].class, int.class, int.class, int.class);
    MethodType h64 = MethodType.methodType(long.class, byte[].class, int.class, int.class, long.class);
    String p = "io.airlift.compress.v3.";
    Object[][] specs = {
      {"lz4.Lz4JavaCompressor", "compress", codec},
      {"lz4.Lz4JavaDecompressor", "decompress", codec},
      {"lz4.Lz4NativeCompressor", "compress", codec},
      {"lz4.Lz4NativeDecompressor", "decompress", codec},
      {"xxhash.XxHash32JavaHasher", "hash", h32},
      {"xxhash.XxHash64JavaHasher", "hash", h64},
      {"xxhash.XxHash32NativeHasher", "hash", h32},
      {"xxhash.XxHash64NativeHasher", "hash", h64},
      {"xxhash.XxHash3Native", "hash", h64},
      {"xxhash.XxHash3Native", "hash128", null},
    };
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    for (int i = 0; i < specs.length; i++) {
      String name = p + specs[i][0];
      try {
        Class<?> cl = Class.forName(name);
        if (name.contains("Native") && !(boolean) cl.getMethod("isEnabled").invoke(null)) {
          throw new IllegalStateException("isEnabled() is false");
        }
        if (specs[i][2] == null) {
          Class<?> r = Class.forName(p + "xxhash.XxHash128");
          MethodHandle m = lookup.findStatic(cl, "hash128", MethodType.methodType(r, byte[].class, int.class, int.class, long.class));
          h[i] = MethodHandles.filterReturnValue(m, lookup.findVirtual(r, "low", MethodType.methodType(long.class)));
        } else if (specs[i][2] == codec) {
          h[i] = lookup.findVirtual(cl, (String) specs[i][1], codec).bindTo(cl.getConstructor().newInstance());
        } else {
          h[i] = lookup.findStatic(cl, (String) specs[i][1], (MethodType) specs[i][2]);
        }
      } catch (UnsupportedClassVersionError e) {
        why.setLength(0);
        why.append("aircompressor-v3 is Java 25 bytecode; this is Java ").append(Runtime.version().feature());
        break;
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        why.append(why.length() == 0 ? "" : "; ").append(specs[i][0]).append(": ").append(e);
      }
    }
    UNAVAILABLE = why.length() == 0 ? null : why.toString();
    JAVA_COMPRESS = h[0];
    JAVA_DECOMPRESS = h[1];
    NATIVE_COMPRESS = h[2];
    NATIVE_DECOMPRESS = h[3];
    JAVA_XXH32 = h[4];
    JAVA_XXH64 = h[5];
    NATIVE_XXH32 = h[6];
    NATIVE_XXH64 = h[7];
    NATIVE_XXH3 = h[8];
    NATIVE_XXH128 = h[9];
  }

  private Air() {}
}
