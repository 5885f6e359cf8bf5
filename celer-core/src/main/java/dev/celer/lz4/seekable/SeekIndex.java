package dev.celer.lz4.seekable;

import dev.celer.internal.frame.Lz4FrameFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The seek index of a seekable LZ4 file ({@code docs/seekable-format.md}, version 1): where
 * each data frame and each block starts in the file, and at which decoded offset each block's
 * content starts. The byte layout is drawn above {@code SeekIndexFormat}, which parses and
 * writes it.
 *
 * <p>Blocks are numbered 0..{@link #blockCount()}-1 in file order, frames 0..{@link
 * #frameCount()}-1. Block {@code i} holds the decoded bytes {@code [contentOffset(i),
 * contentOffset(i) + decodedLength(i))}. Instances come from {@link SeekableLz4Reader#index()},
 * {@link SeekableLz4Indexer}, the writer and {@link LazySeekIndex#window} (part of a file's
 * blocks), always validated; they are immutable and thread-safe.
 *
 * <pre>{@code
 * SeekIndex index = SeekableLz4Indexer.index(path);
 * int block = index.blockAt(position);
 * long compressedAt = index.blockOffset(block);
 * }</pre>
 */
public final class SeekIndex {
  final long[] frameOffsets;
  final byte[] frameFlg;
  final byte[] frameBd;
  final byte[] frameHeaderSize;
  final int[] frameDictId;
  /** First block of each frame; ascending. */
  final int[] frameFirstBlock;
  final long[] blockOffsets;
  final long[] contentOffsets;
  final long contentSize;
  final long dataSize;

  SeekIndex(long[] frameOffsets, byte[] frameFlg, byte[] frameBd, byte[] frameHeaderSize, int[] frameDictId,
      int[] frameFirstBlock, long[] blockOffsets, long[] contentOffsets, long contentSize, long dataSize) {
    this.frameOffsets = frameOffsets;
    this.frameFlg = frameFlg;
    this.frameBd = frameBd;
    this.frameHeaderSize = frameHeaderSize;
    this.frameDictId = frameDictId;
    this.frameFirstBlock = frameFirstBlock;
    this.blockOffsets = blockOffsets;
    this.contentOffsets = contentOffsets;
    this.contentSize = contentSize;
    this.dataSize = dataSize;
  }

  /** {@return the number of data frames listed (frames holding at least one block)} */
  public int frameCount() {
    return frameOffsets.length;
  }

  /** {@return the number of data blocks listed} */
  public int blockCount() {
    return blockOffsets.length;
  }

  /** {@return the total decoded size of the listed frames} */
  public long contentSize() {
    return contentSize;
  }

  /**
   * {@return the length of the data the index describes: the offset of the index frame in the
   * file, or the data file's length for a side-car index}
   */
  public long dataSize() {
    return dataSize;
  }

  /**
   * {@return the offset in the file of block {@code i}'s 4-byte Block Size word}
   *
   * @param i a block's number, from 0
   */
  public long blockOffset(int i) {
    return blockOffsets[i];
  }

  /**
   * {@return the decoded offset of block {@code i}'s first byte}
   *
   * @param i a block's number, from 0
   */
  public long contentOffset(int i) {
    return contentOffsets[i];
  }

  /**
   * {@return the number of bytes block {@code i} decodes to}
   *
   * @param i a block's number, from 0
   */
  public int decodedLength(int i) {
    long end = i + 1 < contentOffsets.length ? contentOffsets[i + 1] : contentSize;
    return (int) (end - contentOffsets[i]);
  }

  /**
   * {@return the block that holds decoded byte {@code position}, or -1 when {@code position} is
   * outside {@code [0, contentSize())}}
   *
   * @param position an offset in the decoded content
   */
  public int blockAt(long position) {
    if (position < 0 || position >= contentSize) {
      return -1;
    }
    int i = Arrays.binarySearch(contentOffsets, position);
    return i >= 0 ? i : -i - 2;
  }

  /**
   * {@return the frame that holds block {@code i}}
   *
   * @param i a block's number, from 0
   */
  public int frameOfBlock(int i) {
    if (i < 0 || i >= blockOffsets.length) {
      throw new IndexOutOfBoundsException("block " + i + " of " + blockOffsets.length);
    }
    int j = Arrays.binarySearch(frameFirstBlock, i);
    return j >= 0 ? j : -j - 2;
  }

  /**
   * {@return the offset in the file of frame {@code j}'s magic number}
   *
   * @param j a frame's number, from 0
   */
  public long frameOffset(int j) {
    return frameOffsets[j];
  }

  /**
   * {@return the block maximum size of frame {@code j}, in bytes}
   *
   * @param j a frame's number, from 0
   */
  public int blockMaxSize(int j) {
    return SeekIndexFormat.blockMaxSize(frameBd[j]);
  }

  /**
   * {@return whether the blocks of frame {@code j} carry a block checksum}
   *
   * @param j a frame's number, from 0
   */
  public boolean hasBlockChecksum(int j) {
    return (frameFlg[j] & Lz4FrameFormat.FLG_BLOCK_CHECKSUM) != 0;
  }

  /**
   * {@return the dictionary ID of frame {@code j}, 0 when it has none}
   *
   * @param j a frame's number, from 0
   */
  public int dictId(int j) {
    return frameDictId[j];
  }

  /** {@return the index frame as stored: appended to the data file, or as a side-car file} */
  public byte[] toBytes() {
    return SeekIndexFormat.encode(this);
  }

  /**
   * Writes {@link #toBytes()} to {@code out}.
   *
   * @param out the stream to write to
   * @throws IOException when the underlying stream or file fails
   */
  public void writeTo(OutputStream out) throws IOException {
    out.write(toBytes());
  }

  @Override
  public String toString() {
    return "SeekIndex[" + frameCount() + " frames, " + blockCount() + " blocks, " + contentSize
        + " bytes decoded, data size " + dataSize + "]";
  }

  /**
   * Collects frames and blocks in file order (for the writer and the indexer); {@link #build}
   * checks the result with the same rules a reader applies.
   */
  static final class Builder {
    private long[] fOff = new long[4];
    private byte[] fFlg = new byte[4];
    private byte[] fBd = new byte[4];
    private byte[] fHs = new byte[4];
    private int[] fDict = new int[4];
    private int[] fFirst = new int[4];
    private int frames;
    private long[] bOff = new long[64];
    private long[] cOff = new long[64];
    private int blocks;
    private long content;
    private boolean pendingFrame;

    Builder() {}

    /** Starts from everything {@code previous} lists (to append to a seekable file). */
    Builder(SeekIndex previous) {
      for (int j = 0; j < previous.frameCount(); j++) {
        int last = j + 1 < previous.frameCount() ? previous.frameFirstBlock[j + 1] : previous.blockCount();
        frame(previous.frameOffsets[j], previous.frameFlg[j] & 0xFF, previous.frameBd[j] & 0xFF,
            previous.frameHeaderSize[j], previous.frameDictId[j]);
        for (int i = previous.frameFirstBlock[j]; i < last; i++) {
          block(previous.blockOffsets[i], previous.decodedLength(i));
        }
      }
    }

    /** Starts a frame; it is listed only if a block follows. */
    Builder frame(long offset, int flg, int bd, int headerSize, int dictId) {
      if (frames == fOff.length) {
        int n = 2 * frames;
        fOff = Arrays.copyOf(fOff, n);
        fFlg = Arrays.copyOf(fFlg, n);
        fBd = Arrays.copyOf(fBd, n);
        fHs = Arrays.copyOf(fHs, n);
        fDict = Arrays.copyOf(fDict, n);
        fFirst = Arrays.copyOf(fFirst, n);
      }
      if (pendingFrame) {
        frames--; // the previous frame had no block
      }
      fOff[frames] = offset;
      fFlg[frames] = (byte) flg;
      fBd[frames] = (byte) bd;
      fHs[frames] = (byte) headerSize;
      fDict[frames] = dictId;
      fFirst[frames] = blocks;
      frames++;
      pendingFrame = true;
      return this;
    }

    /** Adds a block of the current frame that decodes to {@code decodedLength} bytes. */
    Builder block(long offset, int decodedLength) {
      if (frames == 0) {
        throw new IllegalStateException("a block before any frame");
      }
      if (blocks == bOff.length) {
        bOff = Arrays.copyOf(bOff, 2 * blocks);
        cOff = Arrays.copyOf(cOff, 2 * blocks);
      }
      bOff[blocks] = offset;
      cOff[blocks] = content;
      blocks++;
      content += decodedLength;
      pendingFrame = false;
      return this;
    }

    /** @return the decoded size so far */
    long contentSize() {
      return content;
    }

    /**
     * @param dataSize where the index frame goes (or the data file's length, for a side-car)
     * @throws IllegalStateException when the collected entries break a rule of the format
     */
    SeekIndex build(long dataSize) {
      int f = pendingFrame ? frames - 1 : frames;
      SeekIndex idx = new SeekIndex(Arrays.copyOf(fOff, f), Arrays.copyOf(fFlg, f), Arrays.copyOf(fBd, f),
          Arrays.copyOf(fHs, f), Arrays.copyOf(fDict, f), Arrays.copyOf(fFirst, f),
          Arrays.copyOf(bOff, blocks), Arrays.copyOf(cOff, blocks), content, dataSize);
      try {
        // The same checks a reader makes: what we write, we can read.
        SeekIndexFormat.parse(idx.toBytes(), dataSize, dataSize);
      } catch (IOException e) {
        throw new IllegalStateException("the collected index breaks the format: " + e.getMessage(), e);
      }
      return idx;
    }
  }
}
