package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SeekableByteChannel;
import java.util.Arrays;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code close()} after a failure, on every stream of celer-core (issue 21): an input stream's
 * close releases it, closes the underlying stream once and returns normally, whatever failed
 * before, while every other call keeps throwing; the underlying stream's own failure to close is
 * thrown once. An output stream's close reports a failure once; a second close of any stream does
 * nothing, also when the underlying close failed.
 */
class CloseAfterFailureTest {
  private static final byte[] DATA = FrameHostileTest.text(300_000, 21);

  /** An underlying input: hands out at most 1000 bytes a read, fails one read, counts closes. */
  static final class Source extends InputStream {
    private final byte[] data;
    private final int failingRead;
    private final IOException closeFailure;
    final IOException readFailure = new IOException("injected read failure");
    private int pos;
    int reads;
    int closes;

    /**
     * @param failingRead the read call (1-based) that throws {@link #readFailure}, once; 0 for none
     * @param closeFailure what {@code close()} throws, or null
     */
    Source(byte[] data, int failingRead, IOException closeFailure) {
      this.data = data;
      this.failingRead = failingRead;
      this.closeFailure = closeFailure;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (++reads == failingRead) {
        throw readFailure; // once: later reads would work, so only the latch stops the reader
      }
      if (len == 0) {
        return 0;
      }
      if (pos == data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, 1000), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }

  /** The input streams of celer-core that own their underlying stream. */
  enum Reader {
    FRAME(d -> Lz4Frame.compress(d, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB)
        .blockChecksum(true).build()), Lz4FrameInputStream::new),
    LEGACY(d -> Lz4Frame.compress(d, Lz4FrameOptions.builder().legacy(true).build()), Lz4FrameInputStream::new),
    JPOUNTZ(d -> {
      try {
        return StreamsLoseNothingTest.jpountz(d);
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }, JpountzBlockInputStream::new);

    final Function<byte[], byte[]> encode;
    final Function<InputStream, InputStream> open;

    Reader(Function<byte[], byte[]> encode, Function<InputStream, InputStream> open) {
      this.encode = encode;
      this.open = open;
    }
  }

  /** How a read fails. */
  enum Failure { EMPTY_INPUT, TRUNCATED_MAGIC, CORRUPT_BLOCK, READ_IOEXCEPTION }

  private static Source source(Reader r, Failure f, IOException closeFailure) {
    byte[] enc = r.encode.apply(DATA);
    switch (f) {
      case EMPTY_INPUT:
        return new Source(new byte[0], 0, closeFailure);
      case TRUNCATED_MAGIC:
        return new Source(Arrays.copyOf(enc, 2), 0, closeFailure);
      case CORRUPT_BLOCK:
        // the first block's data: its checksum (frame, lz4-java) or its decoding (legacy) fails
        byte[] bad = enc.clone();
        Arrays.fill(bad, 30, 130, (byte) 0xFF);
        return new Source(bad, 0, closeFailure);
      default:
        return new Source(enc, 5, closeFailure); // after some data was handed out
    }
  }

  /** Reads {@code in} to its end; @return the failure (the test fails if there is none) */
  private static IOException readFails(InputStream in, String what) {
    return assertThrows(IOException.class, () -> {
      byte[] buf = new byte[4096];
      while (in.read(buf) >= 0) {
        // until the failure
      }
    }, what + ": the read fails");
  }

  @Test
  void inputCloseAfterAFailureReturnsNormallyAndClosesTheUnderlyingStreamOnce() {
    for (Reader r : Reader.values()) {
      for (Failure f : Failure.values()) {
        String what = r + ", " + f;
        Source src = source(r, f, null);
        InputStream in = r.open.apply(src);
        IOException first = readFails(in, what);
        if (f == Failure.READ_IOEXCEPTION) {
          assertSame(src.readFailure, first, what);
        }
        int reads = src.reads;
        assertDoesNotThrow(in::close, what + ": close after the failure");
        assertEquals(1, src.closes, what + ": the underlying stream is closed");
        assertDoesNotThrow(in::close, what + ": a second close");
        assertEquals(1, src.closes, what + ": the underlying stream is closed once");
        IOException later = assertThrows(IOException.class, in::read, what + ": read after close");
        assertSame(first, later.getCause(), what + ": " + later);
        assertSame(first, assertThrows(IOException.class, () -> in.read(new byte[10])).getCause(), what);
        assertSame(first, assertThrows(IOException.class, () -> in.skip(10)).getCause(), what);
        assertSame(first, assertThrows(IOException.class, in::available).getCause(), what);
        assertEquals(reads, src.reads, what + ": nothing read after the failure");
      }
    }
  }

