package net.jpountz.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.celer.testsupport.Corpus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.Checksum;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;

/**
 * celer-lz4-java against the real lz4-java 1.8.0 (in its own class loader): the same compressed
 * bytes as its JNI instance (liblz4 1.9.3 inside) for the fast compressor and every HC level;
 * lz4-java's pure-Java compressors (another hash, no optimal parser) decodable both ways; the same
 * hashes; the same exception types for bad arguments; streams that read each other's bytes, and
 * the same block-stream bytes with the same compressor. Inputs: a few files of the shared corpus
 * (prefixes, to keep the run short) and generated data.
 */
class DifferentialTest {
  private static final RealLz4Java REAL = RealLz4Java.v180();
  private static final String FACTORY = "net.jpountz.lz4.LZ4Factory";
  private static final String COMPRESSOR = "net.jpountz.lz4.LZ4Compressor";
  private static final String FAST_DEC = "net.jpountz.lz4.LZ4FastDecompressor";
  private static final String SAFE_DEC = "net.jpountz.lz4.LZ4SafeDecompressor";
  private static final Class<?>[] BYTES = {byte[].class};
  private static final Class<?>[] BYTES_INT = {byte[].class, int.class};

  /** Corpus prefixes and generated inputs, up to 300 KB each. */
  static List<byte[]> inputs() throws IOException {
    List<byte[]> all = new ArrayList<>();
    for (Path f : Corpus.some("alice29.txt", "fireworks.jpeg", "google.html", "libstdc++.so", "botocore-ec2.json")) {
      byte[] b = Files.readAllBytes(f);
      all.add(Arrays.copyOf(b, Math.min(b.length, 300_000)));
    }
    Random r = new Random(42);
    for (int n : new int[] {0, 1, 5, 12, 13, 64, 1000, 65536, 65537}) {
      byte[] b = new byte[n];
      for (int i = 0; i < n; i++) {
        b[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt() : i % 7);
      }
      all.add(b);
    }
    return all;
  }

  private static Object realFactory(String which) {
    return REAL.invoke(FACTORY, null, which, new Class<?>[0]);
  }

  private static byte[] realCompress(Object compressor, byte[] data) {
    return (byte[]) REAL.invoke(COMPRESSOR, compressor, "compress", BYTES, (Object) data);
  }

  @Test
  void fastAndEveryHcLevelMatchLz4JavaJniByteForByte() throws IOException {
    Object jni = realFactory("nativeInstance");
    LZ4Factory ours = LZ4Factory.nativeInstance();
    List<byte[]> inputs = inputs();
    for (byte[] data : inputs) {
      Object real = REAL.invoke(FACTORY, jni, "fastCompressor", new Class<?>[0]);
      assertArrayEquals(realCompress(real, data), ours.fastCompressor().compress(data), "fast, " + data.length + " bytes");
    }
    for (int level = 1; level <= 17; level++) {
      Object real = REAL.invoke(FACTORY, jni, "highCompressor", new Class<?>[] {int.class}, level);
      // HC is slower: two corpus prefixes and the generated inputs at every level
      for (byte[] data : inputs.subList(inputs.size() - 9, inputs.size())) {
        assertArrayEquals(realCompress(real, data), ours.highCompressor(level).compress(data), "HC " + level);
      }
      for (byte[] data : inputs.subList(0, 2)) {
        byte[] head = Arrays.copyOf(data, Math.min(data.length, 60_000));
        assertArrayEquals(realCompress(real, head), ours.highCompressor(level).compress(head), "HC " + level);
      }
    }
  }

