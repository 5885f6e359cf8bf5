package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.hadoop.FaultyStreams.Fault;
import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.SplittableCompressionCodec.READ_MODE;
import org.junit.jupiter.api.Test;

/**
 * {@code close()} after a failure on the codec's streams (issue 21; the read faults at every call
 * are {@link StreamFaultInjectionTest}'s): an input stream's close closes the underlying stream
 * once and returns normally after a format error, and throws the underlying stream's own failure
 * to close once; the output stream's close reports a failure once, also when the underlying
 * close fails. A second close of any of them does nothing.
 */
class CloseAfterFailureTest {
  private static final int BLOCK = 65_536;
  private static final byte[] CONTENT = TestData.join(TestData.lines(21, 6000), "\n");

  private static SeekableLz4Codec codec() {
    SeekableLz4Codec c = new SeekableLz4Codec();
    c.setConf(TestData.conf(BLOCK));
    return c;
  }

  private static final byte[] FILE = file();

  private static byte[] file() {
    try {
      return TestData.compress(codec(), CONTENT);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** A stream of the codec over {@code in}. */
  private interface Opener {
    InputStream open(FaultyStreams.In in) throws IOException;
  }

  private enum Stream {
    DECODING(in -> codec().createInputStream(in)),
    WHOLE_FILE_SPLIT(in -> new WholeFileSplitInputStream(in, 0, Long.MAX_VALUE)),
    SEEKABLE_SPLIT(in -> codec().createInputStream(in, null, 0, FILE.length, READ_MODE.BYBLOCK));

    final Opener open;

    Stream(Opener open) {
      this.open = open;
    }
  }

  /** Data whose first block's checksum fails (the index stays sound, so every stream opens). */
  private static byte[] corrupt() {
    byte[] bad = FILE.clone();
    Arrays.fill(bad, 40, 140, (byte) 0xFF);
    return bad;
  }

  private static IOException readFails(InputStream in, String what) {
    return assertThrows(IOException.class, () -> {
      byte[] buf = new byte[4096];
      while (in.read(buf) >= 0) {
        // until the failure
      }
    }, what);
  }

  @Test
  void inputCloseAfterAFormatErrorReturnsNormallyAndClosesOnce() throws IOException {
    for (Stream s : Stream.values()) {
      for (boolean closeFails : new boolean[] {false, true}) {
        String what = s + (closeFails ? ", the underlying close fails" : "");
        FaultyStreams.In raw = new FaultyStreams.Positioned(corrupt(), Integer.MAX_VALUE, Fault.IO);
        IOException closeFailure = new IOException("injected close failure");
        if (closeFails) {
          raw.closeFailure = closeFailure;
        }
        InputStream in = s.open.open(raw);
        IOException first = readFails(in, what);
        assertEquals(Lz4StreamException.Kind.CHECKSUM, assertInstanceOf(Lz4StreamException.class, first, what).kind());
        if (closeFails) {
          assertSame(closeFailure, assertThrows(IOException.class, in::close, what), what + ": as it is, once");
        } else {
          assertDoesNotThrow(in::close, what);
        }
        assertDoesNotThrow(in::close, what + ": a second close does nothing");
        assertEquals(1, raw.closes, what + ": the underlying stream is closed once");
        IOException later = assertThrows(IOException.class, in::read, what + ": read after close");
        assertSame(first, later.getCause(), what + ": " + later);
      }
    }
  }

  @Test
  void decodingStreamOverATruncatedMagicNumber() throws IOException {
    FaultyStreams.In raw = new FaultyStreams.In(Arrays.copyOf(FILE, 2), Integer.MAX_VALUE, Fault.IO);
    try (InputStream in = codec().createInputStream(raw)) {
      assertEquals(Lz4StreamException.Kind.TRUNCATED, assertThrows(Lz4StreamException.class, in::read).kind());
    }
    assertEquals(1, raw.closes);
  }

  @Test
  void outputCloseReportsAFailureOnce() throws IOException {
    for (boolean earlier : new boolean[] {false, true}) {
      for (boolean closeFails : new boolean[] {false, true}) {
        if (!earlier && !closeFails) {
          continue;
        }
        String what = (earlier ? "a write failed" : "no earlier failure") + (closeFails ? ", the close fails" : "");
        FaultyStreams.Out out = new FaultyStreams.Out(earlier ? 2 : Integer.MAX_VALUE, Fault.IO);
        IOException closeFailure = new IOException("injected close failure");
        if (closeFails) {
          out.closeFailure = closeFailure;
        }
        CompressionOutputStream s = codec().createOutputStream(out);
        if (earlier) {
          assertThrows(IOException.class, () -> s.write(CONTENT), what);
          IOException reported = assertThrows(IOException.class, s::close, what);
          assertSame(out.thrown, reported.getCause(), what + ": " + reported);
          if (closeFails) {
            assertSame(closeFailure, reported.getSuppressed()[0], what);
          }
        } else {
          s.write(CONTENT);
          assertSame(closeFailure, assertThrows(IOException.class, s::close, what), what + ": as it is");
        }
        assertDoesNotThrow(s::close, what + ": a second close does nothing");
        assertEquals(1, out.closes, what + ": the underlying stream is closed once");
        assertTrue(assertThrows(IOException.class, () -> s.write(1), what).getCause() != null, what);
      }
    }
  }
}
