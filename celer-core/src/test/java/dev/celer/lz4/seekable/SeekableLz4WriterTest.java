package dev.celer.lz4.seekable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

/** The writer's contract: refused options, byte-at-a-time writes, content size, failures leave no index. */
class SeekableLz4WriterTest {
  @Test
  void refusesOptionsWhoseBlocksCannotBeReadAlone() {
    OutputStream sink = OutputStream.nullOutputStream();
    Lz4FrameOptions d = SeekableLz4Writer.DEFAULT_OPTIONS;
    assertThrows(IllegalArgumentException.class, () -> new SeekableLz4Writer(sink, d.toBuilder().linkedBlocks(true).build()));
    assertThrows(IllegalArgumentException.class, () -> new SeekableLz4Writer(sink, d.toBuilder().legacy(true).build()));
    assertThrows(IllegalArgumentException.class,
        () -> new SeekableLz4Writer(sink, d.toBuilder().dictionary(new byte[100]).build()));
  }

  @Test
  void byteAtATimeGivesTheSameFile() throws IOException {
    byte[] data = SeekableTestData.mixed(150_000, 5);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (SeekableLz4Writer w = new SeekableLz4Writer(bos)) {
      for (byte b : data) {
        w.write(b);
      }
    }
    assertArrayEquals(SeekableTestData.seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS), bos.toByteArray());
  }

  @Test
  void contentSizeIsCheckedAndAFailedFileHasNoIndex() throws IOException {
    byte[] data = SeekableTestData.mixed(100_000, 6);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    SeekableLz4Writer w = new SeekableLz4Writer(bos, SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder()
        .contentSize(data.length + 1).build());
    w.write(data);
    assertThrows(IOException.class, w::close);
    w.close(); // a second close does nothing
    Lz4StreamException e = assertThrows(Lz4StreamException.class,
        () -> SeekableLz4Reader.open(RandomAccessSource.of(bos.toByteArray())));
    assertEquals(Lz4StreamException.Kind.NOT_SEEKABLE, e.kind());
    assertThrows(IOException.class, () -> w.write(1));
  }

  @Test
  void anUnderlyingFailureLatches() throws IOException {
    OutputStream failing = new OutputStream() {
      int budget = 70_000;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        budget -= len;
        if (budget < 0) {
          throw new IOException("disk full");
        }
      }
    };
    SeekableLz4Writer w = new SeekableLz4Writer(failing);
    byte[] noise = SeekableTestData.random(200_000, 7);
    IOException e = assertThrows(IOException.class, () -> w.write(noise));
    assertEquals("disk full", e.getMessage());
    IOException again = assertThrows(IOException.class, () -> w.write(noise, 0, 10));
    assertTrue(again.getMessage().contains("earlier"), again.getMessage());
    assertSame(e, assertThrows(IOException.class, w::close, "close reports the failure").getCause());
    w.close(); // a second close does nothing
  }

  @Test
  void writerOutputIsOneStandardFrame() throws IOException {
    byte[] data = SeekableTestData.mixed(200_000, 8);
    byte[] file = SeekableTestData.seekable(data, SeekableLz4Writer.DEFAULT_OPTIONS);
    assertArrayEquals(data, new Lz4FrameInputStream(new ByteArrayInputStream(file)).readAllBytes());
    // magic, then FLG = version 01, B.Indep, B.Checksum, C.Checksum; BD = 64 KB
    assertEquals(0x04, file[0]);
    assertEquals(0x22, file[1]);
    assertEquals(0x4D, file[2]);
    assertEquals(0x18, file[3]);
    assertEquals(0b0111_0100, file[4]);
    assertEquals(0b0100_0000, file[5]);
    // the last 4 bytes: 'LZ4I'
    assertEquals("LZ4I", new String(file, file.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII));
  }
}
