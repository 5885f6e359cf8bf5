package dev.celer.bench;

import com.dynatrace.hash4j.hashing.Hasher128;
import com.dynatrace.hash4j.hashing.Hasher32;
import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Dictionary;
import dev.celer.xxhash.XxHash128;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Side-by-side ratios in one JVM (issue 12): C called in-process ({@link CReference}), Celer's
 * native backend, Celer's pure Java, lz4-java's JNI build, aircompressor (Java and its bundled
 * native libraries) and hash4j, on the same blocks, interleaved. Each round runs every
 * implementation of an operation for a window of thread CPU time, in an order rotated from round
 * to round, so that load from other processes on a shared machine hits all of them alike.
 *
 * <p>Per corpus file and block size, a ratio is the median over rounds of the per-round ratio of
 * two implementations; the table gives the geometric mean of those over the files, of each
 * implementation to the reference (C when this JVM can call it, else lz4-java JNI for LZ4, XXH32
 * and XXH64 and hash4j for XXH3), and of Celer native to lz4-java JNI; {@code B/call} is the
 * largest heap allocation per call (ThreadMXBean) over one pass after the rounds.
 *
 * <pre>
 * java [--enable-native-access=ALL-UNNAMED] -cp celer-bench/target/benchmarks.jar \
 *     [-Dceler.corpus=DIR] [-Dceler.bench.lz4Sizes=4096,16384,65536]
 *     [-Dceler.bench.hashSizes=1024,16384,1048576] [-Dceler.bench.ops=compress,xxh3,...] \
 *     dev.celer.bench.OneJvmRatios [windowMs] [rounds] [corpus files...]
 * </pre>
 *
 * <p>{@code ops} names {@link Kind}s in lower case (all by default); small sizes (e.g. 64,256) are
 * how the native backend's crossovers against pure Java were measured.
 *
 * <p>The markdown table goes to stdout; one line per file and cell (GB/s of input per CPU second)
 * to stderr. Not JMH: a plain loop over many blocks per call site, which is what the ratios need;
 * absolute GB/s are indicative only. {@code scripts/bench-onejvm} runs it on JDK 17 and JDK 25.
 */
public final class OneJvmRatios {
  private OneJvmRatios() {}

  /** One timed operation over all blocks of a set; returns a value so that nothing is dead code. */
  interface Op {
    long run(Blocks b);
  }

  /** The blocks of one size: inputs, their compressed forms, and output room. */
  static final class Blocks {
    final byte[][] raw;
    final byte[][] packed;
    final byte[] out;
    final long bytes;
    /** For the dictionary operations: the dictionary, Celer's prepared form of it and C's ({@link CReference#prepareDict}). */
    byte[] dict;
    Lz4Dictionary prepared;
    Object cDict;

    /** {@code b}'s blocks and dictionary with output room {@code out}. */
    Blocks(Blocks b, byte[] out) {
      this.raw = b.raw;
      this.packed = b.packed;
      this.out = out;
      this.bytes = b.bytes;
      this.dict = b.dict;
      this.prepared = b.prepared;
      this.cDict = b.cDict;
    }

    Blocks(byte[][] raw, boolean lz4) {
      this.raw = raw;
      this.packed = new byte[raw.length][];
      long n = 0;
      int max = 0;
      for (int i = 0; i < raw.length; i++) {
        packed[i] = lz4 ? Lz4.javaFastCompressor().compress(raw[i]) : null;
        n += raw[i].length;
        max = Math.max(max, raw[i].length);
      }
      this.bytes = n;
      this.out = new byte[lz4 ? Lz4.maxCompressedLength(max) : 0];
    }
  }

  /** The operations, each with its block sizes and the total input per block set. */
  enum Kind {
    COMPRESS("compress (fast, level 1)", true),
    DECOMPRESS("decompress", true),
    PARTIAL("decompress first ¼ of each block", true),
    HC9("HC level 9", true),
    DICT("compress (fast) with a 64 KB dictionary", true),
    DICT_HC9("HC level 9 with a 64 KB dictionary", true),
    XXH32("XXH32", false),
    XXH64("XXH64", false),
    XXH3("XXH3-64", false),
    XXH128("XXH3-128", false);

    final String label;
    final boolean lz4;

    Kind(String label, boolean lz4) {
      this.label = label;
      this.lz4 = lz4;
    }

    /** @return whether this is an HC operation: slower per byte, measured on fewer blocks for longer windows */
    boolean hc() {
      return this == HC9 || this == DICT_HC9;
    }

    /** @return whether the blocks are compressed against a dictionary (the file's first 64 KB) */
    boolean dict() {
      return this == DICT || this == DICT_HC9;
    }
  }

