package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4Level;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInfo;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.ByteArrayInputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.junit.jupiter.api.Test;

/**
 * The codec on its own: Arrow's buffer layout, the frame options, levels, the factory's other codec
 * types, and hostile buffers. The root allocator must close with nothing allocated after every test.
 */
class CelerCodecTest extends LeakCheckedTest {


  static byte[] text(int n) {
    byte[] line = "the quick brown fox jumps over the lazy dog 0123456789\n".getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[n];
    for (int i = 0; i < n; i++) {
      out[i] = (byte) (line[i % line.length] + (i / 997 % 3));
    }
    return out;
  }

  ArrowBuf buf(byte[] bytes) {
    ArrowBuf b = allocator.buffer(Math.max(1, bytes.length));
    b.setBytes(0, bytes);
    b.writerIndex(bytes.length);
    return b;
  }

  static byte[] bytes(ArrowBuf b) {
    byte[] out = new byte[(int) b.writerIndex()];
    b.getBytes(0, out);
    return out;
  }

  /** An Arrow compressed buffer: the 8-byte little-endian prefix, then {@code body}. */
  ArrowBuf compressedBuf(long prefix, byte[] body) {
    ByteBuffer bb = ByteBuffer.allocate(8 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    bb.putLong(prefix).put(body);
    return buf(bb.array());
  }

  private byte[] compress(CompressionCodec codec, byte[] data) {
    ArrowBuf c = codec.compress(allocator, buf(data));
    try {
      return bytes(c);
    } finally {
      c.close();
    }
  }

  private byte[] decompress(CompressionCodec codec, byte[] compressed) {
    ArrowBuf d = codec.decompress(allocator, buf(compressed));
    try {
      return bytes(d);
    } finally {
      d.close();
    }
  }

  @Test
  void layoutIsArrowsAndFrameOptionsAreTheIssues() throws Exception {
    CompressionCodec codec = CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);
    byte[] data = text(5 << 20);
    byte[] c = compress(codec, data);
    assertEquals(data.length, ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).getLong(0), "little-endian prefix");
    byte[] frame = Arrays.copyOfRange(c, 8, c.length);
    List<Lz4FrameInfo> frames = Lz4Frame.list(new ByteArrayInputStream(frame));
    assertEquals(1, frames.size());
    Lz4FrameInfo f = frames.get(0);
    assertEquals(false, f.linkedBlocks(), "independent blocks");
    assertEquals(false, f.contentChecksum(), "no content checksum");
    assertEquals(false, f.blockChecksum(), "no block checksum");
    assertEquals(data.length, f.contentSize(), "content size in the header");
    assertEquals(Lz4FrameOptions.BlockSize.SIZE_4MB, f.blockSize());
    assertArrayEquals(data, Lz4Frame.decompress(frame), "a plain LZ4 frame");
    assertArrayEquals(data, decompress(codec, c));
  }

  /** Empty stays empty, as Arrow C++ writes it; Arrow Java's form (the length 0, no frame) reads too. */
  @Test
  void emptyBufferIsEmptyAndArrowJavasPrefixZeroReads() {
    CompressionCodec codec = CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);
    ArrowBuf c = codec.compress(allocator, buf(new byte[0]));
    assertEquals(0, c.writerIndex());
    c.close();
    assertArrayEquals(new byte[8], compress(CommonsCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME), new byte[0]));
    assertEquals(0, decompress(codec, new byte[8]).length);
  }

  @Test
  void incompressibleBufferIsStoredRawWithMinusOne() {
    CompressionCodec codec = CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);
    byte[] data = new byte[100_000];
    new Random(7).nextBytes(data);
    byte[] c = compress(codec, data);
    assertEquals(-1L, ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).getLong(0));
    assertArrayEquals(data, Arrays.copyOfRange(c, 8, c.length));
    assertArrayEquals(data, decompress(codec, c));
  }

  @Test
  void everyLevelAndBlockSizeRoundTripsAndReadsWithArrowsOwnCodec() {
    CompressionCodec commons = CommonsCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);
    byte[] data = text(300_000);
    for (Lz4FrameOptions.BlockSize size : Lz4FrameOptions.BlockSize.values()) {
      for (int level : new int[] {-5, 0, 1, 2, 3, 9, 12}) {
        CompressionCodec codec = CelerCompressionFactory.withBlockSize(size).createCodec(CodecType.LZ4_FRAME, level);
        byte[] c = compress(codec, data);
        assertArrayEquals(data, decompress(codec, c), size + " level " + level);
        assertArrayEquals(data, decompress(commons, c), "Arrow's codec reads " + size + " level " + level);
      }
    }
    assertArrayEquals(data, decompress(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME),
        compress(commons, data)), "Celer reads Arrow's codec");
  }

  /** In the JDK 25 execution "native" (root pom), the codec runs on Celer's native backend. */
  @Test
  void nativeBackendWhereTheBuildExpectsIt() {
    if (Boolean.getBoolean("celer.expect.native")) {
      assertTrue(dev.celer.lz4.Lz4.isNativeBackend(), dev.celer.lz4.Lz4.backend());
    }
    System.out.println("[celer] celer-arrow backend: " + dev.celer.lz4.Lz4.backend());
  }

  @Test
  void levelsMapAsLz4fCompressionLevel() {
    assertEquals(Lz4Level.of(1), codec(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME)).options().level());
    assertEquals(Lz4Level.fast(1), codec(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME, 2)).options().level());
    assertEquals(Lz4Level.fast(5), codec(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME, -4)).options().level());
    assertEquals(Lz4Level.high(3), codec(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME, 3)).options().level());
    assertEquals(Lz4Level.high(12), codec(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME, 12)).options().level());
  }

  private static CelerLz4FrameCodec codec(CompressionCodec c) {
    return assertInstanceOf(CelerLz4FrameCodec.class, c);
  }

  @Test
  void otherCodecTypes() {
    assertSame(NoCompressionCodec.INSTANCE, CelerCompressionFactory.INSTANCE.createCodec(CodecType.NO_COMPRESSION));
    CompressionCodec zstd = CelerCompressionFactory.INSTANCE.createCodec(CodecType.ZSTD, 5);
    assertEquals(CodecType.ZSTD, zstd.getCodecType());
    byte[] data = text(50_000);
    assertArrayEquals(data, decompress(CommonsCompressionFactory.INSTANCE.createCodec(CodecType.ZSTD), compress(zstd, data)));
  }

  /** Without arrow-compression on the class path, ZSTD is an error that names the artifact. */
  @Test
  void zstdWithoutArrowCompressionNamesTheArtifact() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (!e.contains("arrow-compression") && !e.contains("commons-compress") && !e.contains("zstd-jni")) {
        urls.add(Path.of(e).toUri().toURL());
      }
    }
    try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader())) {
      Class<?> factory = Class.forName(CelerCompressionFactory.class.getName(), true, loader);
      Class<?> codecType = Class.forName(CodecType.class.getName(), true, loader);
      Object instance = factory.getField("INSTANCE").get(null);
      @SuppressWarnings({"unchecked", "rawtypes"})
      Object zstd = Enum.valueOf((Class) codecType, "ZSTD");
      var create = factory.getMethod("createCodec", codecType);
      var e = assertThrows(java.lang.reflect.InvocationTargetException.class, () -> create.invoke(instance, zstd));
      assertInstanceOf(IllegalArgumentException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("org.apache.arrow:arrow-compression"), e.getCause().getMessage());
      Object lz4 = Enum.valueOf((Class) codecType, "LZ4_FRAME");
      create.invoke(instance, lz4); // LZ4_FRAME needs nothing more
    }
  }

  // ---- hostile buffers: Arrow's exception, Celer's message as the cause, nothing leaked

  private IllegalArgumentException rejects(byte[] compressed) {
    CompressionCodec codec = CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);
    ArrowBuf in = buf(compressed);
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.decompress(allocator, in));
      assertTrue(e.getCause() instanceof dev.celer.lz4.Lz4Exception || e.getCause() instanceof dev.celer.lz4.Lz4StreamException,
          "Celer's exception as the cause: " + e.getCause());
      assertEquals(1, in.refCnt(), "the compressed buffer is left to its owner");
      return e;
    } finally {
      in.close();
    }
  }

  private byte[] validBuffer(byte[] data) {
    return compress(CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME), data);
  }

  private static byte[] withPrefix(byte[] c, long prefix) {
    byte[] out = c.clone();
    ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putLong(0, prefix);
    return out;
  }

  @Test
  void prefixLargerThanTheFrameDecodesTo() {
    byte[] c = validBuffer(text(10_000));
    String m = rejects(withPrefix(c, 10_001)).getMessage();
    assertTrue(m.contains("10001") && m.contains("10000"), m);
  }

  @Test
  void prefixSmallerThanTheFrameDecodesTo() {
    rejects(withPrefix(validBuffer(text(10_000)), 9_999));
  }

  @Test
  void prefixLiesWhenTheFrameHasNoContentSize() {
    // Arrow's own codec writes no content size: the lie shows while decoding, within the buffer
    byte[] c = compress(CommonsCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME), text(10_000));
    rejects(withPrefix(c, 10_001));
    rejects(withPrefix(c, 9_999));
  }

  @Test
  void hugeOrNegativePrefixIsRejectedBeforeAllocating() {
    byte[] c = validBuffer(text(1000));
    for (long prefix : new long[] {Long.MAX_VALUE, Integer.MAX_VALUE, 1L << 40, -2, Long.MIN_VALUE,
        255L * (c.length - 8) + 1}) {
      String m = rejects(withPrefix(c, prefix)).getMessage();
      assertTrue(m.contains(Long.toString(prefix)), m);
    }
    assertEquals(0, allocator.getPeakMemoryAllocation() > (64 << 20) ? 1 : 0, "nothing large was allocated");
  }

  @Test
  void truncatedFramesAndGarbage() {
    byte[] c = validBuffer(text(200_000));
    for (int cut : new int[] {8 + 3, 8 + 7, 8 + 20, c.length / 2, c.length - 1}) {
      byte[] t = Arrays.copyOf(c, cut);
      rejects(t);
    }
    byte[] garbage = new byte[100];
    new Random(3).nextBytes(garbage);
    rejects(compressedBuf0(50, garbage));
    rejects(new byte[] {5, 0, 0, 0, 0, 0, 0, 0}); // a length and no frame at all
  }

  @Test
  void corruptedBlockData() {
    byte[] c = validBuffer(text(200_000));
    Random r = new Random(11);
    for (int i = 0; i < 200; i++) {
      byte[] m = c.clone();
      int at = 8 + 11 + r.nextInt(m.length - 8 - 11); // past the header: blocks and the end mark
      m[at] ^= (byte) (1 + r.nextInt(255));
      CompressionCodec codec = CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME);
      ArrowBuf in = buf(m);
      try {
        ArrowBuf out = codec.decompress(allocator, in); // releases in
        assertEquals(200_000, out.writerIndex()); // a flip inside literals decodes, to the declared length
        out.close();
      } catch (IllegalArgumentException e) {
        assertTrue(e.getCause() != null, "Celer's exception as the cause");
        in.close(); // a failed decompress leaves it to its owner
      }
    }
  }

  @Test
  void notEnoughBytesForThePrefixIsArrowsOwnCheck() {
    ArrowBuf in = buf(new byte[] {1, 2, 3});
    try {
      assertThrows(IllegalArgumentException.class,
          () -> CelerCompressionFactory.INSTANCE.createCodec(CodecType.LZ4_FRAME).decompress(allocator, in));
    } finally {
      in.close();
    }
  }

  private static byte[] compressedBuf0(long prefix, byte[] body) {
    ByteBuffer bb = ByteBuffer.allocate(8 + body.length).order(ByteOrder.LITTLE_ENDIAN);
    bb.putLong(prefix).put(body);
    return bb.array();
  }
}
