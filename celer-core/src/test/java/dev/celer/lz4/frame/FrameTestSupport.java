package dev.celer.lz4.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.testsupport.Corpus;
import dev.celer.testsupport.Tools;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/** Shared helpers of the frame tests: corpus files, generated data, the {@code lz4} tool, odd streams. */
final class FrameTestSupport {
  private FrameTestSupport() {}

  /** A pool of 3 daemon threads for the parallel paths' tests (never shut down). */
  static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newFixedThreadPool(3, r -> {
    Thread t = new Thread(r, "frame-test-pool");
    t.setDaemon(true);
    return t;
  });

  /** The corpus directory: see {@link Corpus}. */
  static Path corpus() {
    return Corpus.dir();
  }

  /** The corpus file {@code name}; skips the test when the sample corpus lacks it. */
  static byte[] corpusFile(String name) {
    return Corpus.read(name);
  }

  /**
   * Mixed data: compressible text-like runs interleaved with random bytes, so frames hold both
   * compressed and stored blocks. Deterministic for a seed.
   */
  static byte[] mixed(int len, long seed) {
    Random r = new Random(seed);
    byte[] b = new byte[len];
    String[] words = {"lorem ", "ipsum ", "dolor ", "sit ", "amet, ", "frame ", "block ", "\n"};
    int i = 0;
    while (i < len) {
      int run = 1 + r.nextInt(4096);
      if (r.nextInt(4) == 0) {
        for (int k = 0; k < run && i < len; k++) {
          b[i++] = (byte) r.nextInt(256);
        }
      } else {
        for (int k = 0; k < run && i < len; ) {
          byte[] w = words[r.nextInt(words.length)].getBytes(StandardCharsets.US_ASCII);
          for (int j = 0; j < w.length && i < len; j++, k++) {
            b[i++] = w[j];
          }
        }
      }
    }
    return b;
  }

  static byte[] random(int len, long seed) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** Runs {@code lz4} with {@code args}, feeding {@code stdin}; returns stdout; fails on a non-zero exit. */
  static byte[] lz4(byte[] stdin, String... args) {
    return Tools.lz4(stdin, args);
  }

  static final class Result {
    final int exit;
    final byte[] stdout;
    final String stderr;

    Result(int exit, byte[] stdout, String stderr) {
      this.exit = exit;
      this.stdout = stdout;
      this.stderr = stderr;
    }
  }

  static Result run(byte[] stdin, String... args) {
    Tools.Result r = Tools.lz4(null, stdin == null ? new byte[0] : stdin, args);
    return new Result(r.exit(), r.stdout(), r.stderr());
  }

  /** Reads a whole stream with reads of {@code chunk} bytes (1 = byte by byte through read()). */
  static byte[] readAll(InputStream in, int chunk) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (chunk == 1) {
      int c;
      while ((c = in.read()) >= 0) {
        out.write(c);
      }
    } else {
      byte[] b = new byte[chunk];
      int n;
      while ((n = in.read(b, 0, b.length)) >= 0) {
        if (n == 0) {
          throw new AssertionError("read returned 0 for a non-empty buffer");
        }
        out.write(b, 0, n);
      }
    }
    return out.toByteArray();
  }

  /** An input stream that hands out at most one byte per read call. */
  static final class OneByteInputStream extends FilterInputStream {
    OneByteInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return super.read(b, off, Math.min(len, 1));
    }

    @Override
    public long skip(long n) throws IOException {
      return super.skip(Math.min(n, 1));
    }
  }

  static void assertBytes(byte[] expected, byte[] actual, String what) {
    if (!Arrays.equals(expected, actual)) {
      int i = Arrays.mismatch(expected, actual);
      assertEquals(expected.length, actual.length, what + ": lengths differ (first difference at " + i + ")");
      throw new AssertionError(what + ": content differs at byte " + i);
    }
  }

  /** A skippable frame built by hand: magic 0x184D2A5n, LE32 size, payload. */
  static byte[] skippable(int nibble, byte[] payload) {
    byte[] f = new byte[8 + payload.length];
    int magic = 0x184D2A50 | nibble;
    for (int i = 0; i < 4; i++) {
      f[i] = (byte) (magic >>> (8 * i));
      f[4 + i] = (byte) (payload.length >>> (8 * i));
    }
    System.arraycopy(payload, 0, f, 8, payload.length);
    return f;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.write(p, 0, p.length);
    }
    return o.toByteArray();
  }
}
