package dev.celer.bench;

import static dev.celer.bench.OneJvmRatios.AIR_JAVA;
import static dev.celer.bench.OneJvmRatios.AIR_NATIVE;
import static dev.celer.bench.OneJvmRatios.C;
import static dev.celer.bench.OneJvmRatios.C_CLEARED;
import static dev.celer.bench.OneJvmRatios.HASH4J;
import static dev.celer.bench.OneJvmRatios.JAVA;
import static dev.celer.bench.OneJvmRatios.JNI;
import static dev.celer.bench.OneJvmRatios.NATIVE;

import com.dynatrace.hash4j.hashing.Hashing;
import dev.celer.bench.OneJvmRatios.Call;
import dev.celer.bench.OneJvmRatios.Kind;
import dev.celer.bench.OneJvmRatios.Op;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.xxhash.XxHash128;
import dev.celer.xxhash.XxHash3;
import dev.celer.xxhash.XxHash32;
import dev.celer.xxhash.XxHash64;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The implementations {@link OneJvmRatios} times: one row per (operation, implementation), in the
 * order of the table's rows, each with its set-up (run afresh for every block set) and its call on
 * one block. A row whose implementation this JVM cannot run (no C without FFM, no native backend,
 * aircompressor on Java 17) is left out. Each row loops in its own copy of {@link BlockLoop}.
 */
final class OneJvmTable {
  private OneJvmTable() {}

  /** One implementation of one operation. */
  private static final class Row {
    final Kind kind;
    final String name;
    final Supplier<?> setup;
    final Call<?> call;
    /** The constructor of this row's copy of {@link BlockLoop}. */
    final MethodHandle loop;

    Row(Kind kind, String name, Supplier<?> setup, Call<?> call) {
      this.kind = kind;
      this.name = name;
      this.setup = setup;
      this.call = call;
      this.loop = loopClass();
    }
  }

  private static final List<Row> ROWS = new ArrayList<>();

  /** Celer's pure-Java hashes where the one-shot calls go native. */
  private static final String STREAMING = JAVA + " (streaming API)";

