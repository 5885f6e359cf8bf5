package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.StatePool;
import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamCompressor;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.xxhash.XxHash32;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The one-shot frame calls of {@link Lz4Frame} ({@code doc/lz4_Frame_format.md}, version 1.6.x)
 * without a stream: frames are walked in place by the one {@link FrameWalker} (over an in-memory
 * {@link SourceReader}), each block is decoded straight from the input into the output, or
 * encoded straight from the input into the output.
 *
 * <p>The decoder is {@link Lz4FrameInputStream}'s loop laid over memory: the same checks in the
 * same order (block checksum, then the block, then the limits and the content size; at the end of
 * a frame the content checksum, then the content size), the same {@link Lz4StreamException} kinds,
 * offsets and messages; the tests and a fuzz target compare the two on any input. Where the
 * output cannot hold a block's room (a fixed destination, a limit), the block is decoded a second
 * time aside, only to learn what the stream would report. The output is either fixed (an array
 * of the declared content size, a caller's buffer) or grows: first a pooled scratch array, then
 * chunks, copied once into a result of the exact size.
 *
 * <p>One case goes elsewhere (a {@link Restart}): linked blocks with a dictionary (the history
 * would be the dictionary and the output together, which the block codec takes only as one
 * prefix: the stream does it). Linked blocks read their history in place in the output, an array
 * or a buffer alike.
 * Stateless; each call builds its own {@link Decoder}.
 */
final class FrameOneShot {
  private FrameOneShot() {}

  /**
   * The largest scratch array kept in the pool between calls: a frame of one 4 MB block (its
   * worst case, or its room) and a window. Larger outputs grow into chunks that are not kept.
   */
  static final int MAX_POOLED = (4 << 20) + (128 << 10);

  /** The largest chunk a growing output adds at once, beyond what one block needs. */
  private static final int MAX_CHUNK = 16 << 20;

  /** A growable scratch array, pooled between calls (memory bounded: see {@link #MAX_POOLED}). */
  static final class Scratch {
    byte[] bytes = new byte[0];
  }

  static final StatePool<Scratch> SCRATCH = new StatePool<>(Scratch::new);

  /** Gives a scratch back to the pool unless it grew past {@link #MAX_POOLED}. */
  static void release(Scratch s) {
    if (s.bytes.length <= MAX_POOLED) {
      SCRATCH.release(s);
    }
  }

  /** Thrown (one shared instance, no stack) when a frame needs another path; see the class comment. */
  static final class Restart extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private Restart() {
      super("restart", null, false, false);
    }
  }

  static final Restart RESTART = new Restart();

  /** XXH32 with seed 0 of {@code base[off, off+len)}, a {@code byte[]} or a buffer (absolute indexes). */
  static int xxh32(Object base, int off, int len) {
    if (base instanceof byte[]) {
      return XxHash32.hash((byte[]) base, off, len, XXH32_SEED);
    }
    ByteBuffer view = ((ByteBuffer) base).duplicate();
    view.limit(off + len).position(off);
    return XxHash32.hash(view, XXH32_SEED);
  }

  // ---------------------------------------------------------------------------------- compress

  /**
   * The worst-case length of a frame of {@code srcLen} bytes written with {@code o}: the header,
   * every block at its worst (stored, or for legacy frames LZ4's bound), the EndMark and the
   * content checksum.
   */
  static long maxFrameLength(long srcLen, Lz4FrameOptions o) {
    long blockMax = o.legacy() ? LEGACY_BLOCK_SIZE : o.blockSize().bytes();
    long full = srcLen / blockMax;
    int last = (int) (srcLen % blockMax);
    if (o.legacy()) {
      long n = 4 + full * (4 + Lz4.maxCompressedLength((int) blockMax));
      return last == 0 ? n : n + 4 + Lz4.maxCompressedLength(last);
    }
    int perBlock = 4 + (o.blockChecksum() ? 4 : 0);
    long n = FrameHeader.of(o).headerLength() + full * (perBlock + blockMax);
    if (last > 0) {
      n += perBlock + last;
    }
    return n + 4 + (o.contentChecksum() ? 4 : 0);
  }

  /**
   * @return whether frames written with {@code o} can be encoded between buffers without arrays:
   *     independent blocks (or legacy frames) without a dictionary, which the block codec takes in
   *     arrays only
   */
  static boolean encodesBuffers(Lz4FrameOptions o) {
    byte[] dict = o.dictionaryNoCopy();
    return o.legacy() || !o.linkedBlocks() && (dict == null || dict.length == 0);
  }

  /** Refuses options that announce a content size other than {@code len}, as the stream would. */
  static void checkContentSize(Lz4FrameOptions o, long len) {
    long declared = o.legacy() ? -1 : o.contentSize();
    if (declared >= 0 && declared != len) {
      throw new IllegalArgumentException(declared < len
          ? "content size exceeded: the header announces " + declared + " bytes, " + len + " would be written"
          : "content size mismatch: the header announces " + declared + " bytes but " + len
              + " were written; the frame is left unfinished");
    }
  }

  /**
   * Writes {@code src[off, off+len)} as one frame into {@code dst[dstOff, dstEnd)}, the bytes
   * {@link Lz4FrameOutputStream} writes for the same input and options. {@code src} and {@code
   * dst} are both {@code byte[]}, or both {@code ByteBuffer} (absolute indexes) when {@link
   * #encodesBuffers}. A block that might not fit where it goes is encoded
   * into a pooled scratch first and copied if it fits.
   *
   * @return the frame's length, or -1 when it does not fit ({@code dst} may then be overwritten)
   */
  static int compress(Lz4FrameOptions o, Object src, int off, int len, Object dst, int dstOff, int dstEnd) {
    Lz4FrameBlockEncoder enc = Lz4FrameBlockEncoder.forStream(o);
    boolean arrays = src instanceof byte[] && dst instanceof byte[];
    boolean linked = o.linkedBlocks() && !o.legacy();
    assert arrays || encodesBuffers(o);
    int p = dstOff;
    if (o.legacy()) {
      if (dstEnd - p < 4) {
        return -1;
      }
      Mem.putIntLE(dst, p, LEGACY_MAGIC);
      p += 4;
    } else {
      FrameHeader h = FrameHeader.of(o);
      int hl = h.headerLength();
      if (dstEnd - p < hl) {
        return -1;
      }
      if (dst instanceof byte[]) {
        h.writeHeader((byte[]) dst, p, o.kafkaHeaderChecksum());
      } else {
        byte[] t = new byte[MAX_HEADER_LENGTH];
        h.writeHeader(t, 0, o.kafkaHeaderChecksum());
        Mem.copy(t, 0, dst, p, hl);
      }
      p += hl;
    }
    Lz4StreamCompressor stream = null;
    if (linked) {
      // "Dictionary ID": linked blocks start from the dictionary as history, as the stream does
      stream = Lz4.streamCompressor(o.compressor());
      byte[] dict = o.dictionaryNoCopy();
      if (dict != null) {
        stream.reset(dict, 0, dict.length);
      }
    }
    int blockMax = enc.maxBlockSize();
    Scratch scratch = null;
    try {
      for (int at = off, end = off + len; at < end; ) {
        int n = Math.min(blockMax, end - at);
        int max = enc.maxEncodedLength(n);
        int w;
        if (dstEnd - p >= max) {
          w = encodeBlock(enc, stream, arrays, src, at, n, dst, p);
        } else {
          if (scratch == null) {
            scratch = SCRATCH.acquire();
          }
          if (scratch.bytes.length < max) {
            scratch.bytes = new byte[max];
          }
          w = encodeBlock(enc, stream, src instanceof byte[], src, at, n, scratch.bytes, 0);
          if (w > dstEnd - p) {
            return -1;
          }
          Mem.copy(scratch.bytes, 0, dst, p, w);
        }
        p += w;
        at += n;
      }
    } finally {
      if (scratch != null) {
        release(scratch);
      }
      if (stream != null) {
        stream.close(); // gives a native linked HC state back to its pool
      }
    }
    if (!o.legacy()) {
      // "EndMark", then "Content Checksum": XXH32 of the whole content, which is at hand here
      if (dstEnd - p < 4 + (o.contentChecksum() ? 4 : 0)) {
        return -1;
      }
      Mem.putIntLE(dst, p, END_MARK);
      p += 4;
      if (o.contentChecksum()) {
        Mem.putIntLE(dst, p, xxh32(src, off, len));
        p += 4;
      }
    }
    return p - dstOff;
  }

  private static int encodeBlock(Lz4FrameBlockEncoder enc, Lz4StreamCompressor stream, boolean arrays, Object src,
      int off, int len, Object dst, int dstOff) {
    if (stream != null) {
      return enc.encodeLinked(stream, (byte[]) src, off, len, (byte[]) dst, dstOff);
    }
    if (arrays) {
      return enc.encode((byte[]) src, off, len, null, 0, 0, (byte[]) dst, dstOff);
    }
    return enc.encode(src, off, len, dst, dstOff);
  }

  // -------------------------------------------------------------------------------- decompress

  /**
   * One decoding of all frames of {@code src[srcOff, srcOff+srcLen)} into an output: fixed
   * ({@code out[pos, end)}) or growing (a pooled scratch, then chunks). Not thread-safe; one call.
   */
  static final class Decoder {
    private final Object src;
    private final Lz4FrameReadOptions options;
    private final long maxTotal;
    private final String maxTotalName;
    final SourceReader reader;
    private final FrameWalker walker;

    /** The output: {@code out[pos, end)} is free; a growing output is an array. */
    Object out;
    int pos;
    private int end;
    private final boolean growing;
    private Scratch scratch;
    /** Growing: where the output in {@link #out} starts, and the finished chunks before it. */
    private int chunkFrom;
    private byte[][] parts;
    private int[] partFrom;
    private int[] partTo;
    private int partCount;
    private long partBytes;

    // the frame being decoded, as in Lz4FrameInputStream
    private long frameStart;
    private FrameHeader desc;
    private long frameDecoded;
    private long totalDecoded;
    private int blockMax;
    private boolean linked;
    private byte[] dict;
    /** Where the frame's output in {@link #out} starts, and its history (linked blocks). */
    private int frameOut;
    private int histFrom;
    /** The content checksum when the frame's output spans chunks; else one hash at the end. */
    private XxHash32 hasher;
    private boolean hasherUsed;
    /** Whether a block needed more than its first attempt's room: the next ones get the full room. */
    private boolean wide;

    /** A decoder into the fixed output {@code out[outOff, outEnd)}. */
    Decoder(Object src, int srcOff, int srcLen, Object out, int outOff, int outEnd, Lz4FrameReadOptions options,
        long maxTotal, String maxTotalName) {
      this.src = src;
      this.options = options;
      this.maxTotal = maxTotal;
      this.maxTotalName = maxTotalName;
      this.reader = new SourceReader(src, srcOff, srcLen);
      this.walker = new FrameWalker(reader, options.headerChecksum());
      this.out = out;
      this.pos = outOff;
      this.end = outEnd;
      this.growing = false;
    }

    /** A decoder into a growing output (pooled scratch, then chunks); {@link #result()} gives it. */
    Decoder(byte[] src, int srcOff, int srcLen, Lz4FrameReadOptions options, long maxTotal, String maxTotalName) {
      this.src = src;
      this.options = options;
      this.maxTotal = maxTotal;
      this.maxTotalName = maxTotalName;
      this.reader = new SourceReader(src, srcOff, srcLen);
      this.walker = new FrameWalker(reader, options.headerChecksum());
      this.growing = true;
      this.scratch = SCRATCH.acquire();
      this.out = scratch.bytes;
      this.end = scratch.bytes.length;
    }

    /** Gives the pooled scratch back; call once, in a {@code finally}, after {@link #result()}. */
    void close() {
      if (scratch != null) {
        release(scratch);
        scratch = null;
      }
    }

    /** @return the decoded bytes so far, of a growing output, in a new array of their exact size */
    byte[] result() {
      byte[] cur = (byte[]) out;
      if (partCount == 0) {
        return Arrays.copyOfRange(cur, chunkFrom, pos);
      }
      byte[] r = new byte[(int) (partBytes + pos - chunkFrom)];
      int at = 0;
      for (int i = 0; i < partCount; i++) {
        int n = partTo[i] - partFrom[i];
        System.arraycopy(parts[i], partFrom[i], r, at, n);
        at += n;
      }
      System.arraycopy(cur, chunkFrom, r, at, pos - chunkFrom);
      return r;
    }

    /** @return the bytes decoded so far */
    long decoded() {
      return totalDecoded;
    }

    /**
     * Decodes every frame up to the end of the input (or the first, with {@link
     * Lz4FrameReadOptions#singleFrame()}).
     *
     * @throws Restart when a frame needs another path (see the class comment)
     */
    void run() throws Lz4StreamException {
      try {
        while (walker.nextFrame()) {
          frameStart = walker.frameOffset();
          FrameWalker.FrameType type = walker.frameType();
          if (type == FrameWalker.FrameType.SKIPPABLE) {
            continue; // the walker passes over it
          }
          if (type == FrameWalker.FrameType.LZ4) {
            lz4Frame(walker.header());
          } else {
            legacyFrame();
          }
          if (options.singleFrame()) {
            break; // the bytes after the first frame are not read
          }
        }
      } catch (Lz4StreamException | Restart e) {
        throw e;
      } catch (IOException e) {
        throw new UncheckedIOException("unexpected I/O failure on input in memory", e);
      } catch (RuntimeException e) {
        // As the stream: nothing hostile input does may escape as anything but a format error.
        throw new Lz4StreamException(Kind.CORRUPT_BLOCK, reader.offset(),
            "corrupted input near offset " + reader.offset() + ": " + e, e);
      }
    }

    private void lz4Frame(FrameHeader header) throws IOException {
      desc = header;
      if (desc.hasContentSize() && options.maxFrameContentSize() != Long.MAX_VALUE
          && Long.compareUnsigned(desc.contentSize(), options.maxFrameContentSize()) > 0) {
        throw new Lz4StreamException(Kind.LIMIT, frameStart,
            "frame at offset " + frameStart + " announces a content size of "
            + Long.toUnsignedString(desc.contentSize()) + " bytes, above the limit of "
            + options.maxFrameContentSize() + " (Lz4FrameReadOptions.maxFrameContentSize)");
      }
      byte[] d = options.dictionaryFor(desc.hasDictId(), desc.dictId());
      if (desc.hasDictId() && d == null) {
        throw new Lz4StreamException(Kind.BAD_HEADER, frameStart,
            "frame at offset " + frameStart + " needs the dictionary with ID "
            + Integer.toUnsignedString(desc.dictId()) + ", and none was given (Lz4FrameReadOptions.dictionary)");
      }
      blockMax = desc.blockSize().bytes();
      linked = !desc.blockIndependence();
      dict = d == null || d.length == 0 ? null : d;
      if (linked && dict != null) {
        throw RESTART;
      }
      frameDecoded = 0;
      frameOut = histFrom = pos;
      hasherUsed = false;
      while (walker.nextBlock()) {
        long blockOffset = walker.blockOffset();
        boolean stored = walker.blockStored();
        int size = walker.blockSize();
        int at = walker.readBlockInPlace();
        if (walker.hasBlockChecksum() && options.verifyChecksums()) {
          int stored32 = walker.blockChecksum();
          int computed = xxh32(src, at, size);
          if (stored32 != computed) {
            throw Lz4FrameInputStream.blockChecksumMismatch(blockOffset, size, stored32, computed);
          }
        }
        int n;
        if (stored) {
          // room first (bounded by what the limit still allows), then the stream's checks
          int avail = reserve(size, linked ? Math.min(WINDOW_SIZE, pos - histFrom) : 0);
          produced(size, blockOffset);
          if (avail < size) {
            throw new IllegalStateException("no room for a stored block of " + size + " bytes");
          }
          Mem.copy(src, at, out, pos, size);
          n = size;
        } else {
          n = decodeBlock(at, size, blockOffset, false);
        }
        pos += n;
      }
      endFrame();
    }

    private void endFrame() throws Lz4StreamException {
      long endMarkOffset = walker.blockOffset();
      if (desc.contentChecksum() && options.verifyChecksums()) {
        int stored32 = walker.contentChecksum();
        int computed;
        if (hasherUsed) {
          hasher.update((byte[]) out, frameOut, pos - frameOut);
          computed = hasher.digest();
        } else {
          computed = xxh32(out, frameOut, pos - frameOut);
        }
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
    }

    private void legacyFrame() throws IOException {
      frameDecoded = 0;
      blockMax = LEGACY_BLOCK_SIZE;
      linked = false;
      dict = null;
      while (walker.nextBlock()) {
        long blockOffset = walker.blockOffset();
        int w = walker.blockSize();
        int at = walker.readBlockInPlace();
        int n = decodeBlock(at, w, blockOffset, true); // may move pos (a new chunk): not "pos += decodeBlock"
        pos += n;
      }
    }

    /**
     * Decodes the compressed block {@code src[at, at+size)} at {@link #pos} with the room the
     * stream gives it ({@link Lz4FrameInputStream#maxDecoded}), and counts it.
     *
     * @return the decoded length
     */
    private int decodeBlock(int at, int size, long blockOffset, boolean legacy) throws Lz4StreamException {
      int room = Lz4FrameInputStream.maxDecoded(size, blockMax);
      // A growing output first tries less room: LZ4 rarely expands more than 16 times, and the
      // room a block is given costs even when unused (the output grows by it; the native backend
      // stages a heap output of more than 2 MB through native memory). A block that needs more is
      // decoded again with the stream's room, so results and errors stay the stream's; after one
      // such block the rest of the call gives every block the stream's room at once.
      int first = growing && !wide ? (int) Math.min(room, 16L * size + (64 << 10)) : room;
      int hist = linked ? Math.min(WINDOW_SIZE, pos - histFrom) : 0;
      int avail = reserve(first, hist);
      hist = linked ? Math.min(WINDOW_SIZE, pos - histFrom) : 0; // a new chunk keeps the history
      try {
        int n = decodeAt(at, size, out, pos, Math.min(avail, first), hist);
        produced(n, blockOffset);
        return n;
      } catch (Lz4Exception e) {
        if (first >= room && avail >= room) {
          throw corrupt(e, blockOffset, legacy);
        }
        wide = first < room;
      }
      int n;
      avail = reserve(room, hist);
      hist = linked ? Math.min(WINDOW_SIZE, pos - histFrom) : 0;
      try {
        n = decodeAt(at, size, out, pos, avail, hist);
      } catch (Lz4Exception e) {
        if (avail >= room) {
          throw corrupt(e, blockOffset, legacy);
        }
        // Less room here than the stream gives: decode aside to learn what the stream reports
        // (a limit, a content size, or a corrupt block). Only hostile or oversized input comes here.
        byte[] aside = new byte[hist + room];
        Mem.copy(out, pos - hist, aside, 0, hist);
        try {
          n = decodeAt(at, size, aside, hist, room, hist);
        } catch (Lz4Exception again) {
          throw corrupt(again, blockOffset, legacy);
        }
        produced(n, blockOffset);
        throw new IllegalStateException("a block of " + n + " bytes has " + avail + " bytes of room");
      }
      produced(n, blockOffset);
      return n;
    }

    /** One block into {@code dst[dstOff, dstOff+room)} after {@code hist} bytes of history, or with the dictionary. */
    private int decodeAt(int at, int size, Object dst, int dstOff, int room, int hist) {
      if (hist > 0) {
        return BlockCodec.decompress(src, at, size, dst, dstOff, room, dst, dstOff - hist, hist);
      }
      if (dict != null) {
        return BlockCodec.decompress(src, at, size, dst, dstOff, room, dict, 0, dict.length);
      }
      return BlockCodec.decompress(src, at, size, dst, dstOff, room);
    }

    private Lz4StreamException corrupt(Lz4Exception e, long blockOffset, boolean legacy) {
      return legacy ? Lz4FrameInputStream.legacyCorrupt(blockOffset, e) : Lz4FrameInputStream.blockCorrupt(blockOffset, e);
    }

    /** The stream's checks after a block of {@code n} bytes, in its order. */
    private void produced(int n, long blockOffset) throws Lz4StreamException {
      frameDecoded += n;
      totalDecoded += n;
      Lz4FrameInputStream.checkProduced(frameDecoded, totalDecoded, options, maxTotal, maxTotalName, frameStart, desc,
          blockOffset);
    }

    /**
     * Makes room for a block at {@link #pos}: up to {@code room} bytes, with the {@code hist}
     * bytes before {@code pos} kept in front of it. A fixed output gives what it has; a growing
     * one grows (the pooled scratch in place up to {@link #MAX_POOLED}, then a new chunk that
     * starts with a copy of the history), but never past what the total limit still allows.
     *
     * @return the room at {@link #pos}, at most {@code room}
     */
    private int reserve(int room, int hist) {
      if (end - pos >= room || !growing) {
        return Math.min(room, end - pos);
      }
      int want = (int) Math.min(room, Math.max(0, maxTotal - totalDecoded));
      if (end - pos >= want && want < room) {
        return end - pos;
      }
      byte[] cur = (byte[]) out;
      if (cur == scratch.bytes && (long) pos + want <= MAX_POOLED) {
        byte[] b = new byte[(int) Math.max(pos + want, Math.min(MAX_POOLED, 2L * cur.length))];
        System.arraycopy(cur, 0, b, 0, pos);
        scratch.bytes = b;
        out = b;
        end = b.length;
        return Math.min(room, end - pos);
      }
      // a new chunk: the output so far stays where it is, as a part of the result
      if (pos > chunkFrom) {
        addPart(cur, chunkFrom, pos);
      }
      if (hasherOn() && pos > frameOut) {
        if (hasher == null) {
          hasher = XxHash32.create(XXH32_SEED);
        }
        if (!hasherUsed) {
          hasher.reset();
          hasherUsed = true;
        }
        hasher.update(cur, frameOut, pos - frameOut);
      }
      long more = Math.max(want, Math.min(MAX_CHUNK, Math.min(partBytes, maxTotal - totalDecoded)));
      byte[] b = new byte[(int) Math.min(Integer.MAX_VALUE - 8, hist + more)];
      System.arraycopy(cur, pos - hist, b, 0, hist);
      out = b;
      end = b.length;
      pos = chunkFrom = frameOut = hist;
      histFrom = 0;
      return Math.min(room, end - pos);
    }

    private boolean hasherOn() {
      return desc != null && desc.contentChecksum() && options.verifyChecksums();
    }

    private void addPart(byte[] b, int from, int to) {
      if (parts == null || partCount == parts.length) {
        int n = parts == null ? 4 : 2 * parts.length;
        parts = parts == null ? new byte[n][] : Arrays.copyOf(parts, n);
        partFrom = partFrom == null ? new int[n] : Arrays.copyOf(partFrom, n);
        partTo = partTo == null ? new int[n] : Arrays.copyOf(partTo, n);
      }
      parts[partCount] = b;
      partFrom[partCount] = from;
      partTo[partCount] = to;
      partCount++;
      partBytes += to - from;
    }
  }
}
