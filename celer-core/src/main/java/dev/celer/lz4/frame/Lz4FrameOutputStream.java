package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.stream.FailureLatch;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4StreamCompressor;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Writes one LZ4 frame ({@code doc/lz4_Frame_format.md}, version 1.6.x), or one legacy frame,
 * to an underlying stream; the {@code lz4} command and {@link Lz4FrameInputStream} read it.
 *
 * <ul>
 *   <li>Data is cut into blocks of the frame's block maximum size; a block that does not shrink is
 *       stored uncompressed (the size word's high bit), as the C library does.
 *   <li>{@link #flush()} emits what is buffered as a (possibly short) block and flushes the
 *       underlying stream: everything written so far is then decodable from what reached it.
 *   <li>{@link #close()} ends the frame (EndMark, content checksum) and closes the underlying
 *       stream unless {@link Lz4FrameOptions#closeUnderlying()} is off. A second close does
 *       nothing; writing after close throws {@link IOException}.
 *   <li>Any failure latches: an {@link IOException} or unchecked exception of the underlying
 *       stream, or of the encoder, surfaces as it is, and from then on every call ({@code write},
 *       {@code flush}, again and again) throws an {@link IOException} whose cause is that first
 *       failure. {@code close()} then still closes the underlying stream, but writes no frame end,
 *       so a reader never takes the frame for complete; it reports the failure once (unless the
 *       failure came from {@code close()} itself), and a second {@code close()} does nothing. A call refused before it
 *       changed anything (bad arguments, more data than the announced content size) does not latch.
 *   <li>When the options announce a content size, writing more, or closing after writing less,
 *       throws {@link IOException}.
 * </ul>
 *
 * <h2>Parallel compression</h2>
 * With a parallelism {@code p > 1} and an {@link Executor} ({@link
 * #Lz4FrameOutputStream(OutputStream, Lz4FrameOptions, int, Executor)}), every full block is
 * compressed as a task on the executor while the writing thread goes on filling the next one, and
 * the encoded blocks reach the underlying stream in input order: the bytes are exactly those of
 * one thread, whatever the executor does. The tasks also compute the content checksum, each adding
 * the blocks whose turn has come, in order and without waiting for one another, so the writing
 * thread only copies the data in and the encoded blocks out. At most {@code 2p} blocks are in flight (submitted and
 * not yet written); a write that would submit one more first waits for the oldest. Only
 * independent blocks (and legacy frames) can be encoded apart: with linked blocks the stream
 * works on one thread, as {@code lz4 -T} does. The failure rules above hold as they are: a task's
 * unchecked exception or error surfaces from the call that waits for it (a later {@code write},
 * {@code flush} or {@code close}) and latches; an interrupt of the writing thread while it waits
 * throws {@link java.io.InterruptedIOException} (interrupt status kept) and latches; after a
 * failure the blocks in flight are cancelled and never written.
 *
 * <p>Memory: at most one block of input and one encoded block (plus, when blocks are linked, the
 * stream compressor's window: 64 KB of history and a copy of the block, at least 256 KB); buffers start small and grow with the data, so a
 * small frame with 4 MB blocks does not allocate 4 MB. In parallel, {@code 2p + 1} blocks of input
 * and {@code 2p} encoded blocks. Not thread-safe (the stream is used by one thread at a time; only
 * the compression runs on the executor's threads).
 *
 * <pre>{@code
 * Lz4FrameOptions options = Lz4FrameOptions.builder()
 *     .blockSize(Lz4FrameOptions.BlockSize.SIZE_1MB)
 *     .contentChecksum(true)
 *     .build();
 * try (OutputStream out = new Lz4FrameOutputStream(Files.newOutputStream(path), options)) {
 *   out.write(data);
 * }
 * }</pre>
 */
public final class Lz4FrameOutputStream extends OutputStream {
  /** First size of the input buffer; it doubles up to a block (and window) as data comes. */
  private static final int INITIAL_BUFFER = 16 * 1024;
  /** The largest parallelism accepted: memory grows with it (2 blocks per unit). */
  public static final int MAX_PARALLELISM = 256;

  private static final byte[] EMPTY = new byte[0];

  private final OutputStream out;
  private final Lz4FrameOptions options;
  private final Lz4FrameBlockEncoder encoder;
  private final boolean linked;
  private final int blockSize;
  /**
   * Input buffer of the current block: buf[0, pos). Grows on demand up to {@link #bufCap}, so
   * small frames allocate little.
   */
  private byte[] buf;
  private final int bufCap;
  /** Encoded block scratch; grows on demand. */
  private byte[] enc = new byte[0];
  /**
   * Linked blocks: the history (the dictionary, then the previous 64 KB) and, for the fast levels,
   * the hash table kept between blocks; {@code null} for independent blocks.
   */
  private final Lz4StreamCompressor stream;
  private final XxHash32 contentHash;
  private int blockStart;
  private int pos;
  private long written;
  private boolean headerWritten;
  private final FailureLatch latch = new FailureLatch("Lz4FrameOutputStream");
  /** The parallel path, or {@code null} on one thread. */
  private final BlockPipeline pipeline;
  private final int parallelism;

  /**
   * Writes a frame with the default options ({@link Lz4FrameOptions#defaults()}).
   *
   * @param out where the frame goes; closed by {@link #close()}
   */
  public Lz4FrameOutputStream(OutputStream out) {
    this(out, Lz4FrameOptions.defaults());
  }

  /**
   * Writes a frame as {@code options} say. Writes nothing yet: the header goes out with the first
   * block, flush or close.
   *
   * @param out where the frame goes
   * @param options the frame's options, and whether {@link #close()} closes {@code out}
   */
  public Lz4FrameOutputStream(OutputStream out, Lz4FrameOptions options) {
    this(out, options, 1, null, null);
  }

  /**
   * Writes a frame as {@code options} say, compressing up to {@code parallelism} blocks at once on
   * {@code executor} (see "Parallel compression" above). The executor must run every task it
   * accepts or throw {@link java.util.concurrent.RejectedExecutionException} (a task it drops
   * would never be waited out); the stream never shuts it down. With {@code parallelism == 1}, or
   * with linked blocks, it is not used and may be {@code null}.
   *
   * @param out where the frame goes
   * @param options the frame's options, and whether {@link #close()} closes {@code out}
   * @param parallelism 1..{@link #MAX_PARALLELISM}: how many blocks may be compressed at once
   * @param executor runs the block compressions; never shut down by the stream
   * @throws IllegalArgumentException when {@code parallelism} is out of range
   * @throws NullPointerException when {@code executor} is {@code null} but needed
   */
  public Lz4FrameOutputStream(OutputStream out, Lz4FrameOptions options, int parallelism, Executor executor) {
    this(out, options, parallelism, executor, null);
  }

  /** With {@code encoding} (tests: fault injection), the parallel path's tasks run it instead of the encoder. */
  Lz4FrameOutputStream(OutputStream out, Lz4FrameOptions options, int parallelism, Executor executor,
      BlockPipeline.Encoding encoding) {
    checkParallelism(parallelism);
    this.out = Objects.requireNonNull(out, "out");
    this.options = Objects.requireNonNull(options, "options");
    this.encoder = Lz4FrameBlockEncoder.forStream(options);
    this.blockSize = encoder.maxBlockSize();
    this.linked = options.linkedBlocks() && !options.legacy();
    // "Dictionary ID": linked blocks start from the dictionary as history (LZ4F_initStream);
    // independent blocks attach the encoder's prepared copy.
    if (linked) {
      stream = Lz4.streamCompressor(options.compressor());
      byte[] dict = options.dictionaryNoCopy();
      if (dict != null) {
        stream.reset(dict, 0, dict.length);
      }
    } else {
      stream = null;
    }
    bufCap = blockSize;
    buf = new byte[Math.min(bufCap, INITIAL_BUFFER)];
    blockStart = pos = 0;
    contentHash = options.contentChecksum() && !options.legacy() ? XxHash32.create(XXH32_SEED) : null;
    if (parallelism > 1 && !linked) {
      Objects.requireNonNull(executor, "executor");
      Lz4FrameBlockEncoder enc = encoder;
      BlockPipeline.Encoding e = encoding != null ? encoding
          : (src, len, dst) -> enc.encode(src, 0, len, null, 0, 0, dst, 0);
      pipeline = new BlockPipeline(encoder, e, executor, 2 * parallelism, contentHash);
      this.parallelism = parallelism;
    } else {
      pipeline = null;
      this.parallelism = 1;
    }
  }

  /** Refuses a parallelism outside 1..{@link #MAX_PARALLELISM} (both frame streams' constructors). */
  static void checkParallelism(int parallelism) {
    if (parallelism < 1 || parallelism > MAX_PARALLELISM) {
      throw new IllegalArgumentException("parallelism out of range 1.." + MAX_PARALLELISM + ": " + parallelism);
    }
  }

  /** {@return how many blocks this stream compresses at once: 1 on one thread (also for linked blocks)} */
  public int parallelism() {
    return parallelism;
  }

  /** {@return the options this stream writes with} */
  public Lz4FrameOptions options() {
    return options;
  }

  /** {@return the number of uncompressed bytes written so far} */
  public long bytesWritten() {
    return written;
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    checkContentSize(1);
    try {
      if (pos == buf.length) {
        grow(pos + 1);
      }
      buf[pos++] = (byte) b;
      written++;
      if (pos - blockStart == blockSize) {
        emitBlock();
      }
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    checkContentSize(len);
    try {
      while (len > 0) {
        if (pos == blockStart && len >= blockSize && pipeline == null && !linked) {
          // A whole block and nothing buffered: encode it from the caller's array, without a copy.
          writeHeaderIfNeeded();
          writeBlock(b, off, blockSize);
          off += blockSize;
          len -= blockSize;
          written += blockSize;
          continue;
        }
        int n = Math.min(len, blockStart + blockSize - pos);
        if (pos + n > buf.length) {
          grow(pos + n);
        }
        System.arraycopy(b, off, buf, pos, n);
        pos += n;
        off += n;
        len -= n;
        written += n;
        if (pos - blockStart == blockSize) {
          emitBlock();
        }
      }
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  /**
   * Reads {@code in} to its end and writes what it reads, as {@link #write(byte[], int, int)}
   * would, but reading straight into the stream's block buffer: on the parallel path, where every
   * block's content must be the stream's own array, this saves the copy from the caller's array.
   * The bytes are those that writing the same data would give.
   *
   * <p>A failure of {@code in} comes out as it is and does not latch: what was read before it has
   * been written (a full block is encoded, the rest stays buffered), and the stream stays usable.
   * When the options announce a content size, it reads no more than that and then one byte, to see
   * whether {@code in} ends: if it does not, that throws {@link IOException} without latching, and
   * the byte (consumed from {@code in}) is not written. A read of {@code in} that returns 0 bytes
   * is retried, at most {@value dev.celer.internal.stream.SourceReader#MAX_EMPTY_READS} times in a
   * row (then {@link IOException}, without latching), as the readers of compressed input do.
   * Failures of the underlying stream or of the encoder latch as for {@code write}.
   *
   * @param in the content, read to its end; not closed
   * @return the number of bytes read from {@code in} and written
   * @throws IOException when {@code in} or the underlying stream fails, or the stream is closed
   */
  public long transferFrom(InputStream in) throws IOException {
    Objects.requireNonNull(in, "in");
    ensureOpen();
    long declared = options.legacy() ? -1 : options.contentSize();
    long total = 0;
    int empty = 0;
    while (true) {
      if (pos == buf.length) {
        grow(pos + 1); // doubles: room for more than one byte
      }
      int want = Math.min(buf.length, blockStart + blockSize) - pos;
      if (declared >= 0) {
        // no more than announced; once it is all there, one byte more tells whether the input ends
        want = (int) Math.max(1, Math.min(want, declared - written));
      }
      int n = in.read(buf, pos, want);
      if (n < 0) {
        return total;
      }
      if (n == 0) {
        // InputStream allows a read of 0 bytes; one that never ends would hang here, so as the
        // readers of compressed input do, retry a bounded number of times, then give up
        if (Thread.currentThread().isInterrupted()) {
          throw new InterruptedIOException("interrupted while the input returned no data, after " + total + " bytes");
        }
        if (++empty == SourceReader.MAX_EMPTY_READS) {
          throw new IOException("the input returned no data " + SourceReader.MAX_EMPTY_READS + " times in a row after "
              + total + " bytes, neither data nor its end");
        }
        Thread.yield();
        continue;
      }
      empty = 0;
      if (n > want) {
        throw new IOException("the input claims to have read " + n + " bytes into " + want);
      }
      if (declared >= 0 && written + n > declared) {
        throw new IOException("content size exceeded: the header announces " + declared + " bytes, "
            + (written + n) + " would be written");
      }
      pos += n;
      written += n;
      total += n;
      if (pos - blockStart == blockSize) {
        try {
          emitBlock();
        } catch (IOException | RuntimeException | Error e) {
          fail(e);
          throw e;
        }
      }
    }
  }

  /**
   * Writes a block that {@link Lz4FrameBlockEncoder#encode} produced from {@code
   * content[contentOff, contentOff+contentLen)}, for parallel compression: the frame header is
   * written first when needed, and the content counts for the content checksum and content size.
   * Nothing may be buffered (write all content through this method, or call it only after a
   * {@link #flush()}); to give the same bytes as a single-threaded stream, every block but the
   * last must hold exactly {@link Lz4FrameBlockEncoder#maxBlockSize()} bytes.
   *
   * @param encoded the encoded block's array
   * @param encOff where the encoded block starts in {@code encoded}
   * @param encLen the encoded block's length
   * @param content the block's content (for the content checksum and size)
   * @param contentOff where the content starts in {@code content}
   * @param contentLen the content's length
   * @throws IllegalStateException when data is buffered or blocks are linked
   * @throws IOException when the underlying stream fails, or the stream is closed
   */
  public void writeEncodedBlock(byte[] encoded, int encOff, int encLen, byte[] content, int contentOff, int contentLen)
      throws IOException {
    Objects.checkFromIndexSize(encOff, encLen, encoded.length);
    Objects.checkFromIndexSize(contentOff, contentLen, content.length);
    ensureOpen();
    if (linked) {
      throw new IllegalStateException("linked blocks cannot be encoded apart");
    }
    if (pos != blockStart) {
      throw new IllegalStateException(
          (pos - blockStart) + " bytes are buffered; flush() before writing encoded blocks");
    }
    if (contentLen > blockSize) {
      throw new IllegalArgumentException("content of " + contentLen + " bytes exceeds the block size " + blockSize);
    }
    checkContentSize(contentLen);
    try {
      writeHeaderIfNeeded();
      if (pipeline != null) {
        pipeline.drain(out);
      }
      if (contentHash != null) {
        contentHash.update(content, contentOff, contentLen);
      }
      written += contentLen;
      writeOut(encoded, encOff, encLen);
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  /**
   * Emits the buffered data as a block (so everything written so far is decodable) and flushes
   * the underlying stream. Writes the frame header if it was not written yet. Frequent flushes
   * cost ratio (short blocks). In a legacy frame the flushed block is shorter than 8 MB, which the
   * specification reserves for the last block; {@code lz4} and Celer read such frames all the same.
   */
  @Override
  public void flush() throws IOException {
    ensureOpen();
    try {
      emitBlock();
      writeHeaderIfNeeded();
      if (pipeline != null) {
        pipeline.drain(out);
      }
      out.flush();
    } catch (IOException | RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  /**
   * Ends the frame: emits the buffered data, the EndMark and the content checksum, then closes
   * (or, per {@link Lz4FrameOptions#closeUnderlying()}, flushes) the underlying stream. After an
   * earlier failure it writes no frame end and still closes the underlying stream (when it owns
   * it). Closing again does nothing, whatever happened.
   *
   * @throws IOException when the underlying stream fails, or when the content size in the header
   *     differs from the bytes written (the frame is then left without its end); after an earlier
   *     failure, that failure (the data is incomplete). Only the first {@code close()} throws.
   */
  @Override
  public void close() throws IOException {
    try {
      latch.closeOutput(() -> {
        try {
          finishFrame();
        } catch (IOException | RuntimeException | Error e) {
          fail(e);
          throw e;
        }
      }, out, options.closeUnderlying());
    } finally {
      if (stream != null) {
        stream.close(); // linked blocks: releases the native HC state, if any (also after a failure)
      }
    }
  }

  private void finishFrame() throws IOException {
    long declared = options.legacy() ? -1 : options.contentSize();
    if (declared >= 0 && declared != written) {
      throw new IOException("content size mismatch: the header announces " + declared + " bytes but "
          + written + " were written; the frame is left unfinished");
    }
    emitBlock();
    writeHeaderIfNeeded();
    if (pipeline != null) {
      pipeline.drain(out);
    }
    if (options.legacy()) {
      return; // "Legacy frame": the end is implicit (EOF or the next magic number).
    }
    byte[] tail = new byte[8];
    Mem.putIntLE(tail, 0, END_MARK);
    int n = 4;
    if (contentHash != null) {
      Mem.putIntLE(tail, 4, contentHash.digest());
      n = 8;
    }
    writeOut(tail, 0, n);
  }

  private void emitBlock() throws IOException {
    int len = pos - blockStart;
    if (len == 0) {
      return;
    }
    writeHeaderIfNeeded();
    if (pipeline != null) {
      // the block's content goes to a task, which also adds it to the content checksum; the
      // pipeline hands back a written block's array, if any
      assert blockStart == 0;
      byte[] next = pipeline.submit(buf, len, out);
      // after a full block more are likely to come: a whole block at once rather than growing to it
      buf = next != null ? next : len == blockSize ? new byte[blockSize] : EMPTY;
    } else {
      writeBlock(buf, blockStart, len);
    }
    pos = blockStart = 0;
  }

  /** Encodes {@code src[off, off+len)} as the next block on this thread and writes it (the header is out). */
  private void writeBlock(byte[] src, int off, int len) throws IOException {
    int max = encoder.maxEncodedLength(len);
    if (enc.length < max) {
      enc = new byte[Math.max(max, Math.min(2 * enc.length, encoder.maxEncodedLength(blockSize)))];
    }
    int n = linked
        ? encoder.encodeLinked(stream, src, off, len, enc, 0)
        : encoder.encode(src, off, len, null, 0, 0, enc, 0);
    if (contentHash != null) {
      contentHash.update(src, off, len);
    }
    writeOut(enc, 0, n);
  }

  private void grow(int needed) {
    assert needed <= bufCap;
    long doubled = Math.max(INITIAL_BUFFER, 2L * buf.length);
    buf = Arrays.copyOf(buf, Math.max(needed, (int) Math.min(bufCap, doubled)));
  }

  /** Latches {@code e} and, on the parallel path, cancels the blocks in flight. */
  private void fail(Throwable e) {
    latch.fail(e);
    if (pipeline != null) {
      pipeline.cancel();
    }
  }

  private void writeHeaderIfNeeded() throws IOException {
    if (headerWritten) {
      return;
    }
    headerWritten = true;
    byte[] h = new byte[MAX_HEADER_LENGTH];
    int n;
    if (options.legacy()) {
      Mem.putIntLE(h, 0, LEGACY_MAGIC);
      n = 4;
    } else {
      n = FrameHeader.of(options).writeHeader(h, 0, options.kafkaHeaderChecksum());
    }
    writeOut(h, 0, n);
  }

  private void writeOut(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
  }

  private void checkContentSize(long more) throws IOException {
    long declared = options.legacy() ? -1 : options.contentSize();
    if (declared >= 0 && written + more > declared) {
      throw new IOException("content size exceeded: the header announces " + declared + " bytes, "
          + (written + more) + " would be written");
    }
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("stream closed");
    }
  }
}
