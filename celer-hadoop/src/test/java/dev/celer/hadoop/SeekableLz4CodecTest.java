package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The codec's streams, without a file system (so these run on every JDK). */
class SeekableLz4CodecTest {
  private static final Path LZ4 = Path.of("/usr/bin/lz4");

  private static SeekableLz4Codec codec(int blockSize) {
    SeekableLz4Codec c = new SeekableLz4Codec();
    c.setConf(TestData.conf(blockSize));
    return c;
  }

  private static final byte[] TEXT = TestData.join(TestData.lines(1, 4000), "\n");

  /** {@code size} bytes: text lines from an offset chosen by {@code seed}, then random bytes. */
  private static byte[] content(int size, long seed) {
    byte[] text = Arrays.copyOfRange(TEXT, (int) (seed * 7919 % 10_000), TEXT.length);
    byte[] b = Arrays.copyOf(text, size);
    if (size > text.length) { // the tail incompressible
      SplittableRandom r = new SplittableRandom(seed);
      for (int i = text.length; i < size; i++) {
        b[i] = (byte) r.nextInt();
      }
    }
    return b;
  }

  private static byte[] decode(CompressionCodec codec, byte[] compressed) throws IOException {
    try (InputStream in = codec.createInputStream(new ByteArrayInputStream(compressed))) {
      return in.readAllBytes();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 65_535, 65_536, 65_537, 1_048_576, 3_000_001})
  void roundTripsAndIsSeekable(int size) throws IOException {
    SeekableLz4Codec codec = codec(65_536);
    byte[] content = content(size, size);
    byte[] compressed = TestData.compress(codec, content);
    assertArrayEquals(content, decode(codec, compressed));
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(compressed))) {
      assertEquals(size, r.size());
      assertEquals((size + 65_535) / 65_536, r.index().blockCount());
    }
  }

  @Test
  void defaultBlockSizeIsOneMegabyte() throws IOException {
    byte[] content = content(2_500_000, 7);
    byte[] compressed = TestData.compress(new SeekableLz4Codec(), content);
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(compressed))) {
      assertEquals(3, r.index().blockCount());
      assertEquals(1 << 20, r.index().decodedLength(0));
    }
  }

  @Test
  void badBlockSizeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> codec(100_000).createOutputStream(new ByteArrayOutputStream()));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 100_000, 3_000_001})
  void stockLz4DecodesWhatTheCodecWrites(int size, @TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(LZ4), "needs /usr/bin/lz4");
    byte[] content = content(size, 3);
    Path file = dir.resolve("x.lz4");
    Files.write(file, TestData.compress(codec(1 << 20), content));
    Path out = dir.resolve("x");
    Process p = new ProcessBuilder(LZ4.toString(), "-d", "-q", file.toString(), out.toString())
        .redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), log);
    assertArrayEquals(content, Files.readAllBytes(out));
  }

  @Test
  void readsStockLz4Output(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(LZ4), "needs /usr/bin/lz4");
    byte[] content = content(700_000, 5);
    Path in = dir.resolve("y");
    Files.write(in, content);
    Process p = new ProcessBuilder(LZ4.toString(), "-q", "-BD", in.toString(), dir.resolve("y.lz4").toString())
        .redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertArrayEquals(content, decode(codec(1 << 20), Files.readAllBytes(dir.resolve("y.lz4"))));
  }

  /** Hadoop's own Lz4Codec (its lz4-java here is celer-lz4-java) writes the old block format. */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 1000, 262_144, 262_145, 1_000_000})
  void readsHadoopLz4CodecData(int size) throws IOException {
    Lz4Codec hadoop = new Lz4Codec();
    hadoop.setConf(new Configuration(false));
    byte[] content = content(size, 11);
    byte[] old = TestData.compress(hadoop, content);
    assertArrayEquals(content, decode(hadoop, old), "Hadoop reads its own data");
    assertArrayEquals(content, decode(codec(1 << 20), old));
  }

  @Test
  void hadoopBlockFormatFaultsAreCleanExceptions() throws IOException {
    Lz4Codec hadoop = new Lz4Codec();
    hadoop.setConf(new Configuration(false));
    byte[] old = TestData.compress(hadoop, content(300_000, 13));
    SeekableLz4Codec codec = codec(1 << 20);
    for (int cut : new int[] {1, 3, 5, 7, 9, old.length / 2, old.length - 1}) {
      Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> decode(codec, Arrays.copyOf(old, cut)));
      assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), "cut at " + cut);
    }
    byte[] huge = {0x7F, 0, 0, 0, 0, 0, 0, 1, 0};
    assertEquals(Lz4StreamException.Kind.LIMIT,
        assertThrows(Lz4StreamException.class, () -> decode(codec, huge)).kind());
    byte[] badChunk = {0, 0, 0, 10, 0x7F, 0, 0, 0};
    assertEquals(Lz4StreamException.Kind.CORRUPT_BLOCK,
        assertThrows(Lz4StreamException.class, () -> decode(codec, badChunk)).kind());
    byte[] garbage = old.clone();
    for (int i = 8; i < garbage.length; i++) {
      garbage[i] = (byte) 0xFF;
    }
    assertThrows(IOException.class, () -> decode(codec, garbage));
  }

  @Test
  void factoryPicksThisCodecForLz4WhenListed() {
    CompressionCodec c = new CompressionCodecFactory(TestData.conf(1 << 20)).getCodec(new org.apache.hadoop.fs.Path("/a/b.lz4"));
    assertSame(SeekableLz4Codec.class, c.getClass());
  }

  @Test
  void finishThenResetStartsAnIndependentStream() throws IOException {
    SeekableLz4Codec codec = codec(65_536);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    var out = codec.createOutputStream(bytes);
    out.write(content(100_000, 1));
    out.finish();
    int first = bytes.size();
    assertThrows(IOException.class, () -> out.write(1));
    out.resetState();
    out.write(content(5000, 2));
    out.close();
    byte[] all = bytes.toByteArray();
    assertArrayEquals(content(100_000, 1), decode(codec, Arrays.copyOf(all, first)));
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(Arrays.copyOfRange(all, first, all.length)))) {
      assertArrayEquals(content(5000, 2), r.readFully(0, 5000));
    }
  }

  @Test
  void shortStreamsAreTruncatedAndEmptyIsEmpty() throws IOException {
    SeekableLz4Codec codec = codec(65_536);
    assertEquals(0, decode(codec, new byte[0]).length);
    for (int n = 1; n < 4; n++) {
      byte[] b = new byte[n];
      assertEquals(Lz4StreamException.Kind.TRUNCATED,
          assertThrows(Lz4StreamException.class, () -> decode(codec, b)).kind());
    }
  }

  @Test
  void writesThroughTheOutputStreamContract() throws IOException {
    // single-byte writes and array writes mix
    SeekableLz4Codec codec = codec(65_536);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] content = content(70_000, 9);
    try (OutputStream out = codec.createOutputStream(bytes)) {
      for (int i = 0; i < 1000; i++) {
        out.write(content[i]);
      }
      out.write(content, 1000, content.length - 1000);
    }
    assertArrayEquals(content, decode(codec, bytes.toByteArray()));
  }
}
