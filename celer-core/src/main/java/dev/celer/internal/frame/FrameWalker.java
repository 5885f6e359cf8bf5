package dev.celer.internal.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.io.IOException;
import java.util.Objects;

/**
 * Walks the frames of an LZ4 stream ({@code doc/lz4_Frame_format.md}, version 1.6.x) and the
 * blocks inside them, without decoding anything: the one place that knows magic numbers (LZ4,
 * legacy, skippable frames), parses frame headers and reads block size words. {@code
 * Lz4FrameInputStream} decodes the blocks it finds, {@code Lz4Frame.list} counts and skips them,
 * and the seekable reader maps them.
 *
 * <p>Use, with the offsets of the compressed input at each step:
 *
 * <pre>{@code
 * while (w.nextFrame()) {                 // frameType(), frameOffset(), header()
 *   if (w.frameType() == SKIPPABLE) {     // skippableMagic(), skippableSize()
 *     continue;                           // or readSkippable(...) first; nextFrame() skips the rest
 *   }
 *   while (w.nextBlock()) {               // blockOffset(), blockSize(), blockStored()
 *     w.readBlock(buf, 0);                // or skipBlock(); then blockChecksum()
 *   }
 *   // frameEnd(), contentChecksum()
 * }
 * }</pre>
 *
 * <p>Checks everything the walk reads: magic numbers, version, reserved bits and the header
 * checksum, each block size against the frame's block maximum size (8 MB and LZ4's bound for it in
 * legacy frames). Errors are {@link Lz4StreamException}s with a kind and the offset; a stream that
 * ends inside a frame is {@link Kind#TRUNCATED}. Block and content checksums are read and handed
 * out, not verified (that needs the decoded data). A legacy frame ends at the end of the input or
 * at the next known magic number, as the lz4 tool reads it. Not thread-safe.
 */
public final class FrameWalker {
  /** The kind of frame the walker stands in. */
  public enum FrameType {
    /** An LZ4 frame (magic 0x184D2204). */
    LZ4,
    /** A legacy frame (magic 0x184C2102): blocks of 8 MB, no header, no checksums. */
    LEGACY,
    /** A skippable frame (magic 0x184D2A50..0x184D2A5F): user data to pass over. */
    SKIPPABLE
  }

  private enum State {
    /** Before a magic number. */
    BEFORE_FRAME,
    /** After a skippable frame's size: its data is next. */
    SKIPPABLE_DATA,
    /** Inside an LZ4 or legacy frame, before a block size word. */
    BLOCKS,
    /** After a block size word: the block's data (and checksum) is next. */
    BLOCK_DATA,
    /** The input ended (cleanly). */
    END
  }

  private final SourceReader src;
  private final Lz4FrameReadOptions.HeaderChecksum headerChecksum;
  private final byte[] hdr = new byte[MAX_HEADER_LENGTH];
  private final byte[] word = new byte[4];

  private State state = State.BEFORE_FRAME;
  /** A legacy frame ended at this magic number, already read: the next frame starts with it. */
  private boolean hasPendingMagic;
  private int pendingMagic;
  private int frames;

  private FrameType type;
  private long frameOffset;
  private long frameEnd = -1;
  private FrameHeader header;
  private int blockMax;
  private int skippableMagic;
  private long skippableSize;
  private long skippableRead;

  private long blockOffset;
  private int blockSize;
  private boolean blockStored;
  private int blockChecksum;
  private int contentChecksum;

  /**
   * @param src the compressed input; its offset 0 is where the walk starts
   * @param headerChecksum how the header checksum of LZ4 frames is checked
   */
  public FrameWalker(SourceReader src, Lz4FrameReadOptions.HeaderChecksum headerChecksum) {
    this.src = Objects.requireNonNull(src, "src");
    this.headerChecksum = Objects.requireNonNull(headerChecksum, "headerChecksum");
  }

  /** @return the bytes of the compressed input consumed so far */
  public long offset() {
    return src.offset();
  }

  /** @return the number of frames of every type started so far */
  public int frameCount() {
    return frames;
  }

