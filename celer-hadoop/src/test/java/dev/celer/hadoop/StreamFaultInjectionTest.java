package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.celer.hadoop.FaultyStreams.Fault;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.seekable.LazySeekIndex;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekableLz4Indexer;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;
import org.apache.hadoop.io.compress.SplittableCompressionCodec.READ_MODE;
import org.junit.jupiter.api.Test;

/**
 * The codec's streams over underlying streams that fail at every call in turn ({@link
 * FaultyStreams}): an {@link IOException}, an unchecked exception, reads that return 0 bytes
 * (for ever: an error, never a hang; twice: retried, all the content comes).
 * For each: the failure surfaces (as an {@code IOException}, or the underlying stream's own
 * unchecked exception as it is; never a hang); what was handed out before it is a prefix of the
 * content, and a run that does not fail hands out all of it; after it every call throws an
 * {@code IOException} without touching the underlying stream again, but {@code close()}: an input
 * stream's closes it once and returns normally, the output stream's reports the failure once; a
 * second {@code close()} does nothing. The writer, after a failure, writes nothing more: no frame end, no index.
 * No file system is involved, so these run on every JDK.
 */
class StreamFaultInjectionTest {
  private static final int BLOCK = 65_536;
  /** Text lines, then random bytes (stored blocks): about 5 blocks of 64 KiB. */
  private static final byte[] CONTENT = content();

  private static byte[] content() {
    byte[] text = TestData.join(TestData.lines(3, 1500), "\n");
    int textLength = Math.min(text.length, 200_000);
    byte[] b = Arrays.copyOf(text, textLength + 70_000);
    SplittableRandom r = new SplittableRandom(3);
    for (int i = textLength; i < b.length; i++) {
      b[i] = (byte) r.nextInt();
    }
    return b;
  }

  private static SeekableLz4Codec codec() {
    SeekableLz4Codec c = new SeekableLz4Codec();
    c.setConf(TestData.conf(BLOCK));
    return c;
  }

  private static final byte[] SEEKABLE = seekable();
  private static final byte[] STOCK = stock();
  private static final byte[] HADOOP = hadoop();

  private static byte[] seekable() {
    try {
      return TestData.compress(codec(), CONTENT);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] stock() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (OutputStream out = new Lz4FrameOutputStream(b, Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).contentChecksum(true).build())) {
      out.write(CONTENT);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return b.toByteArray();
  }

