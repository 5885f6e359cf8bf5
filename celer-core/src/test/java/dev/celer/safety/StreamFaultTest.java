package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import dev.celer.safety.FaultInjection.Fault;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Celer's streams over underlying streams that fail, return 0 bytes, or throw unchecked
 * exceptions, at every call in turn ({@link FaultInjection}): the frame, legacy and lz4-java
 * streams in both directions.
 */
class StreamFaultTest {

  static final byte[] DATA = data();

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

    abstract byte[] encode(byte[] data);

    abstract InputStream reader(InputStream raw);
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
