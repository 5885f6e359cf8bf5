package dev.celer.lz4.frame;

import static dev.celer.lz4.frame.FrameTestSupport.assertBytes;
import static dev.celer.lz4.frame.FrameTestSupport.mixed;
import static dev.celer.lz4.frame.FrameTestSupport.readAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Lz4FrameInputStream#transferTo}: the bytes of a read loop; an output failure does not latch, a format error does. */
class Lz4FrameTransferToTest {
  private static final Lz4FrameOptions SMALL = Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build();

  @Test
  void givesWhatReadGives() throws IOException {
    byte[] in = mixed(700_000, 31);
    for (Lz4FrameOptions o : List.of(SMALL, SMALL.toBuilder().linkedBlocks(true).build(),
        Lz4FrameOptions.builder().legacy(true).build(), Lz4FrameOptions.defaults())) {
      byte[] frames = FrameTestSupport.concat(Lz4Frame.compress(in, o), Lz4Frame.compress(new byte[0], o), Lz4Frame.compress(in, o));
      Lz4FrameInputStream s = new Lz4FrameInputStream(new ByteArrayInputStream(frames));
      assertEquals(100, s.read(new byte[100]), "starts after a partial read");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(2L * in.length - 100, s.transferTo(out));
      byte[] expected = FrameTestSupport.concat(in, in);
      assertBytes(java.util.Arrays.copyOfRange(expected, 100, expected.length), out.toByteArray(), o.toString());
      assertEquals(-1, s.read());
    }
  }

  @Test
  void anOutputFailureDoesNotLatch() throws IOException {
    byte[] in = mixed(300_000, 32);
    Lz4FrameInputStream s = new Lz4FrameInputStream(new ByteArrayInputStream(Lz4Frame.compress(in, SMALL)));
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    IOException full = new IOException("disk full");
    OutputStream failingSecond = new OutputStream() {
      int writes;

      @Override
      public void write(int b) {
        throw new AssertionError();
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (++writes == 2) {
          throw full;
        }
        got.write(b, off, len);
      }
    };
    assertSame(full, assertThrows(IOException.class, () -> s.transferTo(failingSecond)));
    got.write(readAll(s, 10_000)); // the block that was not written is still there
    assertBytes(in, got.toByteArray(), "written, then read after the failure");
  }

  @Test
  void aFormatErrorLatches() {
    byte[] frame = Lz4Frame.compress(mixed(300_000, 33), SMALL);
    frame[frame.length - 1] ^= 1; // the content checksum
    Lz4FrameInputStream s = new Lz4FrameInputStream(new ByteArrayInputStream(frame));
    Lz4StreamException e = assertThrows(Lz4StreamException.class, () -> s.transferTo(OutputStream.nullOutputStream()));
    assertEquals(Lz4StreamException.Kind.CHECKSUM, e.kind());
    assertSame(e, assertThrows(IOException.class, () -> s.transferTo(OutputStream.nullOutputStream())).getCause());
  }
}