  private static byte[] hadoop() {
    Lz4Codec c = new Lz4Codec();
    Configuration conf = new Configuration(false);
    conf.setInt("io.compression.codec.lz4.buffersize", BLOCK);
    c.setConf(conf);
    try {
      return TestData.compress(c, CONTENT);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Opens the stream under test over the faulty stream. */
  private interface Opener {
    InputStream open(FaultyStreams.In in) throws IOException;
  }

  /** Reads in uneven pieces, one-byte reads among them, until the end or a failure. */
  private static Throwable readAll(InputStream s, ByteArrayOutputStream got) {
    byte[] buf = new byte[9001];
    try {
      for (int i = 0; ; i++) {
        if (i % 5 == 4) {
          int b = s.read();
          if (b < 0) {
            return null;
          }
          got.write(b);
          continue;
        }
        int n = s.read(buf, 0, 1 + (i * 3001) % buf.length);
        if (n < 0) {
          return null;
        }
        got.write(buf, 0, n);
      }
    } catch (IOException | RuntimeException e) {
      return e;
    }
  }

  private static boolean isPrefix(byte[] prefix, byte[] of) {
    return prefix.length <= of.length && Arrays.equals(prefix, 0, prefix.length, of, 0, prefix.length);
  }

  /**
   * Fails the underlying stream at every call in turn, with each fault, and checks the rules.
   *
   * @param file the compressed file
   * @param positioned whether the underlying stream has positioned reads and seeks
   * @param zeroReads whether the stream under test makes reads that can return 0 bytes
   * @param expected what a run without faults hands out
   */
  private static void everyCall(String what, byte[] file, boolean positioned, boolean zeroReads, Opener opener,
      byte[] expected)
      throws IOException {
    for (Fault fault : new Fault[] {Fault.IO, Fault.UNCHECKED, Fault.ZERO, Fault.ZERO_BURST}) {
      int failures = 0;
      for (int n = 1; ; n++) {
        FaultyStreams.In in = positioned ? new FaultyStreams.Positioned(file, n, fault) : new FaultyStreams.In(file, n, fault);
        String at = what + ", " + fault + " at call " + n;
        InputStream s;
        try {
          s = opener.open(in);
        } catch (IOException | RuntimeException e) {
          if (fault == Fault.ZERO_BURST) {
            fail(at + ": two reads of no data in a row are retried, not an error", e);
          }
          checkFailure(at, in, e);
          failures++;
          continue;
        }
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        Throwable e = readAll(s, got);
        byte[] out = got.toByteArray();
        if (e == null) {
          // no failure surfaced: then everything came, and the fault (if any) cost nothing
          assertArrayEquals(expected, out, at + ": a run without an error must hand out all the content");
          s.close();
          assertEquals(1, in.closes, at);
          if (!in.tripped()) {
            assertTrue(failures > 0 || fault == Fault.ZERO || fault == Fault.ZERO_BURST, what + ": no call failed at all");
            break; // n is past the last call
          }
          continue;
        }
        if (fault == Fault.ZERO_BURST) {
          fail(at + ": two reads of no data in a row are retried, not an error", e);
        }
        failures++;
        checkFailure(at, in, e);
        if (fault == Fault.ZERO && !positioned) {
          assertEquals(Lz4StreamException.Kind.TRUNCATED, assertInstanceOf(Lz4StreamException.class, e, at).kind(),
              at + ": reads that never deliver are a cut-off input");
        }
        assertTrue(isPrefix(out, expected), at + ": " + out.length + " bytes handed out before the failure"
            + " are not a prefix of the content");
        int calls = in.calls;
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, () -> s.read(new byte[10], 0, 10)), at);
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, s::read), at);
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, () -> s.skip(100)), at);
        if (s instanceof CompressionInputStream) {
          CompressionInputStream c = (CompressionInputStream) s;
          assertInstanceOf(IOException.class, assertThrows(Throwable.class, c::getPos), at);
          if (!(s instanceof SeekableSplitInputStream)) {
            assertInstanceOf(IOException.class, assertThrows(Throwable.class, c::resetState), at);
          }
        }
        assertEquals(calls, in.calls, at + ": the underlying stream was used after the failure");
        assertDoesNotThrow(s::close, at + ": close after a failure returns normally");
        assertEquals(1, in.closes, at + ": close closes the underlying stream");
        assertDoesNotThrow(s::close, at + ": a second close does nothing");
        assertEquals(1, in.closes, at + ": close closes the underlying stream once");
        IOException later = assertThrows(IOException.class, () -> s.read(new byte[10], 0, 10), at + ": read after close");
        assertNotNull(later.getCause(), at);
        if (e instanceof Lz4StreamException) {
          assertInstanceOf(Lz4StreamException.class, later, at + ": the kind survives the latch");
          assertEquals(((Lz4StreamException) e).kind(), ((Lz4StreamException) later).kind(), at);
        }
        assertEquals(calls, in.calls, at + ": the underlying stream was used after the failure");
      }
      assertTrue(failures > 0 || fault == Fault.ZERO_BURST || (fault == Fault.ZERO && !zeroReads),
          what + ": " + fault + " never failed");
    }
  }

  /**
   * The failure is an IOException, or the underlying stream's own unchecked exception as it is;
   * an injected IOException is not lost; empty reads end as an IOException.
   */
  private static void checkFailure(String at, FaultyStreams.In in, Throwable e) {
    if (e instanceof RuntimeException) {
      assertSame(in.thrown, e, at + ": only the underlying stream's own unchecked exception may pass: " + e);
      return;
    }
    assertInstanceOf(IOException.class, e, at);
    if (in.thrown != null && !causedBy(e, in.thrown)) {
      fail(at + ": the injected fault is not the cause of " + e, e);
    }
  }

  private static boolean causedBy(Throwable e, Throwable cause) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t == cause) {
        return true;
      }
    }
    return false;
  }

  @Test
  void decodingStreamOverASeekableFile() throws IOException {
    everyCall("seekable file", SEEKABLE, false, true, in -> codec().createInputStream(in), CONTENT);
  }

  @Test
  void decodingStreamOverAStockFrame() throws IOException {
    everyCall("stock frame", STOCK, false, true, in -> codec().createInputStream(in), CONTENT);
  }

  @Test
  void decodingStreamOverHadoopLz4CodecData() throws IOException {
    everyCall("Hadoop Lz4Codec data", HADOOP, false, true, in -> codec().createInputStream(in), CONTENT);
  }

  @Test
  void splitStreamOverTheWholeSeekableFile() throws IOException {
    everyCall("whole split, length probed", SEEKABLE, true, true,
        in -> codec().createInputStream(in, null, 0, SEEKABLE.length, READ_MODE.BYBLOCK), CONTENT);
    everyCall("whole split, length known", SEEKABLE, true, false,
        in -> codec().createInputStream(in, 0, SEEKABLE.length, SEEKABLE.length), CONTENT);
  }

  @Test
  void splitStreamFromTheMiddleOfASeekableFile() throws IOException {
    long start = SEEKABLE.length / 3;
    long end = 2L * SEEKABLE.length / 3;
    byte[] expected;
    try (SplitCompressionInputStream s = codec().createInputStream(new CountingStream(SEEKABLE, true), start, end, -1)) {
      assertInstanceOf(SeekableSplitInputStream.class, s);
      expected = s.readAllBytes();
    }
    assertTrue(expected.length > 0 && expected.length < CONTENT.length);
    assertArrayEquals(Arrays.copyOfRange(CONTENT, CONTENT.length - expected.length, CONTENT.length), expected,
        "a split decodes from its first block to the end of the file");
    everyCall("middle split", SEEKABLE, true, true, in -> codec().createInputStream(in, null, start, end, READ_MODE.BYBLOCK),
        expected);
  }

  @Test
  void wholeFileSplitStreamOverAFileWithoutAnIndex() throws IOException {
    everyCall("stock frame split", STOCK, true, true,
        in -> {
          SplitCompressionInputStream s = codec().createInputStream(in, null, 0, STOCK.length, READ_MODE.BYBLOCK);
          assertInstanceOf(WholeFileSplitInputStream.class, s);
          return s;
        }, CONTENT);
  }

  private static final byte[] SIDECAR = sidecar();

  private static byte[] sidecar() {
    try {
      return SeekableLz4Indexer.index(new ByteArrayInputStream(STOCK)).toBytes();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** The split stream of a stock file through its side-car, failing the data file's reads. */
  @Test
  void splitStreamThroughASidecarFailingTheData() throws IOException {
    long start = STOCK.length / 3;
    everyCall("side-car split, data failing", STOCK, true, false, in -> {
      SidecarSource both = new SidecarSource(new PositionedSource((PositionedReadable) in, STOCK.length),
          RandomAccessSource.of(SIDECAR), () -> { });
      return new SeekableSplitInputStream(in, both, LazySeekIndex.open(both, 1 << 20), start, STOCK.length);
    }, splitFrom(start));
  }

  /** The same, failing the side-car's reads: the split stream closes the side-car's stream. */
  @Test
  void splitStreamThroughASidecarFailingTheSidecar() throws IOException {
    long start = STOCK.length / 3;
    everyCall("side-car split, side-car failing", SIDECAR, true, false, in -> {
      CountingStream data = new CountingStream(STOCK, true);
      SidecarSource both = new SidecarSource(new PositionedSource(data, STOCK.length),
          new PositionedSource((PositionedReadable) in, SIDECAR.length), in);
      return new SeekableSplitInputStream(data, both, LazySeekIndex.open(both, 1 << 20), start, STOCK.length);
    }, splitFrom(start));
  }

  /** What a fault-free split of the stock file from {@code start} on hands out, through its side-car. */
  private static byte[] splitFrom(long start) throws IOException {
    CountingStream data = new CountingStream(STOCK, true);
    SidecarSource both = new SidecarSource(new PositionedSource(data, STOCK.length), RandomAccessSource.of(SIDECAR),
        () -> { });
    try (InputStream s = new SeekableSplitInputStream(data, both, LazySeekIndex.open(both, 1 << 20), start,
        STOCK.length)) {
      byte[] b = s.readAllBytes();
      assertTrue(b.length > 0 && b.length < CONTENT.length, "bytes: " + b.length);
      assertArrayEquals(Arrays.copyOfRange(CONTENT, CONTENT.length - b.length, CONTENT.length), b);
      return b;
    }
  }

  /** A stream that fails to close: the failure comes out, once; the second close does nothing. */
  @Test
  void aFailingCloseIsThrownOnce() throws IOException {
    FaultyStreams.In in = new FaultyStreams.In(STOCK, Integer.MAX_VALUE, Fault.IO) {
      @Override
      public void close() {
        closes++;
        throw new java.io.UncheckedIOException(new IOException("injected close failure"));
      }
    };
    CompressionInputStream s = codec().createInputStream(in);
    assertArrayEquals(Arrays.copyOf(CONTENT, 1000), s.readNBytes(1000));
    assertThrows(java.io.UncheckedIOException.class, s::close);
    assertDoesNotThrow(s::close);
    assertThrows(IOException.class, s::read);
    assertEquals(1, in.closes);
  }

  /** Writes {@link #CONTENT} through the codec's output stream, failing at every call in turn. */
  @Test
  void outputStreamWritesNothingAfterAFailure() throws IOException {
    for (Fault fault : new Fault[] {Fault.IO, Fault.UNCHECKED, Fault.PARTIAL}) {
      int failures = 0;
      for (int n = 1; ; n++) {
        FaultyStreams.Out out = new FaultyStreams.Out(n, fault);
        String at = "output, " + fault + " at call " + n;
        CompressionOutputStream s = codec().createOutputStream(out);
        Throwable e = null;
        boolean inWrite = true;
        boolean inClose = false;
        try {
          int i = 0;
          int step = 1;
          while (i < CONTENT.length) {
            int k = Math.min(step, CONTENT.length - i);
            s.write(CONTENT, i, k);
            i += k;
            step = step * 7 % 50_001 + 1;
          }
          inWrite = false;
          s.flush();
          inClose = true;
          s.close();
        } catch (IOException | RuntimeException x) {
          e = x;
        }
        if (e == null) {
          assertTrue(out.calls < n, at + ": a write failed without an error");
          assertTrue(failures > 0, "no call failed at all");
          assertArrayEquals(CONTENT, SeekableLz4Reader.open(RandomAccessSource.of(out.written.toByteArray()))
              .readFully(0, CONTENT.length));
          break;
        }
        failures++;
        if (e instanceof RuntimeException) {
          assertSame(out.thrown, e, at);
        } else {
          assertTrue(causedBy(e, out.thrown), at + ": " + e);
        }
        int calls = out.calls;
        int written = out.written.size();
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, () -> s.write(CONTENT, 0, 10)), at);
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, () -> s.write(1)), at);
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, s::flush), at);
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, s::finish), at);
        assertInstanceOf(IOException.class, assertThrows(Throwable.class, s::resetState), at);
        if (!inClose) {
          IOException reported = assertInstanceOf(IOException.class, assertThrows(Throwable.class, s::close), at);
          assertTrue(causedBy(reported, out.thrown), at + ": close reports the failure: " + reported);
        }
        assertDoesNotThrow(s::close, at + ": a second close does nothing");
        assertEquals(calls, out.calls, at + ": the underlying stream was written after the failure");
        assertEquals(written, out.written.size(), at);
        assertEquals(1, out.closes, at + ": close closes the underlying stream once");
        byte[] file = out.written.toByteArray();
        if (inWrite) {
          Lz4StreamException noIndex = assertThrows(Lz4StreamException.class,
              () -> SeekableLz4Reader.open(RandomAccessSource.of(file)), at + ": an index after a failed write");
          assertEquals(Lz4StreamException.Kind.NOT_SEEKABLE, noIndex.kind(), at);
        } else {
          // failed while ending: an index, if one got out whole, describes all of the content
          try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
            assertEquals(CONTENT.length, r.size(), at + ": an index of less than was written");
            assertArrayEquals(CONTENT, r.readFully(0, CONTENT.length), at);
          } catch (Lz4StreamException none) {
            // no index (or a cut one): the file reads as not seekable, never as shorter
          }
        }
        // what reached the stream never decodes, without an error, to less than was written
        try (InputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(file))) {
          byte[] decoded = in.readAllBytes();
          assertArrayEquals(CONTENT, decoded, at + ": decodes without an error to " + decoded.length + " bytes");
        } catch (IOException expected) {
          // reported: good
        }
      }
    }
  }
}