  /**
   * Starts the next frame: reads its magic number and, for an LZ4 frame, its header; for a
   * skippable frame its size. Passes over the rest of a skippable frame first, if it was not read.
   *
   * @return false at the clean end of the input (between frames, or after a legacy frame)
   * @throws Lz4StreamException when the input is empty ({@link Kind#TRUNCATED} at offset 0), ends
   *     inside a magic number or header, starts with an unknown magic number, or has a bad header
   * @throws IllegalStateException when the blocks of the current frame were not all walked
   */
  public boolean nextFrame() throws IOException {
    switch (state) {
      case SKIPPABLE_DATA:
        src.skipFully(skippableSize - skippableRead, "a skippable frame of " + skippableSize + " bytes");
        state = State.BEFORE_FRAME;
        break;
      case BEFORE_FRAME:
        break;
      case END:
        return false;
      default:
        throw new IllegalStateException("the frame at offset " + frameOffset + " has blocks left to walk");
    }
    header = null;
    frameEnd = -1;
    int magic;
    if (hasPendingMagic) {
      hasPendingMagic = false;
      magic = pendingMagic;
      frameOffset = src.offset() - 4;
    } else {
      frameOffset = src.offset();
      if (src.readFullyOrNone(word, 0, 4, "a magic number") == 0) {
        if (frameOffset == 0) {
          throw new Lz4StreamException(Kind.TRUNCATED, 0, "not an LZ4 stream: the input is empty");
        }
        state = State.END;
        return false;
      }
      magic = Mem.getIntLE(word, 0);
    }
    if (magic == MAGIC) {
      Mem.putIntLE(hdr, 0, MAGIC);
      src.readFully(hdr, 4, 2, "a frame descriptor");
      int len = 6 + FrameHeader.remainingLength(hdr[4] & 0xFF);
      src.readFully(hdr, 6, len - 6, "a frame descriptor");
      header = FrameHeader.parse(hdr, len, headerChecksum, frameOffset);
      type = FrameType.LZ4;
      blockMax = header.blockSize().bytes();
      state = State.BLOCKS;
    } else if (magic == LEGACY_MAGIC) {
      type = FrameType.LEGACY;
      blockMax = LEGACY_MAX_COMPRESSED;
      state = State.BLOCKS;
    } else if (isSkippableMagic(magic)) {
      src.readFully(word, 0, 4, "the size of a skippable frame");
      type = FrameType.SKIPPABLE;
      skippableMagic = magic;
      skippableSize = Integer.toUnsignedLong(Mem.getIntLE(word, 0));
      skippableRead = 0;
      frameEnd = frameOffset + 8 + skippableSize;
      state = State.SKIPPABLE_DATA;
    } else {
      throw new Lz4StreamException(Kind.UNKNOWN_MAGIC, frameOffset, "unknown magic number 0x"
          + Integer.toHexString(magic) + " at offset " + frameOffset
          + (frames == 0 ? ": not an LZ4 frame" : " after " + frames + " frame(s)"));
    }
    frames++;
    return true;
  }

  /** @return the type of the current frame */
  public FrameType frameType() {
    return type;
  }

  /** @return the offset of the current frame's magic number */
  public long frameOffset() {
    return frameOffset;
  }

  /**
   * @return the offset just after the current frame's last byte, once known: for a skippable
   *     frame from its start, for the others once {@link #nextBlock()} returned false; else -1
   */
  public long frameEnd() {
    return frameEnd;
  }

  /** @return the header of the current LZ4 frame; null for legacy and skippable frames */
  public FrameHeader header() {
    return header;
  }

  /** @return the magic number of the current skippable frame, 0x184D2A50..0x184D2A5F */
  public int skippableMagic() {
    return skippableMagic;
  }

  /** @return the size of the current skippable frame's data (unsigned 32 bits) */
  public long skippableSize() {
    return skippableSize;
  }

  /**
   * Reads the next {@code len} bytes of the current skippable frame's data into {@code dst}.
   *
   * @throws IllegalStateException when not in a skippable frame, or {@code len} exceeds what is left
   */
  public void readSkippable(byte[] dst, int off, int len) throws IOException {
    if (state != State.SKIPPABLE_DATA || len > skippableSize - skippableRead) {
      throw new IllegalStateException("no " + len + " bytes of skippable frame data to read here");
    }
    src.readFully(dst, off, len, "a skippable frame of " + skippableSize + " bytes");
    skippableRead += len;
  }

