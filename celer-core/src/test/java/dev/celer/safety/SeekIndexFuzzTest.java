package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import dev.celer.lz4.seekable.SeekableReadOptions;
import dev.celer.xxhash.XxHash32;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Fuzz target for the seek-index parser and the reads it drives ({@code SeekableLz4Reader}):
 * the data of a real seekable file (frames of 64 KB blocks) followed by any bytes as its
 * index, the index checksum recomputed or not. Opening and reading every block, whole and
 * partly, gives data or an {@link Lz4StreamException}, never another exception, with memory
 * bounded by the file's size.
 */
class SeekIndexFuzzTest {
  /** A valid seekable file: 5 blocks of 64 KB, some stored. */
  private static final byte[] FILE = file();
  /** Its frame part (the index cut off). */
  private static final byte[] FRAMES = frames();

  private static byte[] file() {
    try {
      byte[] data = new byte[300_000];
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) (i % 70_000 < 40_000 ? i % 7 : (i * 0x9E3779B1) >>> 13);
      }
      ByteArrayOutputStream bos = new ByteArrayOutputStream();
      try (SeekableLz4Writer w = new SeekableLz4Writer(bos)) {
        w.write(data);
      }
      return bos.toByteArray();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] frames() {
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(FILE))) {
      return Arrays.copyOf(FILE, (int) r.index().dataSize());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @FuzzTest(maxDuration = "30s")
  void anyIndex(FuzzedDataProvider in) {
    boolean reseal = in.consumeBoolean();
    int mode = in.consumeInt(0, 3);
    byte[] file;
    if (mode == 0) {
      // the valid file with the fuzzer's bytes XORed onto its index (the index is its tail)
      int at = in.consumeInt(0, FILE.length - FRAMES.length);
      byte[] x = in.consumeRemainingAsBytes();
      file = FILE.clone();
      for (int i = 0; i < x.length && FRAMES.length + at + i < file.length; i++) {
        file[FRAMES.length + at + i] ^= x[i];
      }
    } else {
      // any bytes as the index, after the frames or alone
      byte[] tail = in.consumeRemainingAsBytes();
      byte[] prefix = mode == 1 ? new byte[0] : FRAMES;
      file = Arrays.copyOf(prefix, prefix.length + tail.length);
      System.arraycopy(tail, 0, file, prefix.length, tail.length);
    }
    if (reseal) {
      reseal(file);
    }
    long budget = 16L * file.length + (8 << 20);
    long allocated = readAll(file);
    if (allocated > budget) {
      // again, without first-use costs: class loading, and on the native backend the binding of
      // the functions this read used first (bound and self-tested at first use, once per JVM)
      allocated = readAll(file);
    }
    assertTrue(allocated <= budget, "allocated " + allocated + " bytes for a file of " + file.length);
  }

  /** Helpers for the parallel reads (daemon threads: the fuzzing JVM never waits for them). */
  private static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "seekable-fuzz");
    t.setDaemon(true);
    return t;
  });

  /**
   * Differential: the valid file with the fuzzer's bytes XORed anywhere (blocks, index or both),
   * index resealed or not; a read of a range over several blocks on three threads ({@link
   * SeekableReadOptions.Builder#parallelism}) gives the same bytes, or the same exception class and
   * message, as on one thread.
   */
  @FuzzTest(maxDuration = "30s")
  void parallelSameAsOneThread(FuzzedDataProvider in) {
    boolean reseal = in.consumeBoolean();
    int at = in.consumeInt(0, FILE.length - 1);
    int from = in.consumeInt(0, 300_000);
    int len = in.consumeInt(0, 300_000);
    byte[] x = in.consumeRemainingAsBytes();
    byte[] file = FILE.clone();
    for (int i = 0; i < x.length && at + i < file.length; i++) {
      file[at + i] ^= x[i];
    }
    if (reseal) {
      reseal(file);
    }
    String one = readRange(file, SeekableReadOptions.defaults(), from, len);
    String par = readRange(file, SeekableReadOptions.builder().parallelism(3, POOL).build(), from, len);
    assertEquals(one, par);
  }

  /** @return the bytes read (as hex of their hash and length) or the exception's class and message */
  private static String readRange(byte[] file, SeekableReadOptions o, int from, int len) {
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file), o)) {
      byte[] b = new byte[(int) Math.min(len, 1 << 20)];
      int n = r.read(from, b, 0, b.length);
      return n + ":" + XxHash32.hash(b, 0, Math.max(n, 0), 0);
    } catch (Lz4StreamException e) {
      assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
      return e.getClass().getName() + ": " + e.getMessage();
    } catch (IOException e) {
      throw new AssertionError("not an Lz4StreamException: " + e, e);
    }
  }

  /**
   * Opens {@code file} and reads every block the index names, whole and from its middle.
   *
   * @return the bytes the reading thread allocated doing so
   */
  private static long readAll(byte[] file) {
    long before = StreamChecks.allocated();
    try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.of(file))) {
      SeekIndex idx = r.index();
      for (int i = 0; i < idx.blockCount(); i++) {
        long p = idx.contentOffset(i);
        int d = idx.decodedLength(i);
        try {
          r.readFully(p, d);
          r.readFully(p + d / 2, d - d / 2);
        } catch (Lz4StreamException e) {
          assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
        }
      }
    } catch (Lz4StreamException e) {
      assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
    } catch (IOException e) {
      throw new AssertionError("not an Lz4StreamException: " + e, e);
    }
    return StreamChecks.allocated() - before;
  }

  /** Recomputes the index checksum where the footer places the index, if it fits the file. */
  private static void reseal(byte[] f) {
    if (f.length < 48) {
      return;
    }
    ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
    int footer = f.length - 40;
    long n = b.getLong(footer);
    long frames = Integer.toUnsignedLong(b.getInt(footer + 8));
    if (n < 0 || n > f.length) {
      return;
    }
    long start = f.length - (8 + 16 * frames + 16 * n + 40);
    if (start >= 0) {
      b.putInt(footer + 32, XxHash32.hash(f, (int) start, (int) (footer + 32 - start), 0));
    }
  }
}
