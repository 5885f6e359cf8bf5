package dev.celer.cli;

import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Compresses one input into one LZ4 frame (or legacy frame) the way {@code lz4} v1.9.4 does, so
 * that the output matches the C tool's where the codec does:
 *
 * <ul>
 *   <li>an input shorter than one block is written as a single-block frame with the smallest
 *       block size that holds it and independent blocks ({@code LZ4F_compressFrame} picks {@code
 *       LZ4F_optimalBSID} and drops block linking for one block);
 *   <li>{@code --content-size} writes the size of a regular file; for stdin there is none.
 * </ul>
 *
 * <p>With {@code threads > 1} and independent blocks, blocks are compressed on a thread pool by
 * the parallel {@link Lz4FrameOutputStream} (at most two blocks per thread in flight): the output
 * is byte for byte that of one thread. Linked blocks depend on each other, so they use one thread
 * (as lz4 1.10's {@code -T} does).
 *
 * <p>Not thread-safe; one instance per file.
 */
final class FrameCompressor {
  private final Lz4FrameOptions base;
  private final boolean contentSize;
  private final int threads;
  private boolean singleBlock;
  private boolean seekable;
  private boolean blockSizeGiven;

  FrameCompressor(Lz4FrameOptions base, boolean contentSize, int threads) {
    this.base = base;
    this.contentSize = contentSize;
    // lz4 takes any count; more threads than the stream accepts would only cost memory
    this.threads = Math.max(1, Math.min(threads, Lz4FrameOutputStream.MAX_PARALLELISM));
  }

  /**
   * {@code --seekable}: write one frame of independent blocks with block checksums, then the seek
   * index ({@link SeekableLz4Writer}); 64 KB blocks unless {@code blockSizeGiven}. One thread.
   */
  FrameCompressor seekable(boolean on, boolean blockSizeGiven) {
    this.seekable = on;
    this.blockSizeGiven = blockSizeGiven;
    return this;
  }

  /** @return {bytes read, bytes written} */
  long[] compress(InputStream in, OutputStream out, long knownSize, Progress progress) throws IOException {
    if (seekable) {
      return compressSeekable(in, out, knownSize, progress);
    }
    int blockSize = base.legacy() ? 8 << 20 : base.blockSize().bytes();
    byte[] first = new byte[blockSize];
    int n = FileAction.readFully(in, first, blockSize);
    singleBlock = n < blockSize;
    Lz4FrameOptions.Builder b = base.toBuilder();
    if (!base.legacy() && n < blockSize) {
      // LZ4F_compressFrame: the smallest block size that fits, and no linking for one block.
      Lz4FrameOptions.BlockSize bs = Lz4FrameOptions.BlockSize.SIZE_64KB;
      while (bs.bytes() < n) {
        bs = Lz4FrameOptions.BlockSize.ofCode(bs.code() + 1);
      }
      b.blockSize(bs).linkedBlocks(false);
    }
    if (contentSize && !base.legacy() && knownSize > 0) {
      b.contentSize(knownSize);
    }
    Lz4FrameOptions opts = b.build();
    CountingOutputStream counted = new CountingOutputStream(out);
    long read = n;
    // more than one block, independent ones: the library's parallel stream (linked blocks: one thread)
    ExecutorService pool = threads > 1 && n == blockSize && (!opts.linkedBlocks() || opts.legacy())
        ? Executors.newFixedThreadPool(threads, FrameCompressor::daemon)
        : null;
    try (Lz4FrameOutputStream fos = pool == null ? new Lz4FrameOutputStream(counted, opts)
        : new Lz4FrameOutputStream(counted, opts, threads, pool)) {
      // Whole blocks from one array: on one thread the stream encodes them from it without a copy.
      fos.write(first, 0, n);
      progress.update(read, counted.count);
      if (pool != null) {
        // in parallel every block must be the stream's own array: it reads into them itself
        long before = read;
        read += fos.transferFrom(new FilterInputStream(in) {
          long got;

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            int r = in.read(b, off, len);
            if (r > 0) {
              got += r;
              progress.update(before + got, counted.count);
            }
            return r;
          }
        });
      } else {
        while (n == blockSize) {
          n = FileAction.readFully(in, first, blockSize);
          fos.write(first, 0, n);
          read += n;
          progress.update(read, counted.count);
        }
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    return new long[] {read, counted.count};
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "celer-compress");
    t.setDaemon(true);
    return t;
  }

  private long[] compressSeekable(InputStream in, OutputStream out, long knownSize, Progress progress)
      throws IOException {
    assert !base.legacy() && !base.linkedBlocks() : "CompressAction refuses -l and -BD with --seekable";
    Lz4FrameOptions.Builder b = base.toBuilder().blockChecksum(true).closeUnderlying(false);
    if (!blockSizeGiven) {
      b.blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB);
    }
    if (contentSize && knownSize > 0) {
      b.contentSize(knownSize);
    }
    CountingOutputStream counted = new CountingOutputStream(out);
    byte[] buf = new byte[1 << 16];
    long read = 0;
    try (SeekableLz4Writer w = new SeekableLz4Writer(counted, b.build())) {
      int n;
      while ((n = FileAction.readFully(in, buf, buf.length)) > 0) {
        w.write(buf, 0, n);
        read += n;
        progress.update(read, counted.count);
      }
    }
    return new long[] {read, counted.count};
  }

  /** @return true when the input fitted in one block (lz4 writes it with {@code LZ4F_compressFrame}) */
  boolean singleBlock() {
    return singleBlock;
  }
}
