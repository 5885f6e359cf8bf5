package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import dev.celer.safety.FaultInjection.Fault;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Celer's streams over underlying streams that fail, return 0 bytes, or throw unchecked
 * exceptions, at every call in turn ({@link FaultInjection}): the frame, legacy and lz4-java
 * streams in both directions, and the frame stream's parallel and pipelined paths. After any failure every later call throws but {@code close()} (an
 * input stream's returns normally; an output stream's reports the failure once; a second one
 * does nothing), the underlying stream is neither written nor read again (only closed, once), and what a failed writer left never
 * decodes without error to less than was written (except a legacy frame cut between blocks,
 * whose end the format cannot tell).
 */
class StreamFaultTest {

  static final byte[] DATA = data();

  /** The parallel readers' executor (daemon threads: nothing to shut down). */
  static final ExecutorService POOL = Executors.newFixedThreadPool(3, r -> {
    Thread t = new Thread(r, "stream-fault-test");
    t.setDaemon(true);
    return t;
  });

  private static byte[] data() {
    byte[] text = "streams lose nothing; ".repeat(9000).getBytes(StandardCharsets.US_ASCII);
    byte[] noise = new byte[80_000];
    new Random(42).nextBytes(noise);
    byte[] d = new byte[text.length + noise.length];
    System.arraycopy(text, 0, d, 0, text.length);
    System.arraycopy(noise, 0, d, text.length, noise.length);
    return d;
  }

  /** A format under test: how to write it in one go, and how to open a reader over it. */
  enum Format {
    FRAME {
      @Override
      byte[] encode(byte[] data) {
        return Lz4Frame.compress(data, Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB)
            .blockChecksum(true).build());
      }