  /** The example: try-with-resources around a failing read reports the read's failure only. */
  @Test
  void tryWithResourcesOverAnEmptyInputThrowsNothingFromClose() throws IOException {
    for (Reader r : Reader.values()) {
      Source src = new Source(new byte[0], 0, null);
      try (InputStream in = r.open.apply(src)) {
        assertThrows(IOException.class, in::read, r.toString());
      }
      assertEquals(1, src.closes, r.toString());
    }
  }

  @Test
  void theUnderlyingStreamsCloseFailureIsThrownOnce() throws IOException {
    for (Reader r : Reader.values()) {
      for (Failure f : new Failure[] {null, Failure.TRUNCATED_MAGIC, Failure.READ_IOEXCEPTION}) {
        String what = r + ", " + (f == null ? "no earlier failure" : f);
        IOException closeFailure = new IOException("injected close failure");
        Source src = f == null ? new Source(r.encode.apply(DATA), 0, closeFailure) : source(r, f, closeFailure);
        InputStream in = r.open.apply(src);
        IOException first = null;
        if (f == null) {
          assertArrayEquals(DATA, in.readAllBytes(), what);
        } else {
          first = readFails(in, what);
        }
        assertSame(closeFailure, assertThrows(IOException.class, in::close, what), what + ": thrown as it is");
        assertDoesNotThrow(in::close, what + ": a second close does nothing");
        assertEquals(1, src.closes, what);
        IOException later = assertThrows(IOException.class, in::read, what + ": read after close");
        if (first != null) {
          assertSame(first, later.getCause(), what + ": the first failure stays the one reported");
        }
      }
    }
  }

  // ------------------------------------------------------------------ seekable channels and streams

  /** A source over bytes whose {@code readFully} fails once when armed, and whose close counts (and may fail). */
  static final class FailingSource implements RandomAccessSource {
    private final RandomAccessSource bytes;
    private final IOException closeFailure;
    final IOException readFailure = new IOException("injected positioned read failure");
    boolean armed;
    int closes;

    FailingSource(byte[] data, IOException closeFailure) {
      this.bytes = RandomAccessSource.of(data);
      this.closeFailure = closeFailure;
    }

    @Override
    public long size() throws IOException {
      return bytes.size();
    }

    @Override
    public void readFully(long position, byte[] dst, int off, int len) throws IOException {
      if (armed) {
        armed = false; // once: only the latch stops a later read
        throw readFailure;
      }
      bytes.readFully(position, dst, off, len);
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }

  private static byte[] seekableFile() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (SeekableLz4Writer w = new SeekableLz4Writer(bytes)) {
      w.write(DATA);
    }
    return bytes.toByteArray();
  }

  @Test
  void seekableStreamsAndChannelsCloseNormallyAfterAFailure() throws IOException {
    byte[] file = seekableFile();
    byte[] corrupt = file.clone();
    Arrays.fill(corrupt, 30, 130, (byte) 0xFF); // inside the first block: its checksum fails
    for (boolean channel : new boolean[] {false, true}) {
      for (Failure f : new Failure[] {Failure.CORRUPT_BLOCK, Failure.READ_IOEXCEPTION}) {
        String what = (channel ? "channel, " : "stream, ") + f;
        FailingSource src = new FailingSource(f == Failure.CORRUPT_BLOCK ? corrupt : file, null);
        try (SeekableLz4Reader reader = SeekableLz4Reader.open(src)) {
          src.armed = f == Failure.READ_IOEXCEPTION;
          IOException first;
          if (channel) {
            SeekableByteChannel ch = reader.newChannel();
            first = assertThrows(IOException.class, () -> ch.read(ByteBuffer.allocate(4096)), what);
            IOException again = assertThrows(IOException.class, () -> ch.read(ByteBuffer.allocate(10)), what);
            assertSame(first, again.getCause(), what + ": a later read throws, with the failure as its cause");
            assertSame(first, assertThrows(IOException.class, ch::position).getCause(), what);
            assertDoesNotThrow(ch::close, what);
            assertDoesNotThrow(ch::close, what);
            assertTrue(!ch.isOpen(), what);
            assertThrows(ClosedChannelException.class, () -> ch.read(ByteBuffer.allocate(10)), what);
          } else {
            InputStream in = reader.newInputStream(0);
            first = readFails(in, what);
            assertSame(first, assertThrows(IOException.class, in::read).getCause(), what + ": before close");
            assertDoesNotThrow(in::close, what);
            assertDoesNotThrow(in::close, what);
            assertSame(first, assertThrows(IOException.class, in::read).getCause(), what + ": after close");
            assertSame(first, assertThrows(IOException.class, () -> in.skip(1)).getCause(), what);
          }
          if (f == Failure.READ_IOEXCEPTION) {
            assertSame(src.readFailure, first, what);
          }
          // the reader itself is unharmed: a new stream reads (all of it, when the bytes are sound)
          if (f == Failure.READ_IOEXCEPTION) {
            assertArrayEquals(DATA, reader.newInputStream(0).readAllBytes(), what);
          }
          assertEquals(0, src.closes, what + ": closing a channel or stream leaves the reader's source open");
        }
        assertEquals(1, src.closes, what + ": the reader closes its source");
      }
    }
  }

