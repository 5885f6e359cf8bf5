package dev.celer.lz4.seekable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seekable files larger than a mapping chunk, read through the chunked mapping, the channel and,
 * where the Java 25 layer is loaded ({@link MappingSourcesTest}), one {@code MemorySegment} for the
 * whole file, with reads that straddle chunk boundaries in the compressed space and marks in the
 * decoded space.
 *
 * <ul>
 *   <li>{@link #reducedFormWithSmallChunks}: every run. 24 MB of content, mapping chunks of
 *       1 MiB + 7 bytes, the marks at multiples of 2^21 and 2^22 in both spaces.
 *   <li>{@link #overFourGigabytes}: opt-in, the real thing. 4.75 GiB of content, 15 of every 16
 *       blocks incompressible, so the compressed file is over 4 GiB too; the default 1 GiB mapping
 *       chunks; reads straddling 2^31 and 2^32 in both spaces. Needs about 5 GB of disk in
 *       {@code java.io.tmpdir} and a minute or two:
 *       <pre>mvn -pl celer-core test -Dtest=LargeSeekableFileTest -Dceler.largeTests=true</pre>
 * </ul>
 *
 * The content is a function of the position (block {@code b} of 64 KB is xorshift noise seeded
 * by {@code b}, or text when {@code b % 16 == 0}), so the test regenerates what it compares with
 * instead of holding gigabytes.
 */
class LargeSeekableFileTest {
  private static final int BLOCK = 64 * 1024;

  @Test
  void reducedFormWithSmallChunks(@TempDir Path tmp) throws IOException {
    check(tmp, 24L << 20, (1 << 20) + 7, new long[] {1L << 21, 1L << 22, 3L << 21});
  }

  @Test
  @EnabledIfSystemProperty(named = "celer.largeTests", matches = "true")
  void overFourGigabytes(@TempDir Path tmp) throws IOException {
    long size = (19L << 30) / 4; // 4.75 GiB
    check(tmp, size, RandomAccessSource.DEFAULT_MAP_CHUNK, new long[] {1L << 31, 1L << 32});
  }

  private static void check(Path tmp, long size, int chunk, long[] marks) throws IOException {
    Path p = tmp.resolve("large.lz4");
    try (OutputStream out = new SeekableLz4Writer(new BufferedOutputStream(Files.newOutputStream(p), 1 << 20))) {
      byte[] b = new byte[BLOCK];
      for (long pos = 0; pos < size; pos += BLOCK) {
        int n = (int) Math.min(BLOCK, size - pos);
        content(pos / BLOCK, b);
        out.write(b, 0, n);
      }
    }
    long fileSize = Files.size(p);
    for (long m : marks) {
      assertTrue(fileSize > m + BLOCK, "the compressed file (" + fileSize + " bytes) must pass mark " + m);
    }
    try (SeekableLz4Reader mapped = SeekableLz4Reader.open(
            RandomAccessSource.mapped(FileChannel.open(p, StandardOpenOption.READ), chunk));
        SeekableLz4Reader channel = SeekableLz4Reader.open(p);
        SeekableLz4Reader segment = Mapping.segmentsAvailable()
            ? SeekableLz4Reader.open(Mapping.segment(FileChannel.open(p, StandardOpenOption.READ)))
            : null) {
      SeekableLz4Reader[] readers = segment == null
          ? new SeekableLz4Reader[] {mapped, channel}
          : new SeekableLz4Reader[] {mapped, channel, segment};
      assertEquals(size, mapped.size());
      SeekIndex idx = mapped.index();
      List<long[]> ranges = new ArrayList<>();
      for (long m : marks) {
        // decoded space: ranges across the mark
        ranges.add(new long[] {m - 1, 2});
        ranges.add(new long[] {m - 10_000, 100_000});
        ranges.add(new long[] {m, 1});
        // compressed space: the blocks whose stored bytes cross the mark, and their neighbours
        for (int i = 0; i < idx.blockCount(); i++) {
          long end = i + 1 < idx.blockCount() ? idx.blockOffset(i + 1) : idx.dataSize();
          if (idx.blockOffset(i) <= m && end > m) {
            for (int k = Math.max(0, i - 1); k <= Math.min(idx.blockCount() - 1, i + 1); k++) {
              ranges.add(new long[] {idx.contentOffset(k), idx.decodedLength(k)});
              ranges.add(new long[] {idx.contentOffset(k) + 100, 50});
            }
          }
        }
        // the content's chunk boundaries, through tiny reads
        for (long c = (m / chunk) * chunk; c < (m / chunk + 2L) * chunk && c < size; c += chunk) {
          ranges.add(new long[] {c - 3, 6});
        }
      }
      ranges.add(new long[] {size - BLOCK - 5, BLOCK + 5});
      for (long[] q : ranges) {
        long pos = q[0];
        int len = (int) Math.min(q[1], size - pos);
        byte[] expected = expected(pos, len);
        for (SeekableLz4Reader r : readers) {
          byte[] got = r.readFully(pos, len);
          assertEquals(-1, Arrays.mismatch(expected, got), "read(" + pos + ", " + len + ") " + r);
        }
      }
    }
  }

  /** Block {@code b} of the content: noise, or text in one block of 16. */
  private static void content(long b, byte[] dst) {
    if (b % 16 == 0) {
      for (int i = 0; i < dst.length; i++) {
        dst[i] = (byte) ("seekable lz4 block " + (i % 10)).charAt(i % 20);
      }
      dst[0] = (byte) b;
      dst[1] = (byte) (b >>> 8);
      return;
    }
    long x = b * 0x9E3779B97F4A7C15L + 1;
    for (int i = 0; i < dst.length; i += 8) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      for (int k = 0; k < 8; k++) {
        dst[i + k] = (byte) (x >>> (8 * k));
      }
    }
  }

  private static byte[] expected(long pos, int len) {
    byte[] out = new byte[len];
    byte[] b = new byte[BLOCK];
    long p = pos;
    int done = 0;
    while (done < len) {
      content(p / BLOCK, b);
      int from = (int) (p % BLOCK);
      int n = Math.min(len - done, BLOCK - from);
      System.arraycopy(b, from, out, done, n);
      done += n;
      p += n;
    }
    return out;
  }
}