      @Override
      InputStream reader(InputStream raw) {
        return new Lz4FrameInputStream(raw);
      }
    },
    LEGACY {
      @Override
      byte[] encode(byte[] data) {
        return Lz4Frame.compress(data, Lz4FrameOptions.builder().legacy(true).build());
      }

      @Override
      InputStream reader(InputStream raw) {
        return new Lz4FrameInputStream(raw);
      }
    },
    /** {@link #FRAME} read by the parallel stream (3 threads' worth: 6 blocks read ahead). */
    FRAME_PARALLEL(FRAME, 3),
    /** {@link #FRAME} decoded one block at a time on the pool, ahead of the reader ({@code celer -d}'s path). */
    FRAME_PIPELINED(FRAME, 1),
    /** {@link #LEGACY} read by the parallel stream. */
    LEGACY_PARALLEL(LEGACY, 2),
    JPOUNTZ {
      @Override
      byte[] encode(byte[] data) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(bytes, 64 * 1024)) {
          out.write(data);
        } catch (IOException e) {
          throw new AssertionError(e);
        }
        return bytes.toByteArray();
      }

      @Override
      InputStream reader(InputStream raw) {
        return new JpountzBlockInputStream(raw);
      }
    };

    /** For a parallel reader: the format it reads, and its parallelism. */
    private final Format base;
    private final int parallelism;

    Format() {
      this(null, 1);
    }

    Format(Format base, int parallelism) {
      this.base = base;
      this.parallelism = parallelism;
    }

    byte[] encode(byte[] data) {
      return base.encode(data);
    }

    InputStream reader(InputStream raw) {
      return new Lz4FrameInputStream(raw, Lz4FrameReadOptions.defaults(), parallelism, POOL);
    }

    OutputStream writer(OutputStream raw) {
      switch (this) {
        case FRAME:
        case FRAME_PARALLEL:
        case FRAME_PIPELINED:
          return new Lz4FrameOutputStream(raw, Lz4FrameOptions.builder()
              .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).blockChecksum(true).build());
        case LEGACY:
        case LEGACY_PARALLEL:
          return new Lz4FrameOutputStream(raw, Lz4FrameOptions.builder().legacy(true).build());
        default:
          return new JpountzBlockOutputStream(raw, 64 * 1024, Lz4.fastCompressor(), null, true);
      }
    }
  }

  /**
   * Writes {@link #DATA} in pieces, flushing once on the way, and closes.
   *
   * @param reachedClose set to true just before {@code close()} is called
   */
  private static void writeAll(OutputStream out, boolean[] reachedClose) throws IOException {
    for (int i = 0; i < DATA.length; i += 30_000) {
      out.write(DATA, i, Math.min(30_000, DATA.length - i));
      if (i == 90_000) {
        out.flush();
      }
    }
    reachedClose[0] = true;
    out.close();
  }

  private static void assertInjected(Throwable t, Fault fault) {
    if (fault == Fault.IO_EXCEPTION) {
      assertEquals(IOException.class, t.getClass(), "passes through as it is: " + t);
      assertTrue(t.getMessage().startsWith("injected"), t.getMessage());
    } else {
      assertEquals(UncheckedIOException.class, t.getClass(), "passes through as it is: " + t);
    }
  }

  /** Every call after {@code first} throws an IOException caused by it. */
  private static void assertLatched(Throwable first, String what, Executable... calls) {
    for (Executable call : calls) {
      IOException later = assertThrows(IOException.class, call, what + ": a call after the failure");
      assertSame(first, later.getCause(), what + ": " + later);
    }
  }

  // ------------------------------------------------------------------ failures while writing

  @Test
  void writeFailureAtEveryCallLatchesAndNeverLeavesAShorterValidStream() throws IOException {
    for (Format f : Format.values()) {
      FaultInjection.Output healthy = new FaultInjection.Output(0, Fault.IO_EXCEPTION);
      writeAll(f.writer(healthy), new boolean[1]);
      assertArrayEquals(DATA, decode(f, healthy.got.toByteArray()));
      for (Fault fault : new Fault[] {Fault.IO_EXCEPTION, Fault.UNCHECKED}) {
        for (int n = 1; n <= healthy.calls; n++) {
          String what = f + ", " + fault + " at call " + n + " of " + healthy.calls;
          FaultInjection.Output sink = new FaultInjection.Output(n, fault);
          OutputStream out = f.writer(sink);
          Throwable first = null;
          boolean[] inClose = {false};
          try {
            writeAll(out, inClose);
          } catch (IOException | RuntimeException e) {
            first = e;
          }
          assertTrue(first != null, what + ": no failure reached the caller");
          assertInjected(first, fault);
          assertLatched(first, what, () -> out.write(1), () -> out.write(new byte[10]), out::flush);
          if (!inClose[0]) {
            assertLatched(first, what + ", close reports the failure", out::close);
          }
          assertDoesNotThrow(out::close, what + ": a second close does nothing");
          assertLatched(first, what + ", after close", () -> out.write(1), out::flush);
          assertEquals(0, sink.writesAfterFault, what + ": the writer went on writing");
          assertEquals(1, sink.closes, what + ": the underlying stream is closed exactly once");
          byte[] decoded;
          try {
            decoded = decode(f, sink.got.toByteArray());
          } catch (IOException e) {
            continue; // reported: the output is incomplete, and says so
          }
          if (f == Format.LEGACY || f == Format.LEGACY_PARALLEL) {
            // "Legacy frame": the end is implicit, so a stream cut between blocks reads as complete.
            assertArrayEquals(Arrays.copyOf(DATA, decoded.length), decoded, what + ": a prefix");
          } else {
            assertArrayEquals(DATA, decoded, what + ": decodes without error, so it must be all of it");
          }
        }
      }
    }
  }

  private static byte[] decode(Format f, byte[] encoded) throws IOException {
    try (InputStream in = f.reader(new ByteArrayInputStream(encoded))) {
      return in.readAllBytes();
    }
  }

  // ------------------------------------------------------------------ failures while reading

  @Test
  void readFailureAtEveryCallLatches() throws IOException {
    for (Format f : Format.values()) {
      byte[] enc = f.encode(DATA);
      int calls = callsToRead(f, enc, 4096);
      for (Fault fault : new Fault[] {Fault.IO_EXCEPTION, Fault.UNCHECKED}) {
        for (int n = 1; n <= calls; n++) {
          String what = f + ", " + fault + " at call " + n + " of " + calls;
          FaultInjection.Input raw = new FaultInjection.Input(enc, 4096, n, fault);
          InputStream in = f.reader(raw);
          ByteArrayOutputStream got = new ByteArrayOutputStream();
          byte[] buf = new byte[1000];
          Throwable first = null;
          try {
            for (int r; (r = in.read(buf)) >= 0; ) {
              got.write(buf, 0, r);
            }
          } catch (IOException | RuntimeException e) {
            first = e;
          }
          assertTrue(first != null, what + ": no failure reached the caller");
          assertInjected(first, fault);
          assertArrayEquals(Arrays.copyOf(DATA, got.size()), got.toByteArray(), what + ": a prefix");
          int callsAtFailure = raw.calls;
          assertLatched(first, what, in::read, () -> in.read(buf), () -> in.skip(1), in::available);
          assertDoesNotThrow(in::close, what + ": an input stream's close returns normally after a failure");
          assertDoesNotThrow(in::close, what + ": and a second close does nothing");
          assertLatched(first, what + ", after close", in::read, () -> in.read(buf), () -> in.skip(1), in::available);
          assertEquals(callsAtFailure, raw.calls, what + ": the reader read on after the failure");
          assertEquals(1, raw.closes, what + ": the underlying stream is closed exactly once");
        }
      }
    }
  }

  @Test
  void listPassesUnderlyingFailuresThrough() {
    byte[] enc = Format.FRAME.encode(DATA);
    for (int n = 1; n <= 5; n++) {
      FaultInjection.Input raw = new FaultInjection.Input(enc, 4096, n, Fault.IO_EXCEPTION);
      assertInjected(assertThrows(IOException.class, () -> Lz4Frame.list(raw)), Fault.IO_EXCEPTION);
      FaultInjection.Input unchecked = new FaultInjection.Input(enc, 4096, n, Fault.UNCHECKED);
      assertInjected(assertThrows(UncheckedIOException.class, () -> Lz4Frame.list(unchecked)), Fault.UNCHECKED);
    }
  }

  // ------------------------------------------------------------------ empty reads

  @Test
  void readsThatReturnZeroAreRetried() throws IOException {
    for (Format f : Format.values()) {
      byte[] enc = f.encode(DATA);
      for (int chunk : new int[] {1, 7, 1 << 20}) {
        try (InputStream in = f.reader(FaultInjection.Input.zeroBetweenReads(enc, chunk))) {
          assertArrayEquals(DATA, in.readAllBytes(), f + " chunk " + chunk);
        }
      }
    }
    byte[] frames = Format.FRAME.encode(DATA);
    assertEquals(1, Lz4Frame.list(FaultInjection.Input.zeroBetweenReads(frames, 5)).size());
  }

  /** Issue 11: 0 once, then -1 after a complete frame, read as "truncated ... inside a magic number". */
  @Test
  void zeroOnceAtAnyCallStillReadsTheWholeStream() throws IOException {
    for (Format f : Format.values()) {
      byte[] enc = f.encode(DATA);
      int calls = callsToRead(f, enc, 4096);
      for (int n = 1; n <= calls + 1; n++) {
        FaultInjection.Input raw = new FaultInjection.Input(enc, 4096, n, Fault.ZERO_ONCE);
        try (InputStream in = f.reader(raw)) {
          assertArrayEquals(DATA, in.readAllBytes(), f + " zero at call " + n);
        }
      }
    }
  }

  private static int callsToRead(Format f, byte[] enc, int chunk) throws IOException {
    FaultInjection.Input raw = new FaultInjection.Input(enc, chunk, 0, Fault.ZERO_ONCE);
    try (InputStream in = f.reader(raw)) {
      assertArrayEquals(DATA, in.readAllBytes());
    }
    return raw.calls;
  }

  @Test
  void zeroForeverEndsAsTruncatedAfterABoundedNumberOfReads() throws IOException {
    for (Format f : Format.values()) {
      byte[] enc = f.encode(DATA);
      int calls = callsToRead(f, enc, 16384);
      for (int n = 1; n <= calls + 1; n++) {
        FaultInjection.Input raw = new FaultInjection.Input(enc, 16384, n, Fault.ZERO_FOREVER);
        InputStream in = f.reader(raw);
        if (n > calls) {
          // The reader made only `calls` calls: the fault comes after the end.
          assertArrayEquals(DATA, in.readAllBytes(), f.toString());
          continue;
        }
        Lz4StreamException e = assertThrows(Lz4StreamException.class, in::readAllBytes, f + " at call " + n);
        assertEquals(Lz4StreamException.Kind.TRUNCATED, e.kind(), e.getMessage());
        assertTrue(raw.calls <= n + SourceReader.MAX_EMPTY_READS, f + ": " + raw.calls + " calls");
      }
    }
  }

  @Test
  void interruptEndsEmptyReads() throws IOException {
    for (Format f : Format.values()) {
      byte[] enc = f.encode(DATA);
      FaultInjection.Input raw = new FaultInjection.Input(enc, 100, 3, Fault.ZERO_FOREVER);
      InputStream in = f.reader(raw);
      Thread.currentThread().interrupt();
      try {
        assertThrows(InterruptedIOException.class, in::readAllBytes, f.toString());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status stays set");
      } finally {
        Thread.interrupted();
      }
      assertEquals(3, raw.calls, "the first empty read sees the interrupt");
    }
  }
}