  @Test
  void lz4JavasJavaCompressorsAndOursDecodeEachOther() throws IOException {
    for (String which : new String[] {"safeInstance", "unsafeInstance"}) {
      Object f = realFactory(which);
      Object realFast = REAL.invoke(FACTORY, f, "fastCompressor", new Class<?>[0]);
      Object realHigh = REAL.invoke(FACTORY, f, "highCompressor", new Class<?>[0]);
      Object realSafeDec = REAL.invoke(FACTORY, f, "safeDecompressor", new Class<?>[0]);
      Object realFastDec = REAL.invoke(FACTORY, f, "fastDecompressor", new Class<?>[0]);
      for (byte[] data : inputs()) {
        for (Object c : new Object[] {realFast, realHigh}) {
          byte[] z = realCompress(c, data);
          assertArrayEquals(data, LZ4Factory.safeInstance().fastDecompressor().decompress(z, data.length));
          assertArrayEquals(data, LZ4Factory.safeInstance().safeDecompressor().decompress(z, data.length));
        }
        for (LZ4Compressor c : new LZ4Compressor[] {LZ4Factory.safeInstance().fastCompressor(),
            LZ4Factory.safeInstance().highCompressor(12)}) {
          byte[] z = c.compress(data);
          assertArrayEquals(data, (byte[]) REAL.invoke(SAFE_DEC, realSafeDec, "decompress", BYTES_INT, z, data.length));
          assertArrayEquals(data, (byte[]) REAL.invoke(FAST_DEC, realFastDec, "decompress", BYTES_INT, z, data.length));
          // the fast decompressors report the same number of bytes read, with data after the block
          byte[] padded = Arrays.copyOf(z, z.length + 9);
          int theirs = (int) REAL.invoke(FAST_DEC, realFastDec, "decompress",
              new Class<?>[] {byte[].class, int.class, byte[].class, int.class, int.class}, padded, 0,
              new byte[data.length], 0, data.length);
          assertEquals(theirs, LZ4Factory.safeInstance().fastDecompressor().decompress(padded, 0, new byte[data.length], 0,
              data.length));
        }
      }
    }
  }

  @Test
  void hashesMatch() throws IOException {
    Object xf = REAL.invoke("net.jpountz.xxhash.XXHashFactory", null, "safeInstance", new Class<?>[0]);
    Object h32 = REAL.invoke("net.jpountz.xxhash.XXHashFactory", xf, "hash32", new Class<?>[0]);
    Object h64 = REAL.invoke("net.jpountz.xxhash.XXHashFactory", xf, "hash64", new Class<?>[0]);
    XXHashFactory ours = XXHashFactory.fastestInstance();
    for (byte[] data : inputs()) {
      for (int seed : new int[] {0, 0x9747b28c}) {
        int a = (int) REAL.invoke("net.jpountz.xxhash.XXHash32", h32, "hash",
            new Class<?>[] {byte[].class, int.class, int.class, int.class}, data, 0, data.length, seed);
        assertEquals(a, ours.hash32().hash(data, 0, data.length, seed));
        assertEquals(a, ours.hash32().hash(ByteBuffer.allocateDirect(data.length).put(data).flip(), seed));
        long b = (long) REAL.invoke("net.jpountz.xxhash.XXHash64", h64, "hash",
            new Class<?>[] {byte[].class, int.class, int.class, long.class}, data, 0, data.length, (long) seed);
        assertEquals(b, ours.hash64().hash(data, 0, data.length, seed));
        // streaming, through asChecksum (lz4-java masks XXH32's Checksum value to 28 bits)
        Object s = REAL.invoke("net.jpountz.xxhash.XXHashFactory", xf, "newStreamingHash32", new Class<?>[] {int.class}, seed);
        Checksum theirs = (Checksum) REAL.invoke("net.jpountz.xxhash.StreamingXXHash32", s, "asChecksum", new Class<?>[0]);
        Checksum mine = ours.newStreamingHash32(seed).asChecksum();
        int half = data.length / 2;
        theirs.update(data, 0, half);
        mine.update(data, 0, half);
        if (data.length > 0) {
          theirs.update(data[half]);
          mine.update(data[half]);
          theirs.update(data, half + 1, data.length - half - 1);
          mine.update(data, half + 1, data.length - half - 1);
        }
        assertEquals(theirs.getValue(), mine.getValue());
      }
    }
  }

