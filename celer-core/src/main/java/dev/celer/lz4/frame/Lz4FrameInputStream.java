package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.FailureLatch;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * Reads LZ4 frames ({@code doc/lz4_Frame_format.md}, version 1.6.x) from an underlying stream and
 * returns their content, as {@code lz4 -d} does: concatenated frames read as one stream,
 * skippable frames skipped, legacy frames (magic 0x184C2102) read.
 *
 * <p>Everything the format can check is checked: magic numbers, version and reserved bits, the
 * header checksum, block sizes, block checksums, the content checksum, and the content size
 * against what was decoded. Any failure is a {@link Lz4StreamException} saying what is wrong and
 * at which input offset; an input that ends early says "truncated". {@link #read()} returns -1
 * only at the clean end of the last frame. Any failure latches: a format error, or an {@link
 * IOException} or unchecked exception of the underlying stream (which passes through as it is),
 * makes every later call ({@code read}, {@code skip}, {@code available}) throw an {@link
 * IOException} whose cause is the first failure; {@code close()} still closes the underlying
 * stream, once, and returns normally. Reads of the underlying stream that return 0 bytes are
 * retried, at most {@value SourceReader#MAX_EMPTY_READS} times in a row (then the input counts as
 * truncated); an interrupt during them ends them with {@code InterruptedIOException}.
 *
 * <p>Memory: at most one block (4 MB at most, 8 MB for legacy frames) plus its compressed form
 * and a 64 KB window; buffers grow with the blocks actually read (never by what a header
 * announces), so small frames stay small and a content size in the header allocates nothing. Limits
 * are in {@link Lz4FrameReadOptions}. Reads the underlying stream only as far as the format
 * requires (no read-ahead); with {@link Lz4FrameReadOptions.Builder#singleFrame(boolean)} it stops
 * at the first frame's last byte. Not thread-safe.
 *
 * <h2>Parallel decompression</h2>
 * With a parallelism {@code p} and an {@link Executor} ({@link
 * #Lz4FrameInputStream(InputStream, Lz4FrameReadOptions, int, Executor)}), the blocks of a frame
 * of independent blocks (the default of {@code lz4} and of {@link Lz4FrameOutputStream}), and of a
 * legacy frame, are read ahead and decoded as tasks on the executor, up to {@code 2p} at once, and
 * handed out in input order: the content is exactly that of one thread. With {@code p = 1} the
 * blocks are decoded on the executor while the reading thread uses the one before (the {@code
 * celer} command writes it out, with a pool of one thread: one block decoded at a time; two at once
 * on an executor with more threads). Frames of linked blocks are read on the calling thread as
 * above. For example, to read a file on all cores:
 *
 * <pre>{@code
 * ExecutorService pool = Executors.newFixedThreadPool(cores);
 * try (InputStream in = new Lz4FrameInputStream(Files.newInputStream(path),
 *     Lz4FrameReadOptions.defaults(), cores, pool)) {
 *   in.transferTo(out);
 * } finally {
 *   pool.shutdown();
 * }
 * }</pre>
 *
 * <ul>
 *   <li>The tasks verify the block checksums, decode, and compute the content checksum: XXH32 is
 *       sequential, so each task, after decoding its block, adds to it every block that is next in
 *       input order and decoded (the same bytes in the same order as on one thread), without ever
 *       waiting for another task; a block is handed out once it is decoded and hashed. The thread
 *       that reads the stream reads the underlying stream and checks the limits, the content size
 *       and, at the frame's end, the content checksum. Every error is the one the sequential path reports, with the same message and
 *       offset, after the same content: a block's failure (corrupted data, a checksum mismatch, a
 *       truncated input, a failure of the underlying stream met while reading ahead) is thrown when
 *       that block's turn comes, after every block before it was handed out.
 *   <li>The failure rules above hold as they are. In addition, what the executor throws when it
 *       refuses a task (a {@link java.util.concurrent.RejectedExecutionException}, or any other
 *       unchecked exception) passes through as it is and latches (at the block it refused), and an interrupt of the reading thread while it waits
 *       for a block throws {@link java.io.InterruptedIOException} (interrupt status kept) and
 *       latches. After a failure, and on {@code close()}, the blocks in flight are dropped: tasks
 *       not started never run, and {@code close()} returns once the running ones (one block each)
 *       have finished, so no task of the stream runs after it (unless the closing thread is
 *       interrupted while it waits: then it returns at once, interrupt status kept, and those
 *       tasks finish on their own, into buffers the closed stream never reads). The stream never shuts the executor
 *       down; the executor must run every task it accepts (or refuse it by throwing).
 *   <li>Memory: at most {@code 2p + 1} blocks, each its compressed form and its content, that is
 *       at most {@code (2p + 1) × 2 ×} the frame's block maximum size (4 MB blocks, {@code p = 2}:
 *       40 MB; legacy frames: 8 MB blocks); buffers grow with the blocks met.
 *   <li>The underlying stream is read up to {@code 2p} blocks ahead of what was handed out, never
 *       past the end of the current frame ({@link #compressedBytesRead()} counts what was read
 *       ahead). So a block is handed out once the next one has arrived (or the frame ended): over
 *       a connection where the writer flushes a block and waits for an answer, read without an
 *       executor. And the reading thread must not be one the executor needs to run the tasks (a
 *       task of a one-thread executor reading with that executor would wait for itself).
 * </ul>
 */
public final class Lz4FrameInputStream extends InputStream {
  private enum State { BETWEEN_FRAMES, FRAME, LEGACY, END }

  private final SourceReader src;
  private final FrameWalker walker;
  private final Lz4FrameReadOptions options;
  private final XxHash32 contentHash = XxHash32.create(XXH32_SEED);

  private State state = State.BETWEEN_FRAMES;
  private int frameCount;
  private long frameStart;
  private FrameHeader desc;
  private long frameDecoded;
  private int blockMax;
  private boolean linked;
  /** Where independent blocks are decoded in {@link #win}: after the dictionary, if any. */
  private int blockBase;

  /**
   * Decoded data; for linked blocks also the history window. Grows on demand up to {@link
   * #winCap}, sized by the blocks actually met, so small frames with 4 MB blocks stay small.
   */
  private byte[] win = new byte[0];
  private int winCap;
  private int wpos;
  private byte[] cbuf = new byte[0];
  private int outPos;
  private int outEnd;

  /** The total output limit, and the setting that set it, for messages. */
  private final long maxTotal;
  private final String maxTotalName;
  private long totalDecoded;

  private final FailureLatch latch = new FailureLatch("Lz4FrameInputStream");

  /** What {@link #read} hands out: {@code view[outPos, outEnd)} ({@link #win}, or a parallel block's content). */
  private byte[] view = win;

  /** The parallel path, or {@code null} on one thread. */
  private final BlockDecodePipeline pipeline;
  private final int parallelism;
  /** The current frame's blocks go through {@link #pipeline}. */
  private boolean parallelFrame;
  /** The block being handed out, taken from {@link #pipeline}. */
  private BlockDecodePipeline.Block current;
  /** The read-ahead reached the end of the current frame's blocks. */
  private boolean aheadEnded;
  /** What the read-ahead met (thrown once the blocks before it are handed out), or {@code null}. */
  private Throwable aheadFailure;
  /** The current frame's dictionary, for its parallel blocks, or {@code null}. */
  private byte[] frameDict;

  /**
   * Reads with the default options ({@link Lz4FrameReadOptions#defaults()}). Reads nothing yet.
   *
   * @param in the frames to read; closed by {@link #close()}
   */
  public Lz4FrameInputStream(InputStream in) {
    this(in, Lz4FrameReadOptions.defaults());
  }

  /**
   * Reads as {@code options} say. Reads nothing yet.
   *
   * @param in the frames to read
   * @param options limits, checksum checks, dictionaries, and whether {@link #close()} closes {@code in}
   */
  public Lz4FrameInputStream(InputStream in, Lz4FrameReadOptions options) {
    this(in, options, 1, (Executor) null);
  }

  /**
   * Reads as {@code options} say, decoding up to {@code 2 × parallelism} blocks at once on {@code
   * executor} (see "Parallel decompression" above). With {@code parallelism == 1} the executor may
   * be {@code null}: then every block is decoded on the reading thread; given one, the blocks are
   * decoded on it ahead of the reader, two at most (decoding overlaps what the reader does with
   * the content, such as writing it out). Reads nothing yet.
   *
   * @param in the frames to read
   * @param options limits, checksum checks, dictionaries, and whether {@link #close()} closes {@code in}
   * @param parallelism 1..{@link Lz4FrameOutputStream#MAX_PARALLELISM}: the executor's threads
   *     meant for this stream ({@code 2 × parallelism} blocks are read ahead)
   * @param executor runs the block decodes; never shut down by the stream
   * @throws IllegalArgumentException when {@code parallelism} is out of range
   * @throws NullPointerException when {@code executor} is {@code null} but needed
   */
  public Lz4FrameInputStream(InputStream in, Lz4FrameReadOptions options, int parallelism, Executor executor) {
    this(in, options, options.maxTotalOutputSize(), "Lz4FrameReadOptions.maxTotalOutputSize", parallelism, executor,
        null);
  }

  /** As the public constructor, with a total output limit set by {@code maxTotalName} (one-shot helpers). */
  Lz4FrameInputStream(InputStream in, Lz4FrameReadOptions options, long maxTotal, String maxTotalName) {
    this(in, options, maxTotal, maxTotalName, 1, null, null);
  }

  /**
   * With all settings; {@code hook} (tests: fault injection), when given, wraps what the parallel
   * path's tasks run.
   */
  Lz4FrameInputStream(InputStream in, Lz4FrameReadOptions options, long maxTotal, String maxTotalName,
      int parallelism, Executor executor, UnaryOperator<BlockDecodePipeline.Decoding> hook) {
    Lz4FrameOutputStream.checkParallelism(parallelism);
    this.src = new SourceReader(Objects.requireNonNull(in, "in"));
    this.options = Objects.requireNonNull(options, "options");
    this.walker = new FrameWalker(src, options.headerChecksum());
    this.maxTotal = maxTotal;
    this.maxTotalName = maxTotalName;
    if (parallelism > 1 || executor != null) {
      Objects.requireNonNull(executor, "executor");
      BlockDecodePipeline.Decoding d = Lz4FrameInputStream::decodeBlock;
      pipeline = new BlockDecodePipeline(executor, 2 * parallelism, hook == null ? d : hook.apply(d));
    } else {
      pipeline = null;
    }
    this.parallelism = parallelism;
  }

  /**
   * {@return how many blocks this stream decodes at once, at most: 1 on one thread (frames of
   * linked blocks are always read on one thread)}
   */
  public int parallelism() {
    return parallelism;
  }

  /** {@return how many compressed bytes were consumed from the underlying stream so far} */
  public long compressedBytesRead() {
    return src.offset();
  }

  /** {@return the number of LZ4 and legacy frames started so far (skippable frames not counted)} */
  public int framesRead() {
    return frameCount;
  }

  @Override
  public int read() throws IOException {
    ensureOpen();
    while (outPos == outEnd) {
      if (!fill()) {
        return -1;
      }
    }
    return view[outPos++] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    if (len == 0) {
      return 0;
    }
    while (outPos == outEnd) {
      if (!fill()) {
        return -1;
      }
    }
    int n = Math.min(len, outEnd - outPos);
    System.arraycopy(view, outPos, b, off, n);
    outPos += n;
    return n;
  }

  /**
   * Writes everything still to come to {@code out}, each decoded block straight from the stream's
   * own buffer: one copy fewer than a loop of {@link #read(byte[])} and {@code out.write} (the
   * {@code celer -d} path). {@code out} sees that buffer only during its {@code write} call and
   * must neither keep nor change it, as for {@link java.io.ByteArrayInputStream#transferTo}.
   * Failures of the decoding latch as for {@code read}; a failure of {@code out} surfaces as it
   * is and does not latch: what was not written stays readable.
   *
   * @return the number of bytes written
   */
  @Override
  public long transferTo(OutputStream out) throws IOException {
    Objects.requireNonNull(out, "out");
    ensureOpen();
    long total = 0;
    while (true) {
      while (outPos == outEnd) {
        if (!fill()) {
          return total;
        }
      }
      int n = outEnd - outPos;
      out.write(view, outPos, n);
      outPos += n;
      total += n;
    }
  }

  /** Skips decoded bytes, decoding as needed; returns fewer than {@code n} only at the end. */
  @Override
  public long skip(long n) throws IOException {
    ensureOpen();
    long done = 0;
    while (done < n) {
      if (outPos == outEnd && !fill()) {
        break;
      }
      int k = (int) Math.min(n - done, outEnd - outPos);
      outPos += k;
      done += k;
    }
    return done;
  }

  /** @return the decoded bytes that can be read without touching the underlying stream */
  @Override
  public int available() throws IOException {
    ensureOpen();
    return outEnd - outPos;
  }

  /**
   * Closes the underlying stream, unless {@link Lz4FrameReadOptions#closeUnderlying()} is off, and
   * returns normally, also after a failure (which every other call keeps reporting). Closing again
   * does nothing.
   *
   * @throws IOException only when the underlying stream's own {@code close()} fails (as it is), on
   *     the first call
   */
  @Override
  public void close() throws IOException {
    outPos = outEnd = 0;
    dropPipeline();
    latch.closeInput(options.closeUnderlying() ? src.in() : null);
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("stream closed");
    }
  }

  /**
   * Advances the decoder by one step (a frame header, a block, a frame end). Any failure
   * latches.
   *
   * @return false at the clean end of the input
   */
  private boolean fill() throws IOException {
    try {
      switch (state) {
        case BETWEEN_FRAMES:
          return startFrame();
        case FRAME:
          if (parallelFrame) {
            readParallel();
          } else {
            readFrameBlock();
          }
          return true;
        case LEGACY:
          if (parallelFrame) {
            readParallel();
          } else {
            readLegacyBlock();
          }
          return true;
        default:
          return false;
      }
    } catch (IOException | Error e) {
      latch.fail(e);
      dropPipeline();
      throw e;
    } catch (RuntimeException e) {
      dropPipeline();
      if (src.threw(e) || pipeline != null && pipeline.executorThrew(e)) {
        latch.fail(e); // the underlying stream's (or the executor's) own unchecked failure passes through as it is
        throw e;
      }
      // Defensive: nothing hostile input does may escape as anything but an IOException.
      Lz4StreamException x = new Lz4StreamException(Kind.CORRUPT_BLOCK, src.offset(),
          "corrupted input near offset " + src.offset() + ": " + e, e);
      latch.fail(x);
      throw x;
    }
  }

  private boolean startFrame() throws IOException {
    while (walker.nextFrame()) {
      frameStart = walker.frameOffset();
      switch (walker.frameType()) {
        case LZ4:
          startLz4Frame(walker.header());
          return true;
        case LEGACY:
          frameCount++;
          frameDecoded = 0;
          blockMax = LEGACY_BLOCK_SIZE;
          linked = false;
          winCap = LEGACY_BLOCK_SIZE;
          wpos = blockBase = 0;
          startParallel(null, false);
          state = State.LEGACY;
          return true;
        default:
          break; // skippable: the walker passes over it
      }
    }
    state = State.END;
    return false;
  }

  private void startLz4Frame(FrameHeader header) throws IOException {
    desc = header;
    frameCount++;
    if (desc.hasContentSize() && options.maxFrameContentSize() != Long.MAX_VALUE
        && Long.compareUnsigned(desc.contentSize(), options.maxFrameContentSize()) > 0) {
      throw new Lz4StreamException(Kind.LIMIT, frameStart,
          "frame at offset " + frameStart + " announces a content size of "
          + Long.toUnsignedString(desc.contentSize()) + " bytes, above the limit of "
          + options.maxFrameContentSize() + " (Lz4FrameReadOptions.maxFrameContentSize)");
    }
    byte[] dict = options.dictionaryFor(desc.hasDictId(), desc.dictId());
    if (desc.hasDictId() && dict == null) {
      throw new Lz4StreamException(Kind.BAD_HEADER, frameStart,
          "frame at offset " + frameStart + " needs the dictionary with ID "
          + Integer.toUnsignedString(desc.dictId()) + ", and none was given (Lz4FrameReadOptions.dictionary)");
    }
    blockMax = desc.blockSize().bytes();
    linked = !desc.blockIndependence();
    frameDecoded = 0;
    contentHash.reset();
    startParallel(dict, desc.contentChecksum() && options.verifyChecksums());
    if (parallelFrame) {
      outPos = outEnd = 0;
      state = State.FRAME;
      return;
    }
    int dictLen = dict == null ? 0 : dict.length;
    // "Dictionary ID": the dictionary sits in front of the first block (linked blocks) or of every
    // block (independent blocks), so the decoder uses it in place as a prefix.
    winCap = linked ? WINDOW_SIZE + Math.max(blockMax, 4 * WINDOW_SIZE) : dictLen + blockMax;
    ensureWin(dictLen, 0);
    if (dict != null) {
      System.arraycopy(dict, 0, win, 0, dictLen);
    }
    wpos = blockBase = dictLen;
    outPos = outEnd = wpos;
    state = State.FRAME;
  }

  /**
   * Makes {@code win} at least {@code needed} bytes long (at most {@link #winCap}), keeping {@code
   * win[0, keep)}.
   */
  private void ensureWin(int needed, int keep) {
    if (win.length < needed) {
      byte[] w = new byte[Math.max(needed, (int) Math.min(winCap, 2L * win.length))];
      System.arraycopy(win, 0, w, 0, keep);
      win = w;
    }
  }

  private void ensureCbuf(int needed, int max) {
    if (cbuf.length < needed) {
      cbuf = new byte[Math.max(needed, (int) Math.min(max, 2L * cbuf.length))];
    }
  }

  /**
   * The most bytes a compressed block of {@code size} bytes can decode to, capped at {@code max}:
   * an LZ4 sequence turns at most 3 + e input bytes (token, offset, e length bytes) into at most
   * 19 + 255 e match bytes, and literals 1:1, so output never exceeds 255 times the input.
   */
  static int maxDecoded(int size, int max) {
    return (int) Math.min(max, 255L * size);
  }

  private void readFrameBlock() throws IOException {
    if (!walker.nextBlock()) {
      endFrame();
      return;
    }
    long blockOffset = walker.blockOffset();
    boolean stored = walker.blockStored();
    int size = walker.blockSize();
    if (linked) {
      if (wpos + blockMax > winCap) {
        int keep = Math.min(WINDOW_SIZE, wpos);
        System.arraycopy(win, wpos - keep, win, 0, keep);
        wpos = keep;
      }
    } else {
      wpos = blockBase;
    }
    if (stored) {
      ensureWin(wpos + size, wpos);
    } else {
      ensureCbuf(size, blockMax);
    }
    byte[] data = stored ? win : cbuf;
    int dataOff = stored ? wpos : 0;
    walker.readBlock(data, dataOff);
    if (walker.hasBlockChecksum() && options.verifyChecksums()) {
      int stored32 = walker.blockChecksum();
      int computed = XxHash32.hash(data, dataOff, size, XXH32_SEED);
      if (stored32 != computed) {
        throw blockChecksumMismatch(blockOffset, size, stored32, computed);
      }
    }
    int n;
    if (stored) {
      n = size;
    } else {
      try {
        int hist = Math.min(WINDOW_SIZE, wpos);
        int room = maxDecoded(size, blockMax);
        ensureWin(wpos + room, wpos);
        n = BlockCodec.decompress(cbuf, 0, size, win, wpos, room, win, wpos - hist, hist);
      } catch (Lz4Exception e) {
        throw blockCorrupt(blockOffset, e);
      }
    }
    produced(n, blockOffset);
    if (options.verifyChecksums() && desc.contentChecksum()) {
      contentHash.update(win, wpos, n);
    }
    view = win;
    outPos = wpos;
    outEnd = wpos + n;
    if (linked) {
      wpos += n;
    }
  }

  private void produced(int n, long blockOffset) throws Lz4StreamException {
    frameDecoded += n;
    totalDecoded += n;
    checkProduced(frameDecoded, totalDecoded, options, maxTotal, maxTotalName, frameStart, desc, blockOffset);
  }

  /**
   * The checks after a block (at {@code blockOffset}) of a frame (at {@code frameStart}, header
   * {@code desc}, {@code null} for legacy frames) brought the frame's output to {@code
   * frameDecoded} and the total to {@code totalDecoded}: the limits, then the declared content
   * size. Shared with the one-shot decoder ({@link FrameOneShot}), for the same errors.
   */
  static void checkProduced(long frameDecoded, long totalDecoded, Lz4FrameReadOptions options, long maxTotal,
      String maxTotalName, long frameStart, FrameHeader desc, long blockOffset) throws Lz4StreamException {
    if (frameDecoded > options.maxFrameContentSize()) {
      throw new Lz4StreamException(Kind.LIMIT, blockOffset,
          "frame at offset " + frameStart + " decodes to more than the limit of "
          + options.maxFrameContentSize() + " bytes (Lz4FrameReadOptions.maxFrameContentSize), at the block at offset "
          + blockOffset);
    }
    if (totalDecoded > maxTotal) {
      throw new Lz4StreamException(Kind.LIMIT, blockOffset, "decompressed size exceeds the limit of "
          + maxTotal + " bytes in total (" + maxTotalName + "), at the block at offset " + blockOffset
          + " (frame at offset " + frameStart + ")");
    }
    if (desc != null && desc.hasContentSize() && Long.compareUnsigned(frameDecoded, desc.contentSize()) > 0) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset, "content size mismatch: the frame at offset "
          + frameStart + " announces " + Long.toUnsignedString(desc.contentSize())
          + " bytes, but its blocks decode to more (block at offset " + blockOffset + ")");
    }
  }

  private void endFrame() throws IOException {
    long endMarkOffset = walker.blockOffset();
    if (desc.contentChecksum() && options.verifyChecksums()) {
      int stored32 = walker.contentChecksum();
      int computed = contentHash.digest();
      if (stored32 != computed) {
        throw new Lz4StreamException(Kind.CHECKSUM, endMarkOffset + 4, "content checksum mismatch at offset "
            + (endMarkOffset + 4) + " (frame at offset " + frameStart + "): stored 0x" + Integer.toHexString(stored32)
            + ", computed 0x" + Integer.toHexString(computed));
      }
    }
    if (desc.hasContentSize() && frameDecoded != desc.contentSize()) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, endMarkOffset, "content size mismatch: the frame at offset "
          + frameStart + " announces " + Long.toUnsignedString(desc.contentSize()) + " bytes, but decodes to "
          + frameDecoded);
    }
    desc = null;
    outPos = outEnd = 0;
    state = options.singleFrame() ? State.END : State.BETWEEN_FRAMES;
  }

  private void readLegacyBlock() throws IOException {
    if (!walker.nextBlock()) {
      // "Legacy frame", EndMark: the end of the input, or the next frame's magic number.
      outPos = outEnd = 0;
      state = options.singleFrame() ? State.END : State.BETWEEN_FRAMES;
      return;
    }
    long blockOffset = walker.blockOffset();
    int w = walker.blockSize();
    ensureCbuf(w, LEGACY_MAX_COMPRESSED);
    walker.readBlock(cbuf, 0);
    int n;
    try {
      int room = maxDecoded(w, LEGACY_BLOCK_SIZE);
      ensureWin(room, 0);
      n = BlockCodec.decompress(cbuf, 0, w, win, 0, room, null, 0, 0);
    } catch (Lz4Exception e) {
      throw legacyCorrupt(blockOffset, e);
    }
    produced(n, blockOffset);
    view = win;
    outPos = 0;
    outEnd = n;
  }

  /** Starts a frame (LZ4 or legacy) on the parallel path when there is one and its blocks are independent. */
  private void startParallel(byte[] dict, boolean hashed) throws IOException {
    parallelFrame = pipeline != null && !linked;
    frameDict = dict;
    aheadEnded = false;
    if (parallelFrame) {
      pipeline.startFrame(hashed ? contentHash : null);
    }
  }

  /**
   * Hands out the next block of a parallel frame: first reads ahead as far as allowed, then waits
   * for the oldest block, and checks what the sequential path checks after decoding, in its
   * order. At the end of the frame's blocks, throws what the read-ahead met there, or ends the
   * frame as the sequential path does.
   */
  private void readParallel() throws IOException {
    if (current != null) {
      pipeline.recycle(current);
      current = null;
    }
    readAhead();
    BlockDecodePipeline.Block b = pipeline.take();
    if (b == null) {
      if (aheadFailure != null) {
        Throwable t = aheadFailure;
        aheadFailure = null;
        FailureLatch.rethrow(t);
      }
      if (state == State.LEGACY) {
        outPos = outEnd = 0;
        state = options.singleFrame() ? State.END : State.BETWEEN_FRAMES;
      } else {
        endFrame();
      }
      return;
    }
    current = b;
    produced(b.n, b.offset); // the tasks have added it to the content checksum
    view = b.result;
    outPos = 0;
    outEnd = b.n;
  }

  /**
   * Reads the current frame's next blocks and submits them, until {@link BlockDecodePipeline#maxInFlight()}
   * are in flight or the frame's blocks end. What goes wrong is kept in {@link #aheadFailure} and
   * stops the read-ahead: the blocks before it are handed out first.
   */
  private void readAhead() {
    boolean legacy = state == State.LEGACY;
    while (!aheadEnded && aheadFailure == null && pipeline.inFlight() < pipeline.maxInFlight()) {
      try {
        if (!walker.nextBlock()) {
          aheadEnded = true;
          return;
        }
        BlockDecodePipeline.Block b = pipeline.obtain();
        b.offset = walker.blockOffset();
        b.size = walker.blockSize();
        b.stored = walker.blockStored();
        b.legacy = legacy;
        b.blockMax = blockMax;
        b.dict = frameDict;
        walker.readBlock(b.data(b.size, legacy ? LEGACY_MAX_COMPRESSED : blockMax), 0);
        b.verify = walker.hasBlockChecksum() && options.verifyChecksums();
        b.checksum = walker.blockChecksum();
        b.end = src.offset();
        pipeline.submit(b);
      } catch (IOException | RuntimeException | Error e) {
        aheadFailure = e;
      }
    }
  }

  /**
   * A task of the parallel path: what {@link #readFrameBlock} and {@link #readLegacyBlock} do
   * between reading a block and counting it, with the same errors. Touches only {@code b}.
   */
  private static void decodeBlock(BlockDecodePipeline.Block b) throws IOException {
    try {
      if (b.verify) {
        int computed = XxHash32.hash(b.data, 0, b.size, XXH32_SEED);
        if (b.checksum != computed) {
          throw blockChecksumMismatch(b.offset, b.size, b.checksum, computed);
        }
      }
      if (b.stored) {
        b.result = b.data;
        b.n = b.size;
        return;
      }
      int room = maxDecoded(b.size, b.blockMax);
      int dictLen = b.dict == null ? 0 : b.dict.length;
      try {
        b.n = BlockCodec.decompress(b.data, 0, b.size, b.out(room), 0, room, b.dict, 0, dictLen);
      } catch (Lz4Exception e) {
        throw b.legacy ? legacyCorrupt(b.offset, e) : blockCorrupt(b.offset, e);
      }
      b.result = b.out;
    } catch (RuntimeException e) {
      // as fill() does: nothing hostile input does may escape as anything but an IOException
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, b.end,
          "corrupted input near offset " + b.end + ": " + e, e);
    }
  }

  static Lz4StreamException blockChecksumMismatch(long blockOffset, int size, int stored32, int computed) {
    long at = blockOffset + 4 + size;
    return new Lz4StreamException(Kind.CHECKSUM, at, "block checksum mismatch at offset " + at + " (block at offset "
        + blockOffset + "): stored 0x" + Integer.toHexString(stored32) + ", computed 0x"
        + Integer.toHexString(computed));
  }

  static Lz4StreamException blockCorrupt(long blockOffset, Lz4Exception e) {
    return new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset,
        "corrupted block at offset " + blockOffset + " (data starts at offset "
        + (blockOffset + 4) + "): " + e.getMessage(), e);
  }

  static Lz4StreamException legacyCorrupt(long blockOffset, Lz4Exception e) {
    return new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset,
        "corrupted legacy block at offset " + blockOffset + ": " + e.getMessage(), e);
  }

  /** After a failure, and on close: drops the blocks in flight and waits out the running tasks. */
  private void dropPipeline() {
    if (pipeline != null) {
      pipeline.cancel();
      current = null;
      aheadFailure = null;
      view = win;
    }
  }
}
