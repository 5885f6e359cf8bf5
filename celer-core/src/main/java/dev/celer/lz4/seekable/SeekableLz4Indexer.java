package dev.celer.lz4.seekable;

import static dev.celer.internal.frame.Lz4FrameFormat.XXH32_SEED;

import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import dev.celer.xxhash.XxHash32;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Builds the seek index of an existing LZ4 frame file, for example one the stock {@code lz4}
 * tool wrote with its default independent blocks ({@code -BI}), so that {@link
 * SeekableLz4Reader} can read it at random positions. One pass over the file decodes every block
 * (block headers do not carry the decoded size) and verifies every block and content checksum
 * and content size on the way. The index is appended to the file ({@link #appendIndex}) or
 * written to a side-car file ({@link #writeSidecar}).
 *
 * <p>Frames with linked blocks ({@code -BD}), legacy frames and frames with a dictionary ID
 * cannot be indexed ({@link Kind#NOT_SEEKABLE}); skippable frames (an earlier index, too) are
 * passed over. Memory: two blocks (8 MB at most). Stateless; each call is independent.
 *
 * <pre>{@code
 * SeekableLz4Indexer.appendIndex(Paths.get("data.lz4"));   // made by lz4, now seekable
 * try (SeekableLz4Reader r = SeekableLz4Reader.open(Paths.get("data.lz4"))) {
 *   byte[] part = r.readFully(123_456_789L, 4096);
 * }
 * }</pre>
 */
public final class SeekableLz4Indexer {
  private static final Lz4Decompressor DECODER = Lz4.decompressor();

  private SeekableLz4Indexer() {}

  /**
   * Indexes the frames of {@code in}, read to its end; its first byte is offset 0. Not closed.
   *
   * @param in the stream to read
   * @return the index; its {@link SeekIndex#dataSize()} is the number of bytes read
   * @throws Lz4StreamException when the stream is not valid LZ4 frames, or holds frames that cannot
   *     be indexed ({@link Kind#NOT_SEEKABLE})
   */
  public static SeekIndex index(InputStream in) throws IOException {
    SourceReader src = new SourceReader(in);
    FrameWalker w = new FrameWalker(src, Lz4FrameReadOptions.HeaderChecksum.STANDARD);
    SeekIndex.Builder b = new SeekIndex.Builder();
    byte[] block = new byte[0];
    byte[] out = new byte[0];
    while (w.nextFrame()) {
      switch (w.frameType()) {
        case SKIPPABLE:
          continue;
        case LEGACY:
          throw new Lz4StreamException(Kind.NOT_SEEKABLE, w.frameOffset(), "legacy frame at offset "
              + w.frameOffset() + ": its blocks are not described by a frame header; cannot index it");
        default:
          break;
      }
      FrameHeader h = w.header();
      if (!h.blockIndependence()) {
        throw new Lz4StreamException(Kind.NOT_SEEKABLE, w.frameOffset(), "frame at offset " + w.frameOffset()
            + " has linked blocks (lz4 -BD), which decode only from the frame start; cannot index it");
      }
      if (h.hasDictId()) {
        throw new Lz4StreamException(Kind.NOT_SEEKABLE, w.frameOffset(), "frame at offset " + w.frameOffset()
            + " needs a dictionary; cannot index it");
      }
      int max = h.blockSize().bytes();
      if (block.length < max) {
        block = new byte[max];
        out = new byte[max];
      }
      b.frame(w.frameOffset(), h.flg(), h.bd(), h.headerLength(), 0);
      XxHash32 content = h.contentChecksum() ? XxHash32.create(XXH32_SEED) : null;
      long decoded = 0;
      while (w.nextBlock()) {
        long at = w.blockOffset();
        int size = w.blockSize();
        w.readBlock(block, 0);
        if (w.hasBlockChecksum()) {
          int computed = XxHash32.hash(block, 0, size, XXH32_SEED);
          if (computed != w.blockChecksum()) {
            throw new Lz4StreamException(Kind.CHECKSUM, at + 4 + size, "block checksum mismatch at offset " + at);
          }
        }
        int n;
        byte[] data;
        if (w.blockStored()) {
          n = size;
          data = block;
        } else {
          try {
            n = DECODER.decompress(block, 0, size, out, 0, max);
          } catch (Lz4Exception e) {
            throw new Lz4StreamException(Kind.CORRUPT_BLOCK, at, "corrupt block at offset " + at + ": "
                + e.getMessage(), e);
          }
          data = out;
        }
        if (n == 0) {
          throw new Lz4StreamException(Kind.CORRUPT_BLOCK, at, "block at offset " + at + " decodes to no bytes");
        }
        if (content != null) {
          content.update(data, 0, n);
        }
        decoded += n;
        b.block(at, n);
      }
      if (h.hasContentSize() && h.contentSize() != decoded) {
        throw new Lz4StreamException(Kind.CORRUPT_BLOCK, w.frameOffset(), "frame at offset " + w.frameOffset()
            + " announces " + Long.toUnsignedString(h.contentSize()) + " bytes but decodes to " + decoded);
      }
      if (content != null && content.digest() != w.contentChecksum()) {
        throw new Lz4StreamException(Kind.CHECKSUM, w.frameEnd() - 4, "content checksum mismatch in the frame at offset "
            + w.frameOffset());
      }
    }
    return b.build(w.offset());
  }

  /**
   * Indexes the file {@code file} ({@link #index(InputStream)}).
   *
   * @param file the file
   * @return the file's seek index
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekIndex index(Path file) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      return index(in);
    }
  }

  /**
   * Indexes {@code file} and appends the index to it, which makes it a seekable file that stock
   * {@code lz4} still decodes (lz4 up to 1.9.3 only from a file, not from a pipe).
   *
   * @param file the file
   * @return the file's seek index
   * @throws IOException when the file changed length while it was indexed (nothing is appended)
   */
  public static SeekIndex appendIndex(Path file) throws IOException {
    SeekIndex idx = index(file);
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      long size = Files.size(file);
      if (size != idx.dataSize()) {
        throw new IOException(file + " changed while it was indexed: " + size + " bytes, indexed " + idx.dataSize());
      }
      idx.writeTo(out);
    }
    return idx;
  }

  /**
   * {@return the side-car path Celer uses for {@code file}: its name with {@code .idx} added}
   *
   * @param file the file
   */
  public static Path sidecarPath(Path file) {
    return file.resolveSibling(file.getFileName() + ".idx");
  }

  /**
   * Indexes {@code file} and writes the index to {@link #sidecarPath(Path)}, leaving the file as it is.
   *
   * @param file the file
   * @return the file's seek index
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekIndex writeSidecar(Path file) throws IOException {
    return writeSidecar(file, sidecarPath(file));
  }

  /**
   * Indexes {@code file} and writes the index to {@code sidecar} (replaced if present).
   *
   * @param file the file
   * @param sidecar where to write the side-car index
   * @return the file's seek index
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekIndex writeSidecar(Path file, Path sidecar) throws IOException {
    SeekIndex idx = index(file);
    Files.write(sidecar, idx.toBytes());
    return idx;
  }
}
