package dev.celer.lz4.seekable;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Inputs, seekable files and helpers shared by the seekable tests. */
final class SeekableTestData {
  private SeekableTestData() {}

  private static final String[] WORDS = ("the of and to in is was that for on with as by at from it his an were "
      + "are which this be or has had not but first one their its new after who they have her she two been "
      + "other when there all during into school time may years more most only over city some world would "
      + "where later up such used many can state about national out known university united then made")
      .split(" ");

  /**
   * Compressible text, with stretches of random bytes (a quarter of the input, so some blocks are
   * stored uncompressed) at seeded places.
   */
  static byte[] mixed(int len, long seed) {
    Random r = new Random(seed);
    byte[] out = new byte[len];
    int p = 0;
    while (p < len) {
      int run = Math.min(len - p, 1 + r.nextInt(100_000));
      if (r.nextInt(4) == 0) {
        byte[] b = new byte[run];
        r.nextBytes(b);
        System.arraycopy(b, 0, out, p, run);
      } else {
        int end = p + run;
        while (p < end) {
          byte[] w = (WORDS[r.nextInt(WORDS.length)] + (r.nextInt(12) == 0 ? ".\n" : " "))
              .getBytes(StandardCharsets.US_ASCII);
          int n = Math.min(w.length, end - p);
          System.arraycopy(w, 0, out, p, n);
          p += n;
        }
        continue;
      }
      p += run;
    }
    return out;
  }

  static byte[] random(int len, long seed) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** @return {@code data} written as a seekable file with {@code options} */
  static byte[] seekable(byte[] data, Lz4FrameOptions options) throws IOException {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (SeekableLz4Writer w = new SeekableLz4Writer(bos, options)) {
      w.write(data);
    }
    return bos.toByteArray();
  }

  static Lz4FrameOptions blocks(Lz4FrameOptions.BlockSize size) {
    return SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder().blockSize(size).build();
  }

  /** Wraps a source, counting its positioned reads. */
  static final class Counting implements RandomAccessSource {
    final RandomAccessSource in;
    final AtomicInteger reads = new AtomicInteger();

    Counting(RandomAccessSource in) {
      this.in = in;
    }

    @Override
    public long size() throws IOException {
      return in.size();
    }

    @Override
    public void readFully(long position, byte[] dst, int off, int len) throws IOException {
      reads.incrementAndGet();
      in.readFully(position, dst, off, len);
    }
  }

  /** Runs a command with {@code stdin} as its input; returns its standard output, checking the exit code. */
  static byte[] run(byte[] stdin, int expectedExit, String... command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    Thread feeder = new Thread(() -> {
      try (var os = p.getOutputStream()) {
        if (stdin != null) {
          os.write(stdin);
        }
      } catch (IOException ignored) {
        // the process may exit before reading everything; its exit code tells
      }
    });
    feeder.start();
    byte[] out;
    try (InputStream is = p.getInputStream()) {
      out = is.readAllBytes();
    }
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("timeout: " + String.join(" ", command));
    }
    feeder.join();
    assertEquals(expectedExit, p.exitValue(), "exit code of " + String.join(" ", command));
    return out;
  }
}
