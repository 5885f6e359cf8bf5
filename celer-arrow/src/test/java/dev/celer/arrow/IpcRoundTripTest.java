package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * IPC files and streams through Arrow Java's readers and writers: Celer both ways, Celer against
 * Arrow Java's own {@code CommonsCompressionFactory} both ways, ZSTD and LZ4_FRAME mixed in one
 * reader, a hostile file. The root allocator must close with nothing allocated after every test.
 */
class IpcRoundTripTest extends LeakCheckedTest {
  @TempDir Path dir;


  private static final int[] ROWS = {1000, 0, 20_000, 7};

  private void roundTrip(boolean stream, CompressionCodec.Factory writer, CodecType codec, Optional<Integer> level,
      CompressionCodec.Factory reader, int[] rows) throws IOException {
    Path f = dir.resolve("t" + (stream ? ".arrows" : ".arrow"));
    Tables.Written w = Tables.write(allocator, f, stream, writer, codec, level, rows, 42);
    Tables.Written r = Tables.read(allocator, f, stream, reader);
    assertEquals(w.batches, r.batches);
    if (rows.length > 0) { // a file without batches: Arrow loads no dictionary
      assertEquals(w.dictionaries, r.dictionaries);
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void celerBothWays(boolean stream) throws IOException {
    roundTrip(stream, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        CelerCompressionFactory.INSTANCE, ROWS);
    roundTrip(stream, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.of(9),
        CelerCompressionFactory.INSTANCE, ROWS);
  }

  /**
   * Batches whose buffers are large enough (256 KB and up) to be decoded into reused memory
   * ({@link DecodedBufferPool}): each batch's buffers reuse the previous batch's once the reader
   * loads the next, and every batch must still read back as written.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void largeBatchesOnReusedMemory(boolean stream) throws IOException {
    roundTrip(stream, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        CelerCompressionFactory.INSTANCE, new int[] {60_000, 60_000, 45_000, 60_000});
    assertTrue(DecodedBufferPool.SHARED.freeBytes() > 0, "the reader's released buffers went back to the pool");
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void arrowJavaReadsCelerAndCelerReadsArrowJava(boolean stream) throws IOException {
    roundTrip(stream, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        CommonsCompressionFactory.INSTANCE, ROWS);
    // Commons Compress's framed LZ4 writes at well under 1 MB/s: a small table
    roundTrip(stream, CommonsCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        CelerCompressionFactory.INSTANCE, new int[] {300, 0, 50});
  }

  @Test
  void emptyTableAndZstdThroughTheSameFactory() throws IOException {
    roundTrip(false, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        CelerCompressionFactory.INSTANCE, new int[0]);
    roundTrip(true, CelerCompressionFactory.INSTANCE, CodecType.ZSTD, Optional.of(3),
        CelerCompressionFactory.INSTANCE, ROWS);
    roundTrip(true, CelerCompressionFactory.INSTANCE, CodecType.NO_COMPRESSION, Optional.empty(),
        CelerCompressionFactory.INSTANCE, ROWS);
  }

  /**
   * The default reader factory (ServiceLoader): this module's classes come before arrow-compression
   * on the test class path, so Celer's registration wins LZ4_FRAME; ZSTD is Arrow's codec either way.
   */
  @Test
  void defaultReaderFactoryReadsLz4Frame() throws IOException {
    assertTrue(CompressionCodec.Factory.INSTANCE.createCodec(CodecType.LZ4_FRAME) instanceof CelerLz4FrameCodec);
    assertEquals(CodecType.ZSTD, CompressionCodec.Factory.INSTANCE.createCodec(CodecType.ZSTD).getCodecType());
    roundTrip(false, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        CompressionCodec.Factory.INSTANCE, ROWS);
  }

  /** A lying prefix in a file: Arrow's exception, Celer's cause, nothing leaked. */
  @Test
  void hostileFileFailsCleanly() throws IOException {
    Path f = dir.resolve("t.arrow");
    Tables.write(allocator, f, false, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, Optional.empty(),
        new int[] {20_000}, 1);
    byte[] bytes = Files.readAllBytes(f);
    // The first buffer of the body: the validity bitmap of column "int" (20,000 bits, 2,500 bytes,
    // compressible: every 7th row is null); make its prefix claim one byte more. A failure in a
    // field's first buffer: Arrow's VectorLoader (19.0.0) releases nothing it decompressed before
    // a failure within the same field, which no codec can prevent (docs/arrow.md, "Hostile files").
    byte[] prefix = new byte[8];
    ByteBuffer.wrap(prefix).order(ByteOrder.LITTLE_ENDIAN).putLong(2_500);
    int at = indexOf(bytes, prefix);
    assertTrue(at > 0, "the validity buffer's prefix");
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(at, 2_501);
    Files.write(f, bytes);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Tables.read(allocator, f, false, CelerCompressionFactory.INSTANCE));
    assertTrue(String.valueOf(e.getCause()).contains("Lz4"), "Celer's exception as the cause: " + e.getCause());
    // the same file through NoCompression (no codec) is not Celer's concern; the allocator check follows
    assertEquals(NoCompressionCodec.INSTANCE, CelerCompressionFactory.INSTANCE.createCodec(CodecType.NO_COMPRESSION));
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