  @Test
  void seekableReaderClosesItsSourceOnceAndThrowsItsCloseFailureOnce() throws IOException {
    byte[] file = seekableFile();
    FailingSource src = new FailingSource(file, null);
    SeekableLz4Reader reader = SeekableLz4Reader.open(src);
    reader.close();
    reader.close();
    assertEquals(1, src.closes);

    IOException closeFailure = new IOException("injected close failure");
    FailingSource failing = new FailingSource(file, closeFailure);
    SeekableLz4Reader r2 = SeekableLz4Reader.open(failing);
    assertSame(closeFailure, assertThrows(IOException.class, r2::close));
    assertDoesNotThrow(r2::close);
    assertEquals(1, failing.closes);
  }

  // ------------------------------------------------------------------ output streams

  /** An underlying output: fails write call {@code failingWrite} once (0: none), counts closes, may fail close. */
  static final class Sink extends OutputStream {
    final ByteArrayOutputStream got = new ByteArrayOutputStream();
    final IOException writeFailure = new IOException("injected write failure");
    private final int failingWrite;
    private final IOException closeFailure;
    int writes;
    int closes;

    Sink(int failingWrite, IOException closeFailure) {
      this.failingWrite = failingWrite;
      this.closeFailure = closeFailure;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (++writes == failingWrite) {
        throw writeFailure;
      }
      got.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      closes++;
      if (closeFailure != null) {
        throw closeFailure;
      }
    }
  }

  enum Writer {
    FRAME(out -> new Lz4FrameOutputStream(out, Lz4FrameOptions.builder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build())),
    JPOUNTZ(out -> new JpountzBlockOutputStream(out, 64 * 1024, Lz4.fastCompressor(), null, false)),
    SEEKABLE(SeekableLz4Writer::new);

    final Function<OutputStream, OutputStream> open;

    Writer(Function<OutputStream, OutputStream> open) {
      this.open = open;
    }

    /** @return how many writes the underlying stream gets when nothing fails */
    int writes() throws IOException {
      Sink sink = new Sink(0, null);
      OutputStream out = open.apply(sink);
      out.write(DATA);
      out.close();
      return sink.writes;
    }
  }

  @Test
  void outputCloseReportsAnEarlierFailureOnce() throws IOException {
    for (Writer w : Writer.values()) {
      for (boolean closeFails : new boolean[] {false, true}) {
        String what = w + (closeFails ? ", the underlying close fails too" : "");
        IOException closeFailure = closeFails ? new IOException("injected close failure") : null;
        Sink sink = new Sink(2, closeFailure);
        OutputStream out = w.open.apply(sink);
        IOException first = assertThrows(IOException.class, () -> out.write(DATA), what);
        assertSame(sink.writeFailure, first, what);
        IOException reported = assertThrows(IOException.class, out::close, what + ": close reports the failure");
        assertSame(first, reported.getCause(), what + ": " + reported);
        if (closeFails) {
          assertSame(closeFailure, reported.getSuppressed()[0], what + ": the close failure rides along");
        }
        assertEquals(1, sink.closes, what);
        assertDoesNotThrow(out::close, what + ": a second close does nothing");
        assertEquals(1, sink.closes, what + ": the underlying stream is closed once");
        assertSame(first, assertThrows(IOException.class, () -> out.write(1)).getCause(), what + ": write after close");
      }
    }
  }

  @Test
  void outputCloseThatFailsReportsOnceAndASecondCloseIsSilent() throws IOException {
    for (Writer w : Writer.values()) {
      // the underlying close fails, nothing else
      IOException closeFailure = new IOException("injected close failure");
      Sink sink = new Sink(0, closeFailure);
      OutputStream out = w.open.apply(sink);
      out.write(DATA);
      assertSame(closeFailure, assertThrows(IOException.class, out::close, w.toString()), w + ": as it is");
      assertDoesNotThrow(out::close, w + ": a second close does nothing");
      assertEquals(1, sink.closes, w.toString());
      assertThrows(IOException.class, () -> out.write(1), w + ": write after close");

      // the last write, made by close (frame end, end block, index), fails
      int last = w.writes();
      Sink lastFails = new Sink(last, null);
      OutputStream out2 = w.open.apply(lastFails);
      out2.write(DATA);
      assertSame(lastFails.writeFailure, assertThrows(IOException.class, out2::close, w.toString()), w + ": as it is");
      assertDoesNotThrow(out2::close, w + ": a second close does nothing");
      assertEquals(1, lastFails.closes, w.toString());
    }
  }
}
