package dev.celer.bench;

import com.dynatrace.hash4j.hashing.Hasher32;
import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The xxHash implementations benchmarked side by side, all with seed 0.
 *
 * <p>{@code CELER_VECTOR} is Celer in a JVM with the Vector API module (XXH3's vector path).
 * {@code LZ4JAVA_JNI} is lz4-java 1.8.0's {@code XXHashFactory.fastestInstance()} (C through
 * JNI), {@code LZ4JAVA_UNSAFE} its {@code unsafeInstance()}; {@code HASH4J} is hash4j;
 * {@code AIRCOMPRESSOR} is aircompressor-v3's pure-Java XXH32/XXH64 (Java 25 bytecode: method
 * handles, JDK 25+ only). Not every implementation has every function; asking for a missing one
 * throws {@link UnsupportedOperationException}.
 *
 * <p>Thread-safe: the functions are stateless.
 */
public enum HashImpl {
  CELER {
    @Override
    public HashFunctions functions() {
      return new HashFunctions() {
        @Override
        public int xxh32(byte[] b, int off, int len) {
          return XxHash32.hash(b, off, len, 0);
        }

        @Override
        public long xxh64(byte[] b, int off, int len) {
          return XxHash64.hash(b, off, len, 0L);
        }

        @Override
        public long xxh3(byte[] b, int off, int len) {
          return XxHash3.hash(b, off, len, 0L);
        }
      };
    }
  },
  /**
   * Celer with XXH3's Vector API path: the same calls as {@link #CELER}, in a JVM started with
   * {@code --add-modules jdk.incubator.vector} ({@code run.sh} adds it for this implementation).
   * Refuses to run without it, so that a result under this name is never the scalar path.
   */
  CELER_VECTOR {
    @Override
    public HashFunctions functions() {
      if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
        throw new UnsupportedOperationException(
            "CELER_VECTOR needs the JVM option --add-modules jdk.incubator.vector");
      }
      if ("false".equalsIgnoreCase(System.getProperty("dev.celer.vector"))) {
        throw new UnsupportedOperationException("CELER_VECTOR with -Ddev.celer.vector=false");
      }
      return CELER.functions();
    }
  },
  LZ4JAVA_JNI {
    @Override
    public HashFunctions functions() {
      return jpountz(XXHashFactory.fastestInstance());
    }
  },
  LZ4JAVA_UNSAFE {
    @Override
    public HashFunctions functions() {
      return jpountz(XXHashFactory.unsafeInstance());
    }
  },
  HASH4J {
    @Override
    public HashFunctions functions() {
      Hasher32 h32 = Hashing.xxh32();
      Hasher64 h64 = Hashing.xxh64();
      Hasher64 h3 = Hashing.xxh3_64();
      return new HashFunctions() {
        @Override
        public int xxh32(byte[] b, int off, int len) {
          return h32.hashBytesToInt(b, off, len);
        }

        @Override
        public long xxh64(byte[] b, int off, int len) {
          return h64.hashBytesToLong(b, off, len);
        }

        @Override
        public long xxh3(byte[] b, int off, int len) {
          return h3.hashBytesToLong(b, off, len);
        }
      };
    }
  },
  AIRCOMPRESSOR {
    @Override
    public HashFunctions functions() {
      return new AircompressorHashes();
    }
  };

  /** The hash functions of this implementation. */
  public abstract HashFunctions functions();

  /** One-shot hashes of a byte range, seed 0. */
  public interface HashFunctions {
    /** XXH32. */
    default int xxh32(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("no XXH32");
    }

    /** XXH64. */
    default long xxh64(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("no XXH64");
    }

    /** XXH3 64-bit. */
    default long xxh3(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("no XXH3-64");
    }
  }

  private static HashFunctions jpountz(XXHashFactory factory) {
    XXHash32 h32 = factory.hash32();
    XXHash64 h64 = factory.hash64();
    return new HashFunctions() {
      @Override
      public int xxh32(byte[] b, int off, int len) {
        return h32.hash(b, off, len, 0);
      }

      @Override
      public long xxh64(byte[] b, int off, int len) {
        return h64.hash(b, off, len, 0L);
      }
    };
  }

  private static final class AircompressorHashes implements HashFunctions {
    private static final MethodHandle XXH32;
    private static final MethodHandle XXH64;

    static {
      try {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        XXH32 =
            lookup.findStatic(
                Class.forName("io.airlift.compress.v3.xxhash.XxHash32JavaHasher"),
                "hash",
                MethodType.methodType(int.class, byte[].class, int.class, int.class, int.class));
        XXH64 =
            lookup.findStatic(
                Class.forName("io.airlift.compress.v3.xxhash.XxHash64JavaHasher"),
                "hash",
                MethodType.methodType(long.class, byte[].class, int.class, int.class, long.class));
      } catch (UnsupportedClassVersionError e) {
        throw new UnsupportedOperationException(
            "aircompressor-v3 is Java 25 bytecode; this is Java " + Runtime.version().feature(), e);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("aircompressor-v3 not on the class path", e);
      }
    }

    @Override
    public int xxh32(byte[] b, int off, int len) {
      try {
        return (int) XXH32.invokeExact(b, off, len, 0);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }

    @Override
    public long xxh64(byte[] b, int off, int len) {
      try {
        return (long) XXH64.invokeExact(b, off, len, 0L);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }
  }
}
