package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * The LZ4 block implementations benchmarked side by side.
 *
 * <p>{@code LZ4JAVA_*} is lz4-java 1.8.0 ({@code org.lz4:lz4-java}), {@code FORK_*} the maintained
 * fork ({@code at.yawk.lz4:lz4-java}). Both have the same {@code net.jpountz} classes, so one JVM
 * holds only one of them: {@code benchmarks.jar} contains 1.8.0, and {@code run.sh} runs the
 * {@code FORK_*} rows in JVMs whose class path starts with {@code target/peers/lz4-java-fork.jar}.
 * Each value checks where {@code LZ4Factory} was loaded from and refuses to run under the wrong
 * label. {@code JNI} is {@code fastestInstance()} (the C library through JNI), {@code UNSAFE}
 * {@code unsafeInstance()}, {@code SAFE} {@code safeInstance()}; decompression is the safe
 * decompressor (what {@code LZ4_decompress_safe} is in C).
 *
 * <p>{@code AIRCOMPRESSOR} is aircompressor-v3's pure-Java LZ4; its jar is Java 25 bytecode, so it
 * is reached through method handles (constant, hence inlined) and only runs on JDK 25+.
 *
 * <p>Thread-safe (the enum); each {@link BlockCodec} it makes is for one thread.
 */
public enum Lz4Impl {
  CELER,
  LZ4JAVA_JNI,
  LZ4JAVA_UNSAFE,
  LZ4JAVA_SAFE,
  FORK_JNI,
  FORK_UNSAFE,
  FORK_SAFE,
  AIRCOMPRESSOR;

  /** The fast (level 1) codec. */
  public BlockCodec fast() {
    switch (this) {
      case CELER:
        return new CelerCodec(Lz4.fastCompressor());
      case AIRCOMPRESSOR:
        return new AircompressorCodec();
      default:
        LZ4Factory f = jpountzFactory();
        return new JpountzCodec(f.fastCompressor(), f.safeDecompressor());
    }
  }

  /** The high-compression codec at {@code level}. */
  public BlockCodec high(int level) {
    switch (this) {
      case CELER:
        return new CelerCodec(Lz4.highCompressor(level));
      case AIRCOMPRESSOR:
        throw new UnsupportedOperationException("aircompressor has no pure-Java LZ4 HC");
      default:
        LZ4Factory f = jpountzFactory();
        return new JpountzCodec(f.highCompressor(level), f.safeDecompressor());
    }
  }

  private LZ4Factory jpountzFactory() {
    boolean wantFork = name().startsWith("FORK_");
    if (wantFork != JpountzOrigin.IS_FORK) {
      throw new IllegalStateException(
          this
              + " needs "
              + (wantFork ? "the lz4-java fork" : "lz4-java 1.8.0")
              + " on the class path, but net.jpountz comes from "
              + JpountzOrigin.LOCATION
              + (wantFork ? " (run with -cp target/peers/lz4-java-fork.jar:target/benchmarks.jar)" : ""));
    }
    switch (this) {
      case LZ4JAVA_JNI:
      case FORK_JNI:
        return LZ4Factory.fastestInstance();
      case LZ4JAVA_UNSAFE:
      case FORK_UNSAFE:
        return LZ4Factory.unsafeInstance();
      default:
        return LZ4Factory.safeInstance();
    }
  }

  /** Where the {@code net.jpountz} classes of this JVM come from. */
  static final class JpountzOrigin {
    static final String LOCATION;
    static final boolean IS_FORK;

    static {
      URL factory = LZ4Factory.class.getResource("LZ4Factory.class");
      URL forkPom =
          ClassLoader.getSystemResource("META-INF/maven/at.yawk.lz4/lz4-java/pom.properties");
      LOCATION = jarOf(factory);
      IS_FORK = forkPom != null && jarOf(forkPom).equals(LOCATION);
    }

