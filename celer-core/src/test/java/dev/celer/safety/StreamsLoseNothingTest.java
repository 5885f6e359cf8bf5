package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * "Streams lose nothing" (issue 5): an {@code IOException} of the underlying stream, mid-write or
 * mid-read, reaches the caller and never leaves a frame that reads back as complete; {@code
 * flush()} then an abandoned writer leaves a prefix that decodes to exactly what was flushed,
 * followed by a truncation error; {@code close()} twice is harmless.
 */
class StreamsLoseNothingTest {

  /** A sink that accepts {@code budget} bytes, then fails every write (a full disk, a dropped socket). */
  static final class FailingSink extends OutputStream {
    final ByteArrayOutputStream got = new ByteArrayOutputStream();
    private int budget;
    int closes;

    FailingSink(int budget) {
      this.budget = budget;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      int n = Math.min(len, budget);
      got.write(b, off, n);
      budget -= n;
      if (n < len) {
        throw new IOException("injected: device full after " + got.size() + " bytes");
      }
    }

    @Override
    public void close() {
      closes++;
    }
  }

  /** A source that delivers {@code budget} bytes, then fails. */
  static final class FailingSource extends InputStream {
    private final byte[] data;
    private final int budget;
    private int pos;

    FailingSource(byte[] data, int budget) {
      this.data = data;
      this.budget = budget;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (pos >= budget) {
        throw new IOException("injected: connection reset at " + pos);
      }
      if (pos >= data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, budget - pos), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  private static final Lz4FrameOptions OPTIONS = Lz4FrameOptions.builder()
      .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).contentChecksum(true).build();

  @Test
  void writeFailureSurfacesAndNeverLeavesACompleteFrame() throws IOException {
    byte[] data = FrameHostileTest.text(200_000, 7);
    byte[] full = FrameHostileTest.frame(data, OPTIONS);
    for (int budget = 0; budget < full.length; budget += budget < 64 ? 1 : 997) {
      FailingSink sink = new FailingSink(budget);
      IOException thrown = null;
      boolean inClose = false;
      Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, OPTIONS);
      try {
        for (int i = 0; i < data.length; i += 10_000) {
          out.write(data, i, Math.min(10_000, data.length - i));
        }
        inClose = true;
        out.close();
      } catch (IOException e) {
        thrown = e;
      }
      assertTrue(thrown != null, "the sink failed after " + budget + " bytes but no IOException reached the caller");
      assertThrows(IOException.class, () -> out.write(1), "writing after a failure must fail");
      if (!inClose) {
        assertThrows(IOException.class, out::close, "the failure is latched: close reports it too");
      }
      out.close(); // once reported, a second close does nothing
      StreamChecks.Result r = StreamChecks.readAll(Lz4FrameInputStream::new, sink.got.toByteArray(), data.length);
      assertTrue(!r.ok(), "what reached the sink before the failure (" + sink.got.size() + " bytes) reads as a complete frame");
      assertArrayEquals(Arrays.copyOf(data, r.data().length), r.data(), "a prefix, never other bytes");
    }
  }

  @Test
  void readFailureSurfaces() throws IOException {
    byte[] data = FrameHostileTest.text(150_000, 8);
    byte[] frame = FrameHostileTest.frame(data, OPTIONS);
    for (int budget = 0; budget < frame.length; budget += 1499) {
      final int b = budget;
      StreamChecks.Result r = StreamChecks.readAll(s -> new Lz4FrameInputStream(new FailingSource(frame, b)), new byte[0], data.length);
      assertTrue(!r.ok() && r.error().getMessage().contains("injected")
          || !r.ok() && r.error().getCause() != null && r.error().getCause().getMessage().contains("injected"),
          "budget " + b + ": " + (r.ok() ? "no error" : r.error()));
      assertArrayEquals(Arrays.copyOf(data, r.data().length), r.data());
      StreamChecks.Result j = StreamChecks.readAll(s -> new JpountzBlockInputStream(new FailingSource(jpountz(data), b)), new byte[0], data.length);
      assertTrue(!j.ok(), "lz4-java stream, budget " + b + ": no error");
    }
  }

  @Test
  void flushThenCrashLeavesExactlyTheFlushedData() throws IOException {
    byte[] data = FrameHostileTest.text(100_000, 9);
    for (int flushed : new int[] {0, 1, 777, 65_536, 70_000}) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, OPTIONS);
      out.write(data, 0, flushed);
      out.flush();
      out.write(data, flushed, 5000); // buffered, never flushed: the writer "crashes" here
      StreamChecks.Result r = StreamChecks.readAll(Lz4FrameInputStream::new, sink.toByteArray(), data.length);
      assertTrue(!r.ok() && r.error().getMessage().contains("truncated"), "after flush at " + flushed + ": " + r.error());
      assertArrayEquals(Arrays.copyOf(data, flushed), r.data(), "data delivered from a frame flushed at " + flushed);

      ByteArrayOutputStream jsink = new ByteArrayOutputStream();
      JpountzBlockOutputStream jout = new JpountzBlockOutputStream(jsink, 1 << 16, dev.celer.lz4.Lz4.fastCompressor(), null, true);
      jout.write(data, 0, flushed);
      jout.flush();
      jout.write(data, flushed, 5000);
      StreamChecks.Result jr = StreamChecks.readAll(JpountzBlockInputStream::new, jsink.toByteArray(), data.length);
      assertTrue(!jr.ok() && jr.error().getMessage().contains("truncated"), "lz4-java stream flushed at " + flushed);
      assertArrayEquals(Arrays.copyOf(data, flushed), jr.data());
    }
  }

  @Test
  void closeTwiceIsHarmless() throws IOException {
    byte[] data = FrameHostileTest.text(1000, 10);
    FailingSink sink = new FailingSink(Integer.MAX_VALUE);
    Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, OPTIONS);
    out.write(data);
    out.close();
    int size = sink.got.size();
    out.close();
    assertEquals(size, sink.got.size(), "a second close wrote more");
    assertEquals(1, sink.closes, "the underlying stream was closed " + sink.closes + " times");
    assertThrows(IOException.class, () -> out.write(1));

    FailingSink jsink = new FailingSink(Integer.MAX_VALUE);
    JpountzBlockOutputStream jout = new JpountzBlockOutputStream(jsink);
    jout.write(data);
    jout.close();
    int jsize = jsink.got.size();
    jout.close();
    assertEquals(jsize, jsink.got.size());
    assertEquals(1, jsink.closes);

    InputStream in = new Lz4FrameInputStream(new java.io.ByteArrayInputStream(sink.got.toByteArray()));
    assertArrayEquals(data, in.readAllBytes());
    in.close();
    in.close();
    assertThrows(IOException.class, in::read, "reading after close");
    InputStream jin = new JpountzBlockInputStream(new java.io.ByteArrayInputStream(jsink.got.toByteArray()));
    assertArrayEquals(data, jin.readAllBytes());
    jin.close();
    jin.close();
    assertThrows(IOException.class, jin::read);
  }

  static byte[] jpountz(byte[] data) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(sink)) {
      out.write(data);
    }
    return sink.toByteArray();
  }
}