  static final String C = "C";
  static final String NATIVE = "Celer native";
  static final String JAVA = "Celer Java";
  static final String JNI = "lz4-java 1.8.0 JNI";
  /**
   * Partial decompression only: C's call after a clear of its target, as the native backend clears
   * before each partial decode (liblz4 1.9.4 leaves a destination's old bytes for an offset-0
   * match near the target; docs/security.md, "The native backend"). Its ratio to C is the most
   * any backend that clears can reach.
   */
  static final String C_CLEARED = "C + clear of the target";
  static final String AIR_JAVA = "aircompressor 3.8 Java";
  static final String AIR_NATIVE = "aircompressor 3.8 native";
  static final String HASH4J = "hash4j 0.31.0";

  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  /** @return bytes per CPU nanosecond (GB/s) of {@code op} over {@code b}, for about {@code windowNs} */
  static double measure(Op op, Blocks b, long windowNs) {
    long sink = 0;
    long t0 = CPU.getCurrentThreadCpuTime();
    long t;
    long passes = 0;
    do {
      sink += op.run(b);
      passes++;
      t = CPU.getCurrentThreadCpuTime();
    } while (t - t0 < windowNs);
    if (sink == 42) {
      System.out.print("");
    }
    return (double) passes * b.bytes / (t - t0);
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  static IllegalStateException rethrow(Throwable t) {
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    return new IllegalStateException(t);
  }

  // ------------------------------------------------------------------------------- implementations
  // Each implementation has its own loop (its own lambda), so that the call inside is monomorphic
  // and inlined: one shared loop over an interface would be a megamorphic call per block, which
  // costs a few percent of a 1 KB hash.

  static Map<String, Op> implementations(Kind k) {
    Map<String, Op> m = new LinkedHashMap<>();
    boolean c = CReference.UNAVAILABLE == null;
    boolean nat = Lz4.isNativeBackend();
    switch (k) {
      case COMPRESS:
        if (c) {
          m.put(C, b -> {
            long s = 0;
            for (byte[] r : b.raw) {
              s += CReference.fast(r, r.length, b.out, b.out.length);
            }
            return s;
          });
        }
        if (nat) {
          Lz4Compressor n = Lz4.fastCompressor();
          m.put(NATIVE, b -> {
            long s = 0;
            for (byte[] r : b.raw) {
              s += n.compress(r, 0, r.length, b.out, 0, b.out.length);
            }
            return s;
          });
        }
        Lz4Compressor j = Lz4.javaFastCompressor();
        m.put(JAVA, b -> {
          long s = 0;
          for (byte[] r : b.raw) {
            s += j.compress(r, 0, r.length, b.out, 0, b.out.length);
          }
          return s;
        });
        net.jpountz.lz4.LZ4Compressor jni = LZ4Factory.nativeInstance().fastCompressor();
        m.put(JNI, b -> {
          long s = 0;
          for (byte[] r : b.raw) {
            s += jni.compress(r, 0, r.length, b.out, 0, b.out.length);
          }
          return s;
        });
        if (Air.JAVA_COMPRESS != null) {
          m.put(AIR_JAVA, b -> {
            long s = 0;
            try {
              for (byte[] r : b.raw) {
                s += (int) Air.JAVA_COMPRESS.invokeExact(r, 0, r.length, b.out, 0, b.out.length);
              }
            } catch (Throwable t) {
              throw rethrow(t);
            }
            return s;
          });
        }
        if (Air.NATIVE_COMPRESS != null) {
          m.put(AIR_NATIVE, b -> {
            long s = 0;
            try {
              for (byte[] r : b.raw) {
                s += (int) Air.NATIVE_COMPRESS.invokeExact(r, 0, r.length, b.out, 0, b.out.length);
              }
            } catch (Throwable t) {
              throw rethrow(t);
            }
            return s;
          });
        }
        return m;
      case DECOMPRESS:
        if (c) {
          m.put(C, b -> {
            long s = 0;
            for (int i = 0; i < b.raw.length; i++) {
              s += CReference.decompress(b.packed[i], b.packed[i].length, b.out, b.raw[i].length);
            }
            return s;
          });
        }
        if (nat) {
          Lz4Decompressor n = Lz4.decompressor();
          m.put(NATIVE, b -> {
            long s = 0;
            for (int i = 0; i < b.raw.length; i++) {
              s += n.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
            }
            return s;
          });
        }
        Lz4Decompressor jd = Lz4.javaDecompressor();
        m.put(JAVA, b -> {
          long s = 0;
          for (int i = 0; i < b.raw.length; i++) {
            s += jd.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
          }
          return s;
        });
        net.jpountz.lz4.LZ4SafeDecompressor jniD = LZ4Factory.nativeInstance().safeDecompressor();
        m.put(JNI, b -> {
          long s = 0;
          for (int i = 0; i < b.raw.length; i++) {
            s += jniD.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
          }
          return s;
        });
        if (Air.JAVA_DECOMPRESS != null) {
          m.put(AIR_JAVA, b -> {
            long s = 0;
            try {
              for (int i = 0; i < b.raw.length; i++) {
                s += (int) Air.JAVA_DECOMPRESS.invokeExact(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
              }
            } catch (Throwable t) {
              throw rethrow(t);
            }
            return s;
          });
        }
        if (Air.NATIVE_DECOMPRESS != null) {
          m.put(AIR_NATIVE, b -> {
            long s = 0;
            try {
              for (int i = 0; i < b.raw.length; i++) {
                s += (int) Air.NATIVE_DECOMPRESS.invokeExact(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length);
              }
            } catch (Throwable t) {
              throw rethrow(t);
            }
            return s;
          });
        }
        return m;
      case PARTIAL:
        if (c) {
          m.put(C, b -> {
            long s = 0;
            for (int i = 0; i < b.raw.length; i++) {
              int target = b.raw[i].length / 4;
              s += CReference.partial(b.packed[i], b.packed[i].length, b.out, target, target);
            }
            return s;
          });
          m.put(C_CLEARED, b -> {
            long s = 0;
            for (int i = 0; i < b.raw.length; i++) {
              int target = b.raw[i].length / 4;
              Arrays.fill(b.out, 0, target, (byte) 0);
              s += CReference.partial(b.packed[i], b.packed[i].length, b.out, target, target);
            }
            return s;
          });
        }
        if (nat) {
          Lz4Decompressor n = Lz4.decompressor();
          m.put(NATIVE, b -> {
            long s = 0;
            for (int i = 0; i < b.raw.length; i++) {
              s += n.decompressPartial(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length / 4);
            }
            return s;
          });
        }
        Lz4Decompressor jp = Lz4.javaDecompressor();
        m.put(JAVA, b -> {
          long s = 0;
          for (int i = 0; i < b.raw.length; i++) {
            s += jp.decompressPartial(b.packed[i], 0, b.packed[i].length, b.out, 0, b.raw[i].length / 4);
          }
          return s;
        });
        return m;
      case HC9:
        if (c) {
          m.put(C, b -> {
            long s = 0;
            for (byte[] r : b.raw) {
              s += CReference.hc9(r, r.length, b.out, b.out.length);
            }
            return s;
          });
        }
        if (nat) {
          Lz4Compressor n = Lz4.highCompressor(9);
          m.put(NATIVE, b -> {
            long s = 0;
            for (byte[] r : b.raw) {
              s += n.compress(r, 0, r.length, b.out, 0, b.out.length);
            }
            return s;
          });
        }
        Lz4Compressor jh = Lz4.javaHighCompressor(9);
        m.put(JAVA, b -> {
          long s = 0;
          for (byte[] r : b.raw) {
            s += jh.compress(r, 0, r.length, b.out, 0, b.out.length);
          }
          return s;
        });
        net.jpountz.lz4.LZ4Compressor jniH = LZ4Factory.nativeInstance().highCompressor(9);
        m.put(JNI, b -> {
          long s = 0;
          for (byte[] r : b.raw) {
            s += jniH.compress(r, 0, r.length, b.out, 0, b.out.length);
          }
          return s;
        });
        return m;
      case DICT:
      case DICT_HC9:
        return dict(k, c, nat);
      case XXH32:
        return xxh32(c, nat);
      case XXH64:
        return xxh64(c, nat);
      case XXH3:
        return xxh3(c, nat);
      default:
        return xxh128(c, nat);
    }
  }

  /** The dictionary size of {@link Kind#DICT} and {@link Kind#DICT_HC9}: the file's first 64 KB, its blocks after it. */
  static final int DICT_SIZE = 64 << 10;

  /**
   * Dictionary compression: C from a stream prepared once (as {@code lz4 -D} does, see {@link
   * CReference#prepareDict}), Celer with an {@link Lz4Dictionary} prepared once (the path of the
   * frame encoder under {@code lz4 -D}), and Celer with the dictionary as a {@code byte[]} (copied
   * and indexed per call).
   */
  private static Map<String, Op> dict(Kind k, boolean c, boolean nat) {
    Map<String, Op> m = new LinkedHashMap<>();
    boolean hc = k == Kind.DICT_HC9;
    if (c) {
      m.put(C, hc ? b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += CReference.hc9Dict(b.cDict, r, r.length, b.out, b.out.length);
        }
        return s;
      } : b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += CReference.fastDict(b.cDict, r, r.length, b.out, b.out.length);
        }
        return s;
      });
    }
    if (nat) {
      Lz4Compressor n = hc ? Lz4.highCompressor(9) : Lz4.fastCompressor();
      m.put(NATIVE, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += n.compress(r, 0, r.length, b.out, 0, b.out.length, b.prepared);
        }
        return s;
      });
      m.put(NATIVE + " (byte[] dict)", b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += n.compress(r, 0, r.length, b.out, 0, b.out.length, b.dict, 0, b.dict.length);
        }
        return s;
      });
    }
    Lz4Compressor j = hc ? Lz4.javaHighCompressor(9) : Lz4.javaFastCompressor();
    m.put(JAVA, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += j.compress(r, 0, r.length, b.out, 0, b.out.length, b.prepared);
      }
      return s;
    });
    m.put(JAVA + " (byte[] dict)", b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += j.compress(r, 0, r.length, b.out, 0, b.out.length, b.dict, 0, b.dict.length);
      }
      return s;
    });
    return m;
  }

  /** @return up to {@code setBytes} of whole blocks of {@code size} bytes of {@code all} (after the dictionary for {@link Kind#dict()}) */
  static Blocks blocks(Kind k, byte[] all, int size, long setBytes) {
    int start = k.dict() ? DICT_SIZE : 0;
    int n = (int) Math.max(1, Math.min((all.length - start) / size, setBytes / size));
    byte[][] raw = new byte[n][];
    for (int i = 0; i < n; i++) {
      raw[i] = Arrays.copyOfRange(all, start + i * size, start + (i + 1) * size);
    }
    Blocks b = new Blocks(raw, k.lz4);
    if (k.dict()) {
      b.dict = Arrays.copyOf(all, DICT_SIZE);
      b.prepared = Lz4Dictionary.of(b.dict);
      b.cDict = CReference.UNAVAILABLE == null ? CReference.prepareDict(b.dict) : null;
    }
    return b;
  }

  private static Map<String, Op> xxh32(boolean c, boolean nat) {
    Map<String, Op> m = new LinkedHashMap<>();
    if (c) {
      m.put(C, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += CReference.xxh32(r, r.length, 0);
        }
        return s;
      });
    }
    if (nat) {
      m.put(NATIVE, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += XxHash32.hash(r, 0, r.length, 0);
        }
        return s;
      });
    }
    m.put(nat ? JAVA + " (streaming API)" : JAVA, nat ? b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        XxHash32 h = XxHash32.create(0);
        h.update(r, 0, r.length);
        s += h.digest();
      }
      return s;
    } : b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += XxHash32.hash(r, 0, r.length, 0);
      }
      return s;
    });
    net.jpountz.xxhash.XXHash32 jni = XXHashFactory.nativeInstance().hash32();
    m.put(JNI, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += jni.hash(r, 0, r.length, 0);
      }
      return s;
    });
    if (Air.JAVA_XXH32 != null) {
      m.put(AIR_JAVA, b -> {
        long s = 0;
        try {
          for (byte[] r : b.raw) {
            s += (int) Air.JAVA_XXH32.invokeExact(r, 0, r.length, 0);
          }
        } catch (Throwable t) {
          throw rethrow(t);
        }
        return s;
      });
    }
    if (Air.NATIVE_XXH32 != null) {
      m.put(AIR_NATIVE, b -> {
        long s = 0;
        try {
          for (byte[] r : b.raw) {
            s += (int) Air.NATIVE_XXH32.invokeExact(r, 0, r.length, 0);
          }
        } catch (Throwable t) {
          throw rethrow(t);
        }
        return s;
      });
    }
    Hasher32 h4 = Hashing.xxh32();
    m.put(HASH4J, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += h4.hashBytesToInt(r, 0, r.length);
      }
      return s;
    });
    return m;
  }

  private static Map<String, Op> xxh64(boolean c, boolean nat) {
    Map<String, Op> m = new LinkedHashMap<>();
    if (c) {
      m.put(C, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += CReference.xxh64(r, r.length, 0L);
        }
        return s;
      });
    }
    if (nat) {
      m.put(NATIVE, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += XxHash64.hash(r, 0, r.length, 0L);
        }
        return s;
      });
    }
    m.put(nat ? JAVA + " (streaming API)" : JAVA, nat ? b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        XxHash64 h = XxHash64.create(0L);
        h.update(r, 0, r.length);
        s += h.digest();
      }
      return s;
    } : b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += XxHash64.hash(r, 0, r.length, 0L);
      }
      return s;
    });
    net.jpountz.xxhash.XXHash64 jni = XXHashFactory.nativeInstance().hash64();
    m.put(JNI, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += jni.hash(r, 0, r.length, 0L);
      }
      return s;
    });
    if (Air.JAVA_XXH64 != null) {
      m.put(AIR_JAVA, b -> {
        long s = 0;
        try {
          for (byte[] r : b.raw) {
            s += (long) Air.JAVA_XXH64.invokeExact(r, 0, r.length, 0L);
          }
        } catch (Throwable t) {
          throw rethrow(t);
        }
        return s;
      });
    }
    if (Air.NATIVE_XXH64 != null) {
      m.put(AIR_NATIVE, b -> {
        long s = 0;
        try {
          for (byte[] r : b.raw) {
            s += (long) Air.NATIVE_XXH64.invokeExact(r, 0, r.length, 0L);
          }
        } catch (Throwable t) {
          throw rethrow(t);
        }
        return s;
      });
    }
    Hasher64 h4 = Hashing.xxh64();
    m.put(HASH4J, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += h4.hashBytesToLong(r, 0, r.length);
      }
      return s;
    });
    return m;
  }

  private static Map<String, Op> xxh3(boolean c, boolean nat) {
    Map<String, Op> m = new LinkedHashMap<>();
    if (c) {
      m.put(C, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += CReference.xxh3(r, r.length, 0L);
        }
        return s;
      });
    }
    if (nat) {
      m.put(NATIVE, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += XxHash3.hash(r, 0, r.length, 0L);
        }
        return s;
      });
    }
    m.put(nat ? JAVA + " (streaming API)" : JAVA, nat ? b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        XxHash3 h = XxHash3.create(0L);
        h.update(r, 0, r.length);
        s += h.digest();
      }
      return s;
    } : b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += XxHash3.hash(r, 0, r.length, 0L);
      }
      return s;
    });
    if (Air.NATIVE_XXH3 != null) {
      m.put(AIR_NATIVE, b -> {
        long s = 0;
        try {
          for (byte[] r : b.raw) {
            s += (long) Air.NATIVE_XXH3.invokeExact(r, 0, r.length, 0L);
          }
        } catch (Throwable t) {
          throw rethrow(t);
        }
        return s;
      });
    }
    Hasher64 h4 = Hashing.xxh3_64();
    m.put(HASH4J, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += h4.hashBytesToLong(r, 0, r.length);
      }
      return s;
    });
    return m;
  }

  private static Map<String, Op> xxh128(boolean c, boolean nat) {
    Map<String, Op> m = new LinkedHashMap<>();
    if (c) {
      m.put(C, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += CReference.xxh128(r, r.length, 0L);
        }
        return s;
      });
    }
    if (nat) {
      m.put(NATIVE, b -> {
        long s = 0;
        for (byte[] r : b.raw) {
          s += XxHash128.hash(r, 0, r.length, 0L).low64();
        }
        return s;
      });
    }
    m.put(nat ? JAVA + " (streaming API)" : JAVA, nat ? b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        XxHash128 h = XxHash128.create(0L);
        h.update(r, 0, r.length);
        s += h.digest().low64();
      }
      return s;
    } : b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += XxHash128.hash(r, 0, r.length, 0L).low64();
      }
      return s;
    });
    if (Air.NATIVE_XXH128 != null) {
      m.put(AIR_NATIVE, b -> {
        long s = 0;
        try {
          for (byte[] r : b.raw) {
            s += (long) Air.NATIVE_XXH128.invokeExact(r, 0, r.length, 0L);
          }
        } catch (Throwable t) {
          throw rethrow(t);
        }
        return s;
      });
    }
    Hasher128 h4 = Hashing.xxh3_128();
    m.put(HASH4J, b -> {
      long s = 0;
      for (byte[] r : b.raw) {
        s += h4.hashBytesTo128Bits(r, 0, r.length).getLeastSignificantBits();
      }
      return s;
    });
    return m;
  }

  /**
   * aircompressor-v3: Java 25 bytecode, reached through constant method handles (each {@code null}
   * where it cannot load: on Java 17, or a native part its loader disables).
   */
  static final class Air {
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

  // ------------------------------------------------------------------------------------- the run

  /** Per (operation, size, row): the log ratios over files, and the largest B/call. */
  static final class Cell {
    final List<Double> logs = new ArrayList<>();
    double bytesPerCall;
  }

  public static void main(String[] args) throws IOException {
    long windowNs = (args.length > 0 ? Long.parseLong(args[0]) : 10) * 1_000_000L;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    List<Path> files = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      files.add(Corpus.resolve(args[i]));
    }
    if (files.isEmpty()) {
      for (String n : Corpus.names()) {
        files.add(Corpus.dir().resolve(n));
      }
    }
    int[] lz4Sizes = sizes("celer.bench.lz4Sizes", "4096,16384,65536");
    int[] hashSizes = sizes("celer.bench.hashSizes", "1024,16384,1048576");
    String only = System.getProperty("celer.bench.ops", "");
    boolean nat = Lz4.isNativeBackend();
    String ref = CReference.UNAVAILABLE == null ? "C " + CReference.NAME + " (FFM, critical)" : null;
    String[] libs = ref == null ? null : CReference.NAME.split(", ");

    // (kind, size, row) -> cell; rows are implementation names and "A / B" ratios
    Map<Kind, Map<Integer, Map<String, Cell>>> cells = new LinkedHashMap<>();
    Map<Kind, Map<Integer, List<Double>>> refSpeed = new LinkedHashMap<>();
    Map<Kind, String> refName = new LinkedHashMap<>();
    long start = System.nanoTime();
    warmUp(files, lz4Sizes, hashSizes, windowNs);
    for (Path f : files) {
      byte[] all = Files.readAllBytes(f);
      for (Kind k : Kind.values()) {
        if (!only.isEmpty() && !Arrays.asList(only.split(",")).contains(k.name().toLowerCase(Locale.ROOT))) {
          continue;
        }
        for (int size : k.lz4 ? lz4Sizes : hashSizes) {
          if (all.length < size + (k.dict() ? DICT_SIZE : 0)) {
            continue; // whole blocks only: a short file would put a smaller input in this column
          }
          long setBytes = k.hc() ? 256 << 10 : k.lz4 ? 512 << 10 : 1 << 20;
          Blocks b = blocks(k, all, size, setBytes);
          Map<String, Op> impls = implementations(k);
          List<String> names = new ArrayList<>(impls.keySet());
          Op[] ops = impls.values().toArray(new Op[0]);
          int refIndex = ref != null ? names.indexOf(C) : names.indexOf(k.lz4 || k == Kind.XXH32 || k == Kind.XXH64 ? JNI : HASH4J);
          if (refIndex < 0) {
            refIndex = names.indexOf(JAVA); // partial decompression on Java 17: nothing else to compare with
          }
          refName.put(k, refIndex == names.indexOf(C) ? "C " + (k.lz4 ? libs[0] : libs[1]) + " in-process (FFM)" : names.get(refIndex));
          check(k, names, ops, b);
          int m = ops.length;
          int rr = k.hc() ? Math.max(3, rounds / 2) : rounds;
          long window = k.hc() ? windowNs * 2 : windowNs;
          double[][] v = new double[m][rr];
          for (int attempt = 0; attempt < 2; attempt++) {
            for (int r = -1; r < rr; r++) {
              double[] x = new double[m];
              for (int q = 0; q < m; q++) {
                int i = Math.floorMod(q + r, m);
                x[i] = measure(ops[i], b, window);
              }
              if (r >= 0) {
                for (int i = 0; i < m; i++) {
                  v[i][r] = x[i];
                }
              }
            }
            if (spread(v) < 1.5) {
              break; // else a recompilation (or a deoptimization) fell into the rounds: once more
            }
          }
          Map<String, Cell> row = cells.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(size, x -> new LinkedHashMap<>());
          StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-8s %7s %-24s", k, label(size), f.getFileName()));
          com.sun.management.ThreadMXBean mem = (com.sun.management.ThreadMXBean) CPU;
          for (int i = 0; i < m; i++) {
            Cell cell = row.computeIfAbsent(names.get(i), x -> new Cell());
            cell.logs.add(Math.log(ratio(v[i], v[refIndex])));
            long a0 = mem.getThreadAllocatedBytes(Thread.currentThread().getId());
            ops[i].run(b);
            double perCall = (double) (mem.getThreadAllocatedBytes(Thread.currentThread().getId()) - a0) / b.raw.length;
            cell.bytesPerCall = Math.max(cell.bytesPerCall, perCall);
            line.append(String.format(Locale.ROOT, " %s=%.3f", names.get(i).replace(' ', '_'), median(v[i])));
            if (perCall >= 0.5) {
              line.append(String.format(Locale.ROOT, "(%.0fB)", perCall));
            }
          }
          refSpeed.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(size, x -> new ArrayList<>()).add(Math.log(median(v[refIndex])));
          int ni = names.indexOf(NATIVE);
          int ji = names.indexOf(JNI);
          if (ni >= 0 && ji >= 0) {
            row.computeIfAbsent(NATIVE + " / " + JNI, x -> new Cell()).logs.add(Math.log(ratio(v[ni], v[ji])));
          }
          System.err.println(line);
        }
      }
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    printTable(cells, refSpeed, refName, lz4Sizes, hashSizes, ref, nat, files.size(), windowNs, rounds, seconds);
  }

  /**
   * Runs every implementation of every operation at every size for 10 windows on the largest
   * file, so that the JIT has compiled each path (a 16 KB hash takes branches a 1 KB one never
   * does) before the first measured round; the discarded round of each cell then only absorbs
   * what a new file changes.
   */
  private static void warmUp(List<Path> files, int[] lz4Sizes, int[] hashSizes, long windowNs) throws IOException {
    Path largest = files.get(0);
    for (Path f : files) {
      if (Files.size(f) > Files.size(largest)) {
        largest = f;
      }
    }
    byte[] all = Files.readAllBytes(largest);
    String only = System.getProperty("celer.bench.ops", "");
    for (Kind k : Kind.values()) {
      if (!only.isEmpty() && !Arrays.asList(only.split(",")).contains(k.name().toLowerCase(Locale.ROOT))) {
        continue;
      }
      for (int size : k.lz4 ? lz4Sizes : hashSizes) {
        size = Math.min(all.length - (k.dict() ? DICT_SIZE : 0), size);
        Blocks b = blocks(k, all, size, 256 << 10);
        for (Op op : implementations(k).values()) {
          measure(op, b, windowNs * 10);
        }
      }
    }
  }

  private static int[] sizes(String property, String dflt) {
    return Arrays.stream(System.getProperty(property, dflt).split(",")).mapToInt(Integer::parseInt).toArray();
  }

  /** @return the largest max/min ratio over rounds of one implementation's rates */
  static double spread(double[][] v) {
    double worst = 1;
    for (double[] x : v) {
      double lo = Double.MAX_VALUE;
      double hi = 0;
      for (double y : x) {
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
      worst = Math.max(worst, hi / lo);
    }
    return worst;
  }

  /** @return the median over rounds of the per-round ratio {@code a[r] / b[r]} */
  static double ratio(double[] a, double[] b) {
    double[] q = new double[a.length];
    for (int r = 0; r < a.length; r++) {
      q[r] = a[r] / b[r];
    }
    return median(q);
  }

  /**
   * Runs each implementation once and compares results: all hashes must agree, and so must the
   * decompressors' output lengths; a mismatch means a wrong binding, and stops the run.
   */
  private static void check(Kind k, List<String> names, Op[] ops, Blocks b) {
    if (k.dict()) {
      checkIdentical(k, names, ops, b);
      return;
    }
    if (k == Kind.COMPRESS || k == Kind.HC9) {
      return; // aircompressor's output differs from liblz4's; the others are checked by their tests
    }
    long first = ops[0].run(b);
    for (int i = 1; i < ops.length; i++) {
      long x = ops[i].run(b);
      if (x != first) {
        throw new IllegalStateException(k + ": " + names.get(i) + " gives " + x + ", " + names.get(0) + " " + first);
      }
    }
  }

  /**
   * Compresses each block alone with every implementation and compares the bytes with the first
   * one's (C when it runs): Celer's dictionary compression is meant to be byte-identical to {@code
   * lz4 -D}. A difference is reported (stderr and under the table) and counted in {@link #DIFFERENT}.
   */
  private static void checkIdentical(Kind k, List<String> names, Op[] ops, Blocks b) {
    for (int i = 0; i < b.raw.length; i++) {
      Blocks one = new Blocks(new byte[][] {b.raw[i]}, false);
      one.dict = b.dict;
      one.prepared = b.prepared;
      one.cDict = b.cDict;
      byte[] out = b.out;
      byte[] first = null;
      for (int q = 0; q < ops.length; q++) {
        Arrays.fill(out, (byte) 0);
        int n = (int) ops[q].run(new Blocks(one, out));
        byte[] got = Arrays.copyOf(out, n);
        if (first == null) {
          first = got;
        } else if (!Arrays.equals(first, got)) {
          String what = k + " " + label(b.raw[i].length) + ": " + names.get(q) + " differs from " + names.get(0);
          if (DIFFERENT.merge(what, 1, Integer::sum) == 1) {
            System.err.println(what + " (block " + i + ": " + n + " bytes against " + first.length + ", first difference at "
                + Arrays.mismatch(first, got) + ")");
          }
        }
      }
    }
  }

  /** Per "operation size: implementation differs from reference": how many blocks (over the files). */
  static final Map<String, Integer> DIFFERENT = new java.util.TreeMap<>();

  static String label(int size) {
    return size >= 1 << 20 ? (size >> 20) + " MB" : size >= 1024 ? (size >> 10) + " KB" : size + " B";
  }

  private static void printTable(
      Map<Kind, Map<Integer, Map<String, Cell>>> cells,
      Map<Kind, Map<Integer, List<Double>>> refSpeed,
      Map<Kind, String> refName,
      int[] lz4Sizes,
      int[] hashSizes,
      String ref,
      boolean nat,
      int fileCount,
      long windowNs,
      int rounds,
      long seconds) {
    System.out.println("Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "); Celer backend: " + Lz4.backend());
    System.out.println(ref != null ? "C reference: " + ref : "C reference: none (" + CReference.UNAVAILABLE + ")");
    if (Air.UNAVAILABLE != null) {
      System.out.println("aircompressor: " + Air.UNAVAILABLE);
    }
    System.out.println(fileCount + " corpus files; window " + windowNs / 1_000_000 + " ms thread CPU (HC: twice), " + rounds
        + " rounds (HC: " + Math.max(3, rounds / 2) + ") after 1 discarded, order rotated each round, a cell whose rates spread by more than 1.5× measured once more; " + seconds + " s");
    System.out.println();
    for (boolean lz4 : new boolean[] {true, false}) {
      int[] sizes = lz4 ? lz4Sizes : hashSizes;
      StringBuilder head = new StringBuilder("| operation | implementation |");
      StringBuilder rule = new StringBuilder("|:--|:--|");
      for (int s : sizes) {
        head.append(' ').append(label(s)).append(" |");
        rule.append("--:|");
      }
      System.out.println(head.append(" B/call |"));
      System.out.println(rule.append("--:|"));
      for (Map.Entry<Kind, Map<Integer, Map<String, Cell>>> e : cells.entrySet()) {
        Kind k = e.getKey();
        if (k.lz4 != lz4) {
          continue;
        }
        // rows in first-seen order, the reference first
        Map<String, Boolean> rows = new LinkedHashMap<>();
        e.getValue().values().forEach(m -> m.keySet().forEach(r -> rows.put(r, true)));
        String refRow = refName.get(k).startsWith("C ") ? C : refName.get(k);
        StringBuilder line = new StringBuilder("| " + k.label + " | **ref**: " + refName.get(k) + ", GB/s |");
        for (int s : sizes) {
          List<Double> sp = refSpeed.get(k).get(s);
          line.append(sp == null ? " – |" : String.format(Locale.ROOT, " %.2f |", Math.exp(mean(sp))));
        }
        System.out.println(line.append(String.format(Locale.ROOT, " %s |", bytes(e.getValue(), refRow))));
        for (String r : rows.keySet()) {
          if (r.equals(refRow)) {
            continue;
          }
          line = new StringBuilder("|  | " + r + (r.contains(" / ") ? "" : " / ref") + " |");
          for (int s : sizes) {
            Cell c = e.getValue().containsKey(s) ? e.getValue().get(s).get(r) : null;
            line.append(c == null ? " – |" : String.format(Locale.ROOT, " %.2f× |", Math.exp(mean(c.logs))));
          }
          System.out.println(line.append(String.format(Locale.ROOT, " %s |", r.contains(" / ") ? "" : bytes(e.getValue(), r))));
        }
      }
      System.out.println();
    }
    for (Map.Entry<String, Integer> e : DIFFERENT.entrySet()) {
      System.out.println("Output not byte-identical: " + e.getKey() + " on " + e.getValue() + " blocks");
    }
    System.out.println("GB/s: geometric mean over the files of the reference's median rate (input bytes per thread-CPU"
        + " second); ×: geometric mean over the files of the median per-round ratio to the reference ('ref', first row)"
        + (nat ? "; 'Celer Java (streaming API)': the hashes' pure-Java path in a JVM where the one-shot calls go native" : "")
        + "; B/call: largest heap allocation per call over the files and sizes (one pass after the rounds);"
        + " a column keeps only the files at least that long.");
  }

  private static double mean(List<Double> v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.size();
  }

  private static String bytes(Map<Integer, Map<String, Cell>> bySize, String row) {
    double max = -1;
    for (Map<String, Cell> m : bySize.values()) {
      Cell c = m.get(row);
      if (c != null) {
        max = Math.max(max, c.bytesPerCall);
      }
    }
    return max < 0 ? "" : max < 0.5 ? "0" : String.format(Locale.ROOT, "%.0f", max);
  }
}