    private static String jarOf(URL url) {
      String s = String.valueOf(url);
      int bang = s.indexOf("!/");
      return bang < 0 ? s : s.substring(0, bang);
    }

    private JpountzOrigin() {}
  }

  private static final class CelerCodec implements BlockCodec {
    private final Lz4Compressor compressor;
    private final Lz4Decompressor decompressor = Lz4.decompressor();

    CelerCodec(Lz4Compressor compressor) {
      this.compressor = compressor;
    }

    @Override
    public int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
      return compressor.compress(src, srcOff, srcLen, dst, dstOff, maxDstLen);
    }

    @Override
    public int tryCompress(
        byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
      return compressor.tryCompress(src, srcOff, srcLen, dst, dstOff, maxDstLen);
    }

    @Override
    public int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
      return decompressor.decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
    }

    @Override
    public int decompressPartial(
        byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int targetLen) {
      return decompressor.decompressPartial(src, srcOff, srcLen, dst, dstOff, targetLen);
    }

    @Override
    public int compress(
        byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen,
        byte[] dict, int dictOff, int dictLen) {
      return compressor.compress(src, srcOff, srcLen, dst, dstOff, maxDstLen, dict, dictOff, dictLen);
    }

    @Override
    public int decompress(
        byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen,
        byte[] dict, int dictOff, int dictLen) {
      return decompressor.decompress(src, srcOff, srcLen, dst, dstOff, dstLen, dict, dictOff, dictLen);
    }
  }

  private static final class JpountzCodec implements BlockCodec {
    private final LZ4Compressor compressor;
    private final LZ4SafeDecompressor decompressor;

    JpountzCodec(LZ4Compressor compressor, LZ4SafeDecompressor decompressor) {
      this.compressor = compressor;
      this.decompressor = decompressor;
    }

    @Override
    public int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
      return compressor.compress(src, srcOff, srcLen, dst, dstOff, maxDstLen);
    }

    @Override
    public int tryCompress(
        byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
      try {
        return compressor.compress(src, srcOff, srcLen, dst, dstOff, maxDstLen);
      } catch (LZ4Exception tooSmall) {
        return -1;
      }
    }

    @Override
    public int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
      return decompressor.decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
    }
  }

  /** aircompressor-v3's {@code Lz4JavaCompressor}/{@code Lz4JavaDecompressor}, by method handle. */
  private static final class AircompressorCodec implements BlockCodec {
    private static final MethodHandle COMPRESS;
    private static final MethodHandle DECOMPRESS;

    static {
      MethodType type =
          MethodType.methodType(
              int.class, byte[].class, int.class, int.class, byte[].class, int.class, int.class);
      try {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> c = Class.forName("io.airlift.compress.v3.lz4.Lz4JavaCompressor");
        Class<?> d = Class.forName("io.airlift.compress.v3.lz4.Lz4JavaDecompressor");
        COMPRESS =
            lookup
                .findVirtual(c, "compress", type)
                .bindTo(c.getConstructor().newInstance());
        DECOMPRESS =
            lookup
                .findVirtual(d, "decompress", type)
                .bindTo(d.getConstructor().newInstance());
      } catch (UnsupportedClassVersionError e) {
        throw new UnsupportedOperationException(
            "aircompressor-v3 is Java 25 bytecode; this is Java "
                + Runtime.version().feature(), e);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("aircompressor-v3 not on the class path", e);
      }
    }

    @Override
    public int compress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
      try {
        return (int) COMPRESS.invokeExact(src, srcOff, srcLen, dst, dstOff, maxDstLen);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }

    @Override
    public int tryCompress(
        byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int maxDstLen) {
      throw new UnsupportedOperationException(
          "aircompressor needs an output of maxCompressedLength bytes: no compress-or-reject");
    }

    @Override
    public int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
      try {
        return (int) DECOMPRESS.invokeExact(src, srcOff, srcLen, dst, dstOff, dstLen);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }
  }
}