  /**
   * Reads the next block size word of the current LZ4 or legacy frame, passing over the data of
   * the previous block if it was not read.
   *
   * @return true when a data block follows ({@link #blockOffset()}, {@link #blockSize()}, {@link
   *     #blockStored()}); false at the end of the frame: after an LZ4 frame's EndMark (and content
   *     checksum, see {@link #contentChecksum()}), or where a legacy frame ends (end of input, or a
   *     known magic number, which the next {@link #nextFrame()} starts with)
   * @throws Lz4StreamException when the input ends inside the word or the size is out of range
   */
  public boolean nextBlock() throws IOException {
    if (state == State.BLOCK_DATA) {
      skipBlock();
    }
    if (state != State.BLOCKS) {
      throw new IllegalStateException("not inside the blocks of a frame");
    }
    blockOffset = src.offset();
    if (type == FrameType.LEGACY) {
      return nextLegacyBlock();
    }
    // tryRead: in memory, the message (a new string) is built only when the input is cut short
    if (!src.tryRead(word, 0, 4)) {
      src.readFully(word, 0, 4, "a block size (frame at offset " + frameOffset + ")");
    }
    int w = Mem.getIntLE(word, 0);
    if (w == END_MARK) {
      if (header.contentChecksum() && !src.tryRead(word, 0, 4)) {
        src.readFully(word, 0, 4, "the content checksum (frame at offset " + frameOffset + ")");
      }
      if (header.contentChecksum()) {
        contentChecksum = Mem.getIntLE(word, 0);
      }
      frameEnd = src.offset();
      state = State.BEFORE_FRAME;
      return false;
    }
    blockStored = (w & BLOCK_UNCOMPRESSED_BIT) != 0;
    blockSize = w & BLOCK_SIZE_MASK;
    if (blockSize > blockMax) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, blockOffset, "block size " + blockSize
          + " exceeds the frame's block maximum size " + blockMax + " at offset " + blockOffset);
    }
    state = State.BLOCK_DATA;
    return true;
  }

  private boolean nextLegacyBlock() throws IOException {
    if (!src.tryRead(word, 0, 4)
        && src.readFullyOrNone(word, 0, 4, "a legacy block size (frame at offset " + frameOffset + ")") == 0) {
      // "Legacy frame", EndMark: the end is implicit; the end of the input ends the frame.
      frameEnd = src.offset();
      state = State.END;
      return false;
    }
    int w = Mem.getIntLE(word, 0);
    if (isKnownMagic(w)) {
      // "Legacy frame", EndMark: a known magic number ends the frame and starts the next.
      pendingMagic = w;
      hasPendingMagic = true;
      frameEnd = blockOffset;
      state = State.BEFORE_FRAME;
      return false;
    }
    if (w <= 0 || w > LEGACY_MAX_COMPRESSED) {
      // A word above the bound cannot be a block size; like lz4, read it as the magic number of
      // something that is not a frame (unknown magic). A size of 0 is a corrupt block.
      Kind kind = w == 0 ? Kind.CORRUPT_BLOCK : Kind.UNKNOWN_MAGIC;
      throw new Lz4StreamException(kind, blockOffset, "legacy block compressed size "
          + Integer.toUnsignedString(w) + " out of range 1.." + LEGACY_MAX_COMPRESSED + " at offset " + blockOffset);
    }
    blockStored = false;
    blockSize = w;
    state = State.BLOCK_DATA;
    return true;
  }

  /** @return the offset of the current block's size word (or of the EndMark, once reached) */
  public long blockOffset() {
    return blockOffset;
  }

  /** @return the stored length of the current block's data (without size word or checksum) */
  public int blockSize() {
    return blockSize;
  }

  /** @return whether the current block's data is stored uncompressed (always false in legacy frames) */
  public boolean blockStored() {
    return blockStored;
  }

  /** @return whether the blocks of the current frame are followed by a checksum */
  public boolean hasBlockChecksum() {
    return header != null && header.blockChecksum();
  }

  /**
   * Reads the current block's data into {@code dst[off, off + blockSize())}, and its checksum
   * when the frame has block checksums ({@link #blockChecksum()}).
   */
  public void readBlock(byte[] dst, int off) throws IOException {
    if (state != State.BLOCK_DATA) {
      throw new IllegalStateException("no block to read here");
    }
    String what = (type == FrameType.LEGACY ? "a legacy block of " : "a block of ") + blockSize
        + " bytes at offset " + blockOffset;
    src.readFully(dst, off, blockSize, what);
    if (hasBlockChecksum()) {
      src.readFully(word, 0, 4, "the checksum of " + what);
      blockChecksum = Mem.getIntLE(word, 0);
    }
    state = State.BLOCKS;
  }

  /**
   * For an input read in memory ({@link SourceReader#SourceReader(Object, int, int)}): passes over
   * the current block's data, to be read in place, and reads its checksum as {@link #readBlock}
   * does, with the same truncation errors.
   *
   * @return the index of the block's first data byte in the reader's base
   */
  public int readBlockInPlace() throws IOException {
    if (state != State.BLOCK_DATA) {
      throw new IllegalStateException("no block to read here");
    }
    long start = src.offset();
    int at = src.inPlace(blockSize);
    if (at < 0 || hasBlockChecksum() && !src.tryRead(word, 0, 4)) {
      String what = (type == FrameType.LEGACY ? "a legacy block of " : "a block of ") + blockSize
          + " bytes at offset " + blockOffset;
      if (at < 0) {
        throw src.truncatedSince(what, start);
      }
      src.readFully(word, 0, 4, "the checksum of " + what);
    }
    if (hasBlockChecksum()) {
      blockChecksum = Mem.getIntLE(word, 0);
    }
    state = State.BLOCKS;
    return at;
  }

  /** Passes over the current block's data (and checksum) without reading it. */
  public void skipBlock() throws IOException {
    if (state != State.BLOCK_DATA) {
      throw new IllegalStateException("no block to skip here");
    }
    src.skipFully(blockSize + (hasBlockChecksum() ? 4L : 0L), "a block of " + blockSize + " bytes at offset "
        + blockOffset);
    state = State.BLOCKS;
  }

  /** @return the stored checksum of the block last read by {@link #readBlock} */
  public int blockChecksum() {
    return blockChecksum;
  }

  /** @return the stored content checksum of the LZ4 frame that just ended, when it has one */
  public int contentChecksum() {
    return contentChecksum;
  }
}