  static {
    boolean c = CReference.UNAVAILABLE == null;
    boolean nat = Lz4.isNativeBackend();

    row(Kind.COMPRESS, C, c, (x, r, b, i) -> CReference.fast(r, r.length, b.out, b.out.length));
    row(Kind.COMPRESS, NATIVE, nat, Lz4::fastCompressor, (n, r, b, i) -> n.compress(r, 0, r.length, b.out, 0, b.out.length));
    row(Kind.COMPRESS, JAVA, true, Lz4::javaFastCompressor, (j, r, b, i) -> j.compress(r, 0, r.length, b.out, 0, b.out.length));
    row(Kind.COMPRESS, JNI, true, () -> LZ4Factory.nativeInstance().fastCompressor(),
        (jni, r, b, i) -> jni.compress(r, 0, r.length, b.out, 0, b.out.length));
    row(Kind.COMPRESS, AIR_JAVA, Air.JAVA_COMPRESS != null,
        (x, r, b, i) -> (int) Air.JAVA_COMPRESS.invokeExact(r, 0, r.length, b.out, 0, b.out.length));
    row(Kind.COMPRESS, AIR_NATIVE, Air.NATIVE_COMPRESS != null,
        (x, r, b, i) -> (int) Air.NATIVE_COMPRESS.invokeExact(r, 0, r.length, b.out, 0, b.out.length));

    row(Kind.DECOMPRESS, C, c, (x, r, b, i) -> CReference.decompress(b.packed[i], b.packed[i].length, b.out, r.length));
    row(Kind.DECOMPRESS, NATIVE, nat, Lz4::decompressor,
        (n, r, b, i) -> n.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length));
    row(Kind.DECOMPRESS, JAVA, true, Lz4::javaDecompressor,
        (j, r, b, i) -> j.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length));
    row(Kind.DECOMPRESS, JNI, true, () -> LZ4Factory.nativeInstance().safeDecompressor(),
        (jni, r, b, i) -> jni.decompress(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length));
    row(Kind.DECOMPRESS, AIR_JAVA, Air.JAVA_DECOMPRESS != null,
        (x, r, b, i) -> (int) Air.JAVA_DECOMPRESS.invokeExact(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length));
    row(Kind.DECOMPRESS, AIR_NATIVE, Air.NATIVE_DECOMPRESS != null,
        (x, r, b, i) -> (int) Air.NATIVE_DECOMPRESS.invokeExact(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length));

    // the first quarter of each block
    row(Kind.PARTIAL, C, c, (x, r, b, i) -> CReference.partial(b.packed[i], b.packed[i].length, b.out, r.length / 4, r.length / 4));
    row(Kind.PARTIAL, C_CLEARED, c, (x, r, b, i) -> {
      Arrays.fill(b.out, 0, r.length / 4, (byte) 0);
      return CReference.partial(b.packed[i], b.packed[i].length, b.out, r.length / 4, r.length / 4);
    });
    row(Kind.PARTIAL, NATIVE, nat, Lz4::decompressor,
        (n, r, b, i) -> n.decompressPartial(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length / 4));
    row(Kind.PARTIAL, JAVA, true, Lz4::javaDecompressor,
        (j, r, b, i) -> j.decompressPartial(b.packed[i], 0, b.packed[i].length, b.out, 0, r.length / 4));

    row(Kind.HC9, C, c, (x, r, b, i) -> CReference.hc9(r, r.length, b.out, b.out.length));
    row(Kind.HC9, NATIVE, nat, () -> Lz4.highCompressor(9), (n, r, b, i) -> n.compress(r, 0, r.length, b.out, 0, b.out.length));
    row(Kind.HC9, JAVA, true, () -> Lz4.javaHighCompressor(9), (j, r, b, i) -> j.compress(r, 0, r.length, b.out, 0, b.out.length));
    row(Kind.HC9, JNI, true, () -> LZ4Factory.nativeInstance().highCompressor(9),
        (jni, r, b, i) -> jni.compress(r, 0, r.length, b.out, 0, b.out.length));

    // Dictionary compression: C from a stream prepared once (as lz4 -D does, see
    // CReference#prepareDict), Celer with an Lz4Dictionary prepared once (the path of the frame
    // encoder under lz4 -D), and Celer with the dictionary as a byte[] (copied and indexed per call)
    row(Kind.DICT, C, c, (x, r, b, i) -> CReference.fastDict(b.cDict, r, r.length, b.out, b.out.length));
    row(Kind.DICT_HC9, C, c, (x, r, b, i) -> CReference.hc9Dict(b.cDict, r, r.length, b.out, b.out.length));
    for (Kind k : new Kind[] {Kind.DICT, Kind.DICT_HC9}) {
      Supplier<Lz4Compressor> n = k == Kind.DICT_HC9 ? () -> Lz4.highCompressor(9) : Lz4::fastCompressor;
      Supplier<Lz4Compressor> j = k == Kind.DICT_HC9 ? () -> Lz4.javaHighCompressor(9) : Lz4::javaFastCompressor;
      row(k, NATIVE, nat, n, (z, r, b, i) -> z.compress(r, 0, r.length, b.out, 0, b.out.length, b.prepared));
      row(k, NATIVE + " (byte[] dict)", nat, n, (z, r, b, i) -> z.compress(r, 0, r.length, b.out, 0, b.out.length, b.dict, 0, b.dict.length));
      row(k, JAVA, true, j, (z, r, b, i) -> z.compress(r, 0, r.length, b.out, 0, b.out.length, b.prepared));
      row(k, JAVA + " (byte[] dict)", true, j, (z, r, b, i) -> z.compress(r, 0, r.length, b.out, 0, b.out.length, b.dict, 0, b.dict.length));
    }

    // Hashes, seed 0, by implementation (each keeps its place in every operation's order). Where
    // the one-shot calls go native, Celer's pure Java is measured through the streaming API, which
    // stays in Java.
    row(Kind.XXH32, C, c, (x, r, b, i) -> CReference.xxh32(r, r.length, 0));
    row(Kind.XXH64, C, c, (x, r, b, i) -> CReference.xxh64(r, r.length, 0L));
    row(Kind.XXH3, C, c, (x, r, b, i) -> CReference.xxh3(r, r.length, 0L));
    row(Kind.XXH128, C, c, (x, r, b, i) -> CReference.xxh128(r, r.length, 0L));

    row(Kind.XXH32, NATIVE, nat, (x, r, b, i) -> XxHash32.hash(r, 0, r.length, 0));
    row(Kind.XXH64, NATIVE, nat, (x, r, b, i) -> XxHash64.hash(r, 0, r.length, 0L));
    row(Kind.XXH3, NATIVE, nat, (x, r, b, i) -> XxHash3.hash(r, 0, r.length, 0L));
    row(Kind.XXH128, NATIVE, nat, (x, r, b, i) -> XxHash128.hash(r, 0, r.length, 0L).low64());

    row(Kind.XXH32, JAVA, !nat, (x, r, b, i) -> XxHash32.hash(r, 0, r.length, 0));
    row(Kind.XXH32, STREAMING, nat, (x, r, b, i) -> {
      XxHash32 h = XxHash32.create(0);
      h.update(r, 0, r.length);
      return h.digest();
    });
    row(Kind.XXH64, JAVA, !nat, (x, r, b, i) -> XxHash64.hash(r, 0, r.length, 0L));
    row(Kind.XXH64, STREAMING, nat, (x, r, b, i) -> {
      XxHash64 h = XxHash64.create(0L);
      h.update(r, 0, r.length);
      return h.digest();
    });
    row(Kind.XXH3, JAVA, !nat, (x, r, b, i) -> XxHash3.hash(r, 0, r.length, 0L));
    row(Kind.XXH3, STREAMING, nat, (x, r, b, i) -> {
      XxHash3 h = XxHash3.create(0L);
      h.update(r, 0, r.length);
      return h.digest();
    });
    row(Kind.XXH128, JAVA, !nat, (x, r, b, i) -> XxHash128.hash(r, 0, r.length, 0L).low64());
    row(Kind.XXH128, STREAMING, nat, (x, r, b, i) -> {
      XxHash128 h = XxHash128.create(0L);
      h.update(r, 0, r.length);
      return h.digest().low64();
    });

    row(Kind.XXH32, JNI, true, () -> XXHashFactory.nativeInstance().hash32(), (jni, r, b, i) -> jni.hash(r, 0, r.length, 0));
    row(Kind.XXH64, JNI, true, () -> XXHashFactory.nativeInstance().hash64(), (jni, r, b, i) -> jni.hash(r, 0, r.length, 0L));

    row(Kind.XXH32, AIR_JAVA, Air.JAVA_XXH32 != null, (x, r, b, i) -> (int) Air.JAVA_XXH32.invokeExact(r, 0, r.length, 0));
    row(Kind.XXH64, AIR_JAVA, Air.JAVA_XXH64 != null, (x, r, b, i) -> (long) Air.JAVA_XXH64.invokeExact(r, 0, r.length, 0L));
    row(Kind.XXH32, AIR_NATIVE, Air.NATIVE_XXH32 != null, (x, r, b, i) -> (int) Air.NATIVE_XXH32.invokeExact(r, 0, r.length, 0));
    row(Kind.XXH64, AIR_NATIVE, Air.NATIVE_XXH64 != null, (x, r, b, i) -> (long) Air.NATIVE_XXH64.invokeExact(r, 0, r.length, 0L));
    row(Kind.XXH3, AIR_NATIVE, Air.NATIVE_XXH3 != null, (x, r, b, i) -> (long) Air.NATIVE_XXH3.invokeExact(r, 0, r.length, 0L));
    row(Kind.XXH128, AIR_NATIVE, Air.NATIVE_XXH128 != null, (x, r, b, i) -> (long) Air.NATIVE_XXH128.invokeExact(r, 0, r.length, 0L));

    row(Kind.XXH32, HASH4J, true, Hashing::xxh32, (h4, r, b, i) -> h4.hashBytesToInt(r, 0, r.length));
    row(Kind.XXH64, HASH4J, true, Hashing::xxh64, (h4, r, b, i) -> h4.hashBytesToLong(r, 0, r.length));
    row(Kind.XXH3, HASH4J, true, Hashing::xxh3_64, (h4, r, b, i) -> h4.hashBytesToLong(r, 0, r.length));
    row(Kind.XXH128, HASH4J, true, Hashing::xxh3_128, (h4, r, b, i) -> h4.hashBytesTo128Bits(r, 0, r.length).getLeastSignificantBits());
  }

  /** Adds a row with a per-set state from {@code setup}, if {@code available}. */
  private static <S> void row(Kind kind, String name, boolean available, Supplier<S> setup, Call<S> call) {
    if (available) {
      ROWS.add(new Row(kind, name, setup, call));
    }
  }

  /** Adds a row without state, if {@code available}. */
  private static void row(Kind kind, String name, boolean available, Call<Void> call) {
    row(kind, name, available, () -> null, call);
  }

  /**
   * @return {@code k}'s implementations by name, in table order, each set up afresh; the loops'
   *     classes (and so what the JIT compiled for them) are the same from call to call
   */
  static Map<String, Op> implementations(Kind k) {
    Map<String, Op> m = new LinkedHashMap<>();
    for (Row r : ROWS) {
      if (r.kind == k) {
        try {
          m.put(r.name, (Op) r.loop.invoke(r.setup.get(), r.call));
        } catch (Throwable t) {
          throw OneJvmRatios.rethrow(t);
        }
      }
    }
    return m;
  }

  /** How many copies of {@link BlockLoop} {@link #loopClass()} has defined. */
  private static int copies;

  /**
   * @return the constructor {@code (Object, Call)} of a new copy of {@link BlockLoop}: its class
   *     file with the class renamed (same length, {@code BlockL000}, {@code BlockL001}, ...),
   *     defined in this package by this class loader (Java 11 has no hidden classes)
   */
  private static MethodHandle loopClass() {
    String name = BlockLoop.class.getName().replace('.', '/');
    String copy = name.substring(0, name.length() - 3) + String.format(Locale.ROOT, "%03d", copies++);
    try (InputStream in = BlockLoop.class.getResourceAsStream("BlockLoop.class")) {
      String bytes = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).replace(name, copy);
      Class<?> c = MethodHandles.lookup().defineClass(bytes.getBytes(StandardCharsets.ISO_8859_1));
      return MethodHandles.lookup().findConstructor(c, MethodType.methodType(void.class, Object.class, Call.class));
    } catch (IOException | ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy " + BlockLoop.class, e);
    }
  }
}
