package net.jpountz.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import net.jpountz.lz4.LZ4FrameOutputStream.BLOCKSIZE;
import net.jpountz.lz4.LZ4FrameOutputStream.FLG;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;

/** The block and frame streams on their own: round trips, lz4-java's states and argument checks. */
class StreamApiTest {

  static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[777];
    for (int n; (n = in.read(buf)) >= 0; ) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  @Test
  void blockStreamsRoundTripWithEveryConstructor() throws IOException {
    byte[] data = BlockApiTest.sample(300_000, 7);
    LZ4Factory f = LZ4Factory.fastestInstance();
    for (int variant = 0; variant < 4; variant++) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      LZ4BlockOutputStream out;
      switch (variant) {
        case 0: out = new LZ4BlockOutputStream(sink); break;
        case 1: out = new LZ4BlockOutputStream(sink, 4096); break;
        case 2: out = new LZ4BlockOutputStream(sink, 100_000, f.highCompressor(12)); break;
        default: out = new LZ4BlockOutputStream(sink, 1 << 20, f.fastCompressor(),
            XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), true);
      }
      out.write(data, 0, 1000);
      out.write(data[1000]);
      out.write(Arrays.copyOfRange(data, 1001, data.length));
      out.close();
      assertThrows(IllegalStateException.class, () -> out.write(1));
      byte[] z = sink.toByteArray();
      assertArrayEquals(data, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(z))), "variant " + variant);
      assertArrayEquals(data, readAll(LZ4BlockInputStream.newBuilder().withDecompressor(f.safeDecompressor())
          .withAcceptOversizedBlocks(false).build(new ByteArrayInputStream(z))));
    }
  }

  @Test
  void blockStreamStatesAreLz4Javas() throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    LZ4BlockOutputStream out = new LZ4BlockOutputStream(sink, 64);
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> out.write(new byte[4], 2, 3));
    out.finish();
    assertThrows(IllegalStateException.class, out::finish);
    out.close();
    out.close();
    assertThrows(IllegalArgumentException.class, () -> new LZ4BlockOutputStream(sink, 63));
    assertThrows(IllegalArgumentException.class, () -> new LZ4BlockOutputStream(sink, (1 << 25) + 1));
    // two concatenated streams: one with stopOnEmptyBlock, both without
    byte[] one = sink.toByteArray();
    ByteArrayOutputStream two = new ByteArrayOutputStream();
    try (LZ4BlockOutputStream o = new LZ4BlockOutputStream(two)) {
      o.write(new byte[] {1, 2, 3});
    }
    byte[] both = new byte[one.length + two.size()];
    System.arraycopy(one, 0, both, 0, one.length);
    System.arraycopy(two.toByteArray(), 0, both, one.length, two.size());
    assertEquals(0, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(both))).length);
    assertArrayEquals(new byte[] {1, 2, 3}, readAll(new LZ4BlockInputStream(new ByteArrayInputStream(both), false)));
    LZ4BlockInputStream in = new LZ4BlockInputStream(new ByteArrayInputStream(both));
    assertFalse(in.markSupported());
    assertThrows(IOException.class, in::reset);
  }

  @Test
  void aTruncatedOrCorruptBlockStreamIsAnIOException() throws IOException {
    byte[] data = BlockApiTest.sample(50_000, 8);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (LZ4BlockOutputStream out = new LZ4BlockOutputStream(sink, 8192)) {
      out.write(data);
    }
    byte[] z = sink.toByteArray();
    assertThrows(IOException.class, () -> readAll(new LZ4BlockInputStream(new ByteArrayInputStream(z, 0, z.length - 30))));
    byte[] bad = z.clone();
    bad[100] ^= 0x40;
    assertThrows(IOException.class, () -> readAll(new LZ4BlockInputStream(new ByteArrayInputStream(bad))));
  }

  @Test
  void frameStreamsRoundTripWithEveryFlag() throws IOException {
    byte[] data = BlockApiTest.sample(200_000, 9);
    for (FLG.Bits[] bits : new FLG.Bits[][] {
        {FLG.Bits.BLOCK_INDEPENDENCE},
        {FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.BLOCK_CHECKSUM, FLG.Bits.CONTENT_CHECKSUM},
        {FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.CONTENT_SIZE}}) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      LZ4FrameOutputStream out = new LZ4FrameOutputStream(sink, BLOCKSIZE.SIZE_64KB, data.length, bits);
      assertTrue(sink.size() >= 7, "the header is written by the constructor");
      out.write(data, 0, 5);
      out.flush();
      out.write(data, 5, data.length - 5);
      out.close();
      assertThrows(IllegalStateException.class, () -> out.write(1));
      byte[] z = sink.toByteArray();
      assertArrayEquals(data, readAll(new LZ4FrameInputStream(new ByteArrayInputStream(z))));
      LZ4FrameInputStream single = new LZ4FrameInputStream(new ByteArrayInputStream(z), true);
      boolean sized = Arrays.asList(bits).contains(FLG.Bits.CONTENT_SIZE);
      assertEquals(sized ? data.length : -1, single.getExpectedContentSize());
      assertEquals(sized, single.isExpectedContentSizeDefined());
      assertArrayEquals(data, readAll(single));
    }
  }

  @Test
  void frameFlagsAndSingleFrameAreLz4Javas() throws IOException {
    assertThrows(RuntimeException.class, () -> new FLG(1, FLG.Bits.CONTENT_CHECKSUM));
    assertThrows(RuntimeException.class, () -> new FLG(1, FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.RESERVED_1));
    FLG flg = new FLG(1, FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.CONTENT_CHECKSUM);
    assertEquals(0x64, flg.toByte());
    assertTrue(FLG.fromByte((byte) 0x64).isEnabled(FLG.Bits.CONTENT_CHECKSUM));
    assertEquals(0x70, LZ4FrameOutputStream.BD.fromByte((byte) 0x70).toByte());
    assertEquals(4 << 20, LZ4FrameOutputStream.BD.fromByte((byte) 0x70).getBlockMaximumSize());
    assertThrows(IllegalArgumentException.class, () -> BLOCKSIZE.valueOf(3));
    assertThrows(IllegalArgumentException.class,
        () -> new LZ4FrameOutputStream(new ByteArrayOutputStream(), BLOCKSIZE.SIZE_64KB, -1L,
            FLG.Bits.BLOCK_INDEPENDENCE, FLG.Bits.CONTENT_SIZE));
    // two frames: read as one stream, or only the first
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    for (byte v : new byte[] {1, 2}) {
      try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(nonClosing(sink))) {
        out.write(v);
      }
    }
    byte[] z = sink.toByteArray();
    assertArrayEquals(new byte[] {1, 2}, readAll(new LZ4FrameInputStream(new ByteArrayInputStream(z))));
    assertArrayEquals(new byte[] {1}, readAll(new LZ4FrameInputStream(new ByteArrayInputStream(z), true)));
    assertThrows(UnsupportedOperationException.class,
        () -> new LZ4FrameInputStream(new ByteArrayInputStream(z)).getExpectedContentSize());
    assertThrows(IOException.class, () -> readAll(new LZ4FrameInputStream(new ByteArrayInputStream(new byte[0]))));
  }

  private static java.io.OutputStream nonClosing(ByteArrayOutputStream sink) {
    return new java.io.FilterOutputStream(sink) {
      @Override
      public void close() {}
    };
  }
}