  /**
   * A streaming hash used after {@code close()}, from every factory, as lz4-java (1.8.0 and the
   * fork) does it: the same outcome (exception type, or the value) for each call. lz4-java's JNI
   * hashes check their state first and throw {@code AssertionError}; its Java ones keep working.
   */
  @Test
  void closedStreamingHashesBehaveAsLz4Javas() {
    byte[] data = new byte[100];
    new Random(21).nextBytes(data);
    String xxf = "net.jpountz.xxhash.XXHashFactory";
    for (RealLz4Java real : new RealLz4Java[] {REAL, RealLz4Java.fork()}) {
      for (String factory : new String[] {"nativeInstance", "fastestInstance", "safeInstance", "unsafeInstance",
          "fastestJavaInstance"}) {
        XXHashFactory ours;
        try {
          ours = (XXHashFactory) XXHashFactory.class.getMethod(factory).invoke(null);
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
        Object theirFactory = real.invoke(xxf, null, factory, new Class<?>[0]);
        for (int bits : new int[] {32, 64}) {
          String type = "net.jpountz.xxhash.StreamingXXHash" + bits;
          Object theirs = bits == 32
              ? real.invoke(xxf, theirFactory, "newStreamingHash32", new Class<?>[] {int.class}, 7)
              : real.invoke(xxf, theirFactory, "newStreamingHash64", new Class<?>[] {long.class}, 7L);
          Object mine = bits == 32 ? ours.newStreamingHash32(7) : ours.newStreamingHash64(7);
          Class<?>[] range = {byte[].class, int.class, int.class};
          List<String> calls = List.of("update(data)", "close", "update(null, 0, 0)", "update(data, 0, 10)",
              "getValue", "reset", "getValue", "close");
          for (String call : calls) {
            String what = real.jar.getFileName() + " " + factory + " XXH" + bits + ": " + call;
            String t = valueOutcome(() -> hashCall(real, type, theirs, call, data, range));
            String o = valueOutcome(() -> hashCall(null, type, mine, call, data, range));
            assertEquals(t, o, what);
          }
        }
      }
    }
  }

  /** Makes {@code call} on lz4-java's hash ({@code real} not null) or on ours, by reflection either way. */
  private static Object hashCall(RealLz4Java real, String type, Object hash, String call, byte[] data,
      Class<?>[] range) throws Throwable {
    String name = call.substring(0, call.indexOf('(') < 0 ? call.length() : call.indexOf('('));
    Object[] args;
    Class<?>[] types;
    switch (call) {
      case "update(data)":
        args = new Object[] {data, 0, data.length};
        types = range;
        break;
      case "update(null, 0, 0)":
        args = new Object[] {null, 0, 0};
        types = range;
        break;
      case "update(data, 0, 10)":
        args = new Object[] {data, 0, 10};
        types = range;
        break;
      default:
        args = new Object[0];
        types = new Class<?>[0];
    }
    if (real != null) {
      return real.call(type, hash, name, types, args);
    }
    try {
      return Class.forName(type).getMethod(name, types).invoke(hash, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** @return "ok" and the value, or the simple name of the exception */
  private static String valueOutcome(Call c) {
    try {
      return "ok " + c.run();
    } catch (Throwable t) {
      return t.getClass().getSimpleName();
    }
  }

  /** One bad call, made on lz4-java's and on our instance: the same exception type, or both succeed. */
  private interface BadCall {
    Object run(Object compressor, Object fastDec, Object safeDec, boolean real) throws Throwable;
  }

  @Test
  void badArgumentsThrowTheSameExceptionTypes() throws Throwable {
    byte[] ten = new byte[10];
    byte[] block = LZ4Factory.safeInstance().fastCompressor().compress("hello hello hello hello".getBytes("UTF-8"));
    List<BadCall> calls = List.of(
        (c, f, s, real) -> compress(c, real, ten, 5, 6, new byte[100], 0, 100),
        (c, f, s, real) -> compress(c, real, ten, -1, 2, new byte[100], 0, 100),
        (c, f, s, real) -> compress(c, real, ten, 0, -1, new byte[100], 0, 100),
        (c, f, s, real) -> compress(c, real, ten, 0, 10, new byte[100], 95, 10),
        (c, f, s, real) -> compress(c, real, new byte[1000], 0, 1000, new byte[5], 0, 5),
        (c, f, s, real) -> safe(s, real, block, 0, block.length, new byte[5], 0, 5),
        (c, f, s, real) -> safe(s, real, block, 0, block.length + 1, new byte[50], 0, 50),
        (c, f, s, real) -> safe(s, real, block, 0, block.length, new byte[50], 0, -1),
        (c, f, s, real) -> fast(f, real, block, 0, new byte[10], 0, 23),
        (c, f, s, real) -> fast(f, real, block, 0, new byte[23], 0, 22),
        (c, f, s, real) -> fast(f, real, block, 0, new byte[30], 0, 24),
        (c, f, s, real) -> fast(f, real, new byte[] {0x10}, 0, new byte[0], 0, 0),
        (c, f, s, real) -> fast(f, real, block, -1, new byte[23], 0, 23));
    Object realFactory = realFactory("safeInstance");
    Object rc = REAL.invoke(FACTORY, realFactory, "fastCompressor", new Class<?>[0]);
    Object rf = REAL.invoke(FACTORY, realFactory, "fastDecompressor", new Class<?>[0]);
    Object rs = REAL.invoke(FACTORY, realFactory, "safeDecompressor", new Class<?>[0]);
    LZ4Factory mine = LZ4Factory.safeInstance();
    int i = 0;
    for (BadCall call : calls) {
      String theirs = outcome(() -> call.run(rc, rf, rs, true));
      String ours = outcome(() -> call.run(mine.fastCompressor(), mine.fastDecompressor(), mine.safeDecompressor(), false));
      assertEquals(theirs, ours, "call " + i++);
    }
  }

  private interface Call {
    Object run() throws Throwable;
  }

  /** @return "ok" or the simple name of the exception (lz4-java's LZ4Exception and ours have the same name) */
  private static String outcome(Call c) {
    try {
      c.run();
      return "ok";
    } catch (Throwable t) {
      return t.getClass().getSimpleName();
    }
  }

  private static Object compress(Object c, boolean real, byte[] s, int so, int sl, byte[] d, int dof, int dl)
      throws Throwable {
    return real ? REAL.call(COMPRESSOR, c, "compress",
        new Class<?>[] {byte[].class, int.class, int.class, byte[].class, int.class, int.class}, s, so, sl, d, dof, dl)
        : ((LZ4Compressor) c).compress(s, so, sl, d, dof, dl);
  }

  private static Object safe(Object dec, boolean real, byte[] s, int so, int sl, byte[] d, int dof, int dl)
      throws Throwable {
    return real ? REAL.call(SAFE_DEC, dec, "decompress",
        new Class<?>[] {byte[].class, int.class, int.class, byte[].class, int.class, int.class}, s, so, sl, d, dof, dl)
        : ((net.jpountz.lz4.LZ4SafeDecompressor) dec).decompress(s, so, sl, d, dof, dl);
  }

  private static Object fast(Object dec, boolean real, byte[] s, int so, byte[] d, int dof, int dl) throws Throwable {
    return real ? REAL.call(FAST_DEC, dec, "decompress",
        new Class<?>[] {byte[].class, int.class, byte[].class, int.class, int.class}, s, so, d, dof, dl)
        : ((net.jpountz.lz4.LZ4FastDecompressor) dec).decompress(s, so, d, dof, dl);
  }

  @Test
  void hostileBlocksAreRefusedWithoutReadingOutsideTheRanges() {
    // The CVE-2025-12183 classes, against LZ4FastDecompressor (decoded length known, compressed
    // length not): a match reaching before the output start, reading "history" that is not there;
    // a match length running past the declared output; a block that would need bytes past the
    // source. lz4-java's JNI and Unsafe fast decompressors read out of bounds on these; every
    // factory here refuses them. Output canaries around the range stay untouched.
    byte[][] hostile = {
        {0x10, 'a', 0x05, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {0x1F, 'a', 0x01, 0x00, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x10, 'z'},
        {(byte) 0xF0, (byte) 0xFF, (byte) 0xFF, 0x05, 'a', 'b'},
    };
    for (LZ4Factory f : List.of(LZ4Factory.nativeInstance(), LZ4Factory.nativeInsecureInstance(),
        LZ4Factory.unsafeInstance(), LZ4Factory.unsafeInsecureInstance(), LZ4Factory.safeInstance())) {
      for (byte[] h : hostile) {
        byte[] dest = new byte[600];
        Arrays.fill(dest, (byte) 0x5A);
        assertThrows(LZ4Exception.class, () -> f.fastDecompressor().decompress(h, 0, dest, 50, 500));
        assertThrows(LZ4Exception.class, () -> f.safeDecompressor().decompress(h, 0, h.length, dest, 50, 500));
        for (int i = 0; i < 50; i++) {
          assertEquals(0x5A, dest[i]);
        }
        for (int i = 550; i < 600; i++) {
          assertEquals(0x5A, dest[i]);
        }
      }
    }
  }

  @Test
  void blockStreamsAreTheSameBytesAndReadEachOther() throws IOException {
    byte[] data = inputs().get(0);
    // ours with the fast compressor == lz4-java's with its JNI fast compressor
    Object jni = realFactory("nativeInstance");
    Object jniFast = REAL.invoke(FACTORY, jni, "fastCompressor", new Class<?>[0]);
    ByteArrayOutputStream theirs = new ByteArrayOutputStream();
    OutputStream theirOut = (OutputStream) REAL.construct("net.jpountz.lz4.LZ4BlockOutputStream",
        new Class<?>[] {OutputStream.class, int.class, REAL.type(COMPRESSOR)}, theirs, 1 << 15, jniFast);
    theirOut.write(data);
    theirOut.close();
    ByteArrayOutputStream mine = new ByteArrayOutputStream();
    try (LZ4BlockOutputStream out = new LZ4BlockOutputStream(mine, 1 << 15, LZ4Factory.nativeInstance().fastCompressor())) {
      out.write(data);
    }
    assertArrayEquals(theirs.toByteArray(), mine.toByteArray());
    // both ways, including their pure-Java compressor's stream
    assertArrayEquals(data, StreamsHelper.readAll(new LZ4BlockInputStream(new ByteArrayInputStream(theirs.toByteArray()))));
    InputStream theirIn = (InputStream) REAL.construct("net.jpountz.lz4.LZ4BlockInputStream",
        new Class<?>[] {InputStream.class}, new ByteArrayInputStream(mine.toByteArray()));
    assertArrayEquals(data, StreamsHelper.readAll(theirIn));
  }

  @Test
  void frameStreamsReadEachOther() throws IOException {
    byte[] data = inputs().get(2);
    ByteArrayOutputStream theirs = new ByteArrayOutputStream();
    OutputStream theirOut = (OutputStream) REAL.construct("net.jpountz.lz4.LZ4FrameOutputStream",
        new Class<?>[] {OutputStream.class}, theirs);
    theirOut.write(data);
    theirOut.close();
    assertArrayEquals(data, StreamsHelper.readAll(new LZ4FrameInputStream(new ByteArrayInputStream(theirs.toByteArray()))));
    ByteArrayOutputStream mine = new ByteArrayOutputStream();
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(mine, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB,
        LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM,
        LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
      out.write(data);
    }
    InputStream theirIn = (InputStream) REAL.construct("net.jpountz.lz4.LZ4FrameInputStream",
        new Class<?>[] {InputStream.class}, new ByteArrayInputStream(mine.toByteArray()));
    assertArrayEquals(data, StreamsHelper.readAll(theirIn));
    // same compressor, same flags: the same frame bytes
    assertArrayEquals(theirs.toByteArray(), frameOfOurs(data));
  }

  /**
   * {@code readSingleFrame}: lz4-java reads the underlying stream exactly to the first frame's last
   * byte; so does the drop-in, whatever follows (another frame, a skippable frame, other data) and
   * whatever the frame's flags. Also when the content size is asked for before reading.
   */
  @Test
  void readSingleFrameLeavesTheRestOfTheUnderlyingStreamAsLz4JavaDoes() throws IOException {
    byte[] data = inputs().get(0);
    byte[] skippable = {0x50, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 7, 7};
    List<byte[]> firsts = new ArrayList<>();
    firsts.add(frameOfOurs(data));
    firsts.add(frameOfOurs(new byte[0]));
    for (LZ4FrameOutputStream.FLG.Bits[] bits : List.of(
        new LZ4FrameOutputStream.FLG.Bits[] {LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE},
        new LZ4FrameOutputStream.FLG.Bits[] {LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
            LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM,
            LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE})) {
      ByteArrayOutputStream z = new ByteArrayOutputStream();
      try (LZ4FrameOutputStream out =
          new LZ4FrameOutputStream(z, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB, data.length, bits)) {
        out.write(data);
      }
      firsts.add(z.toByteArray());
    }
    ByteArrayOutputStream theirs = new ByteArrayOutputStream();
    OutputStream theirOut = (OutputStream) REAL.construct("net.jpountz.lz4.LZ4FrameOutputStream",
        new Class<?>[] {OutputStream.class}, theirs);
    theirOut.write(data);
    theirOut.close();
    firsts.add(theirs.toByteArray());
    List<byte[]> afters = List.of(frameOfOurs(new byte[] {1, 2, 3}), skippable,
        concat(skippable, frameOfOurs(new byte[] {4})), "trailing data".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
        new byte[0]);
    for (byte[] first : firsts) {
      for (byte[] after : afters) {
        for (boolean sizeFirst : new boolean[] {false, true}) {
          byte[] all = concat(first, after);
          ByteArrayInputStream theirUnder = new ByteArrayInputStream(all);
          InputStream theirIn = (InputStream) REAL.construct("net.jpountz.lz4.LZ4FrameInputStream",
              new Class<?>[] {InputStream.class, boolean.class}, theirUnder, true);
          ByteArrayInputStream ourUnder = new ByteArrayInputStream(all);
          LZ4FrameInputStream ourIn = new LZ4FrameInputStream(ourUnder, true);
          String what = "first frame of " + first.length + " bytes, then " + after.length + " bytes";
          if (sizeFirst) {
            long theirSize = (Long) REAL.invoke("net.jpountz.lz4.LZ4FrameInputStream", theirIn,
                "getExpectedContentSize", new Class<?>[0]);
            assertEquals(theirSize, ourIn.getExpectedContentSize(), what);
          }
          assertArrayEquals(StreamsHelper.readAllOpen(theirIn), StreamsHelper.readAllOpen(ourIn), what);
          assertEquals(theirIn.read(), ourIn.read(), what);
          assertArrayEquals(after, theirUnder.readAllBytes(), what + ": lz4-java");
          assertArrayEquals(after, ourUnder.readAllBytes(), what + ": the drop-in");
        }
      }
    }
  }

  /**
   * How reading a block stream to its end turns out: the bytes, or the exception's type and
   * message (lz4-java's messages are fixed strings).
   */
  private static String outcome(InputStream in) {
    try {
      return "read " + Arrays.hashCode(StreamsHelper.readAll(in));
    } catch (IOException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  private static InputStream realBlockIn(RealLz4Java real, byte[] z, boolean stopOnEmptyBlock) {
    return (InputStream) real.construct("net.jpountz.lz4.LZ4BlockInputStream",
        new Class<?>[] {InputStream.class, boolean.class}, new ByteArrayInputStream(z), stopOnEmptyBlock);
  }

  /**
   * lz4-java 1.8.0's block stream reader as {@link #realBlockIn} makes it, but decoding with its
   * pure-Java safe instance instead of the JNI one it picks by default. On corrupted blocks the JNI
   * {@code LZ4_decompress_fast} may read outside its input (the advisory Celer exists for): in
   * this JVM that once crashed the test run with a SIGSEGV (JDK 21, issue 24). The safe instance
   * decodes the same blocks with the same contract and reports bad ones as an exception (an
   * {@code ArrayIndexOutOfBoundsException} where the JNI one would read past its input), and the
   * stream around it (headers, checksums, the exceptions it throws) is the same code.
   */
  private static InputStream realBlockInSafeDecoder(RealLz4Java real, byte[] z, boolean stopOnEmptyBlock) {
    Object factory = real.invoke("net.jpountz.lz4.LZ4Factory", null, "safeInstance", new Class<?>[0]);
    Object decoder = real.invoke("net.jpountz.lz4.LZ4Factory", factory, "fastDecompressor", new Class<?>[0]);
    Object xxhash = real.invoke("net.jpountz.xxhash.XXHashFactory", null, "fastestJavaInstance", new Class<?>[0]);
    Object hash = real.invoke("net.jpountz.xxhash.XXHashFactory", xxhash, "newStreamingHash32",
        new Class<?>[] {int.class}, 0x9747b28c); // the seed LZ4BlockOutputStream's checksum uses
    Object checksum = real.invoke("net.jpountz.xxhash.StreamingXXHash32", hash, "asChecksum", new Class<?>[0]);
    return (InputStream) real.construct("net.jpountz.lz4.LZ4BlockInputStream",
        new Class<?>[] {InputStream.class, real.type("net.jpountz.lz4.LZ4FastDecompressor"),
            java.util.zip.Checksum.class, boolean.class},
        new ByteArrayInputStream(z), decoder, checksum, stopOnEmptyBlock);
  }

  /** Two streams back to back, with compressed and stored (incompressible) blocks of 128 bytes. */
  private static byte[] blockStreamSample() throws IOException {
    byte[] data = new byte[700];
    Random r = new Random(9);
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i >= 300 && i < 450 ? r.nextInt() : "lz4 block stream ".charAt(i % 17));
    }
    ByteArrayOutputStream z = new ByteArrayOutputStream();
    for (int k = 0; k < 2; k++) {
      try (LZ4BlockOutputStream out = new LZ4BlockOutputStream(z, 128)) {
        out.write(data, 0, k == 0 ? data.length : 100);
      }
    }
    return z.toByteArray();
  }

  /**
   * Truncation: cut at every length, a block stream fails with lz4-java's own exception,
   * {@code EOFException("Stream ended prematurely")}, or reads the same bytes where lz4-java reads
   * them. The one difference, on purpose: with {@code stopOnEmptyBlock} off, lz4-java 1.8.0 ends
   * quietly when the input stops inside a block header; the fork (and Celer) report it.
   */
  @Test
  void truncatedBlockStreamsFailAsLz4JavasDo() throws IOException {
    byte[] z = blockStreamSample();
    RealLz4Java fork = RealLz4Java.fork();
    int quietIn180 = 0;
    for (boolean stop : new boolean[] {true, false}) {
      for (int cut = 0; cut <= z.length; cut++) {
        byte[] cutZ = Arrays.copyOf(z, cut);
        String ours = outcome(new LZ4BlockInputStream(new ByteArrayInputStream(cutZ), stop));
        String what = "cut at " + cut + " of " + z.length + ", stopOnEmptyBlock=" + stop;
        assertEquals(outcome(realBlockIn(fork, cutZ, stop)), ours, what + " (the fork)");
        String v180 = outcome(realBlockIn(REAL, cutZ, stop));
        if (!v180.equals(ours)) {
          assertEquals(false, stop, what);
          assertEquals("java.io.EOFException: Stream ended prematurely", ours, what);
          quietIn180++;
        }
      }
    }
    assertEquals(true, quietIn180 > 0, "the stream cut inside headers");
  }

  /**
   * Corruption: with any one byte changed, a block stream fails with lz4-java's exception types:
   * {@code IOException("Stream is corrupted")} wherever lz4-java says so. Celer checks a block's
   * lengths before reading its data, so where a changed length sends lz4-java reading past the
   * end of the input (an {@code EOFException}), Celer may already call the stream corrupted.
   */
  @Test
  void corruptedBlockStreamsFailAsLz4JavasDo() throws IOException {
    byte[] z = blockStreamSample();
    int earlier = 0;
    for (int i = 0; i < z.length; i++) {
      for (int flip : new int[] {0x01, 0x80, 0x21}) {
        byte[] bad = z.clone();
        bad[i] ^= (byte) flip;
        String theirs;
        try {
          theirs = outcome(realBlockInSafeDecoder(REAL, bad, true));
        } catch (ArrayIndexOutOfBoundsException e) {
          theirs = "reads past its input: " + e; // where the JNI decoder reads unknown memory
        }
        String ours = outcome(new LZ4BlockInputStream(new ByteArrayInputStream(bad), true));
        String what = "byte " + i + " ^ 0x" + Integer.toHexString(flip) + ": lz4-java " + theirs;
        if ((theirs.equals("java.io.EOFException: Stream ended prematurely")
                || theirs.startsWith("reads past its input"))
            && ours.equals("java.io.IOException: Stream is corrupted")) {
          earlier++;
          continue;
        }
        assertEquals(theirs, ours, what);
      }
    }
    System.out.println("corrupted block streams: " + earlier + " found corrupted before lz4-java reads past the end");
  }

  /**
   * Frame streams, cut at every length or with one byte changed: wherever the fork reads the
   * same bytes, so does the drop-in; wherever it throws an {@link IOException} (for frames always a
   * plain one, "Stream ended prematurely" included), the drop-in throws an {@code IOException} too
   * (Celer's, which says what and where), never an unchecked exception.
   */
  @Test
  void brokenFrameStreamsFailWithIoExceptionsAsTheForksDo() throws IOException {
    byte[] data = inputs().get(0);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (LZ4FrameOutputStream f = new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB,
        LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
      f.write(data, 0, 3000);
    }
    byte[] z = out.toByteArray();
    RealLz4Java fork = RealLz4Java.fork();
    List<byte[]> broken = new ArrayList<>();
    for (int cut = 0; cut < z.length; cut++) {
      broken.add(Arrays.copyOf(z, cut));
    }
    for (int i = 0; i < z.length; i++) {
      byte[] bad = z.clone();
      bad[i] ^= 0x21;
      broken.add(bad);
    }
    for (byte[] b : broken) {
      InputStream theirIn = (InputStream) fork.construct("net.jpountz.lz4.LZ4FrameInputStream",
          new Class<?>[] {InputStream.class}, new ByteArrayInputStream(b));
      String theirs = outcome(theirIn);
      String ours = outcome(new LZ4FrameInputStream(new ByteArrayInputStream(b)));
      String what = b.length + " bytes: the fork " + theirs + ", the drop-in " + ours;
      if (theirs.startsWith("read ")) {
        assertEquals(theirs, ours, what);
      } else {
        assertEquals(true, theirs.startsWith("java.io.IOException: "), what);
        assertEquals(false, ours.startsWith("read "), what);
      }
    }
  }

  /** A read failure is not reported again by close, as with lz4-java; later reads fail again. */
  @Test
  void closeAfterAFailedReadOnlyCloses() throws IOException {
    byte[] z = blockStreamSample();
    LZ4BlockInputStream in = new LZ4BlockInputStream(new ByteArrayInputStream(Arrays.copyOf(z, z.length / 2)));
    java.io.EOFException e = assertThrows(java.io.EOFException.class, () -> StreamsHelper.readAllOpen(in));
    assertEquals(dev.celer.lz4.Lz4StreamException.class, e.getCause().getClass());
    assertThrows(java.io.EOFException.class, in::read);
    in.close();
    byte[] bad = z.clone();
    bad[0] ^= 1;
    LZ4BlockInputStream in2 = new LZ4BlockInputStream(new ByteArrayInputStream(bad));
    IOException c = assertThrows(IOException.class, in2::read);
    assertEquals("Stream is corrupted", c.getMessage());
    assertThrows(IOException.class, () -> in2.read(new byte[3]));
    in2.close();
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] frameOfOurs(byte[] data) throws IOException {
    ByteArrayOutputStream mine = new ByteArrayOutputStream();
    try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(mine)) {
      out.write(data);
    }
    return mine.toByteArray();
  }
}
