package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One-shot helpers for the LZ4 frame format ({@code doc/lz4_Frame_format.md}, version 1.6.x):
 * compress and decompress whole arrays, write skippable frames, and list the frames of a stream
 * without decoding them. Only static members; thread-safe.
 */
public final class Lz4Frame {
  private Lz4Frame() {}

  /** @return {@code src} as one LZ4 frame written with the default options */
  public static byte[] compress(byte[] src) {
    return compress(src, Lz4FrameOptions.defaults());
  }

  /**
   * @return {@code src} as one frame written with {@code options}, exactly what {@link
   *     Lz4FrameOutputStream} writes for the same input
   * @throws IllegalArgumentException when {@code options} announce a content size other than
   *     {@code src.length}
   */
  public static byte[] compress(byte[] src, Lz4FrameOptions options) {
    Objects.requireNonNull(src, "src");
    Lz4FrameOptions o = options.toBuilder().closeUnderlying(true).build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.max(64, src.length / 2));
    try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(bytes, o)) {
      out.write(src);
    } catch (IOException e) {
      // Only a content size that does not match src can fail here.
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return bytes.toByteArray();
  }

  /**
   * Decodes all frames of {@code src} (concatenated frames, skippable and legacy frames as {@link
   * Lz4FrameInputStream} reads them) with the default read options; the output is capped at
   * {@link Lz4FrameReadOptions#DEFAULT_MAX_ONE_SHOT_SIZE}.
   *
   * @throws Lz4StreamException when {@code src} is malformed, truncated, corrupted or decodes to
   *     more than the cap
   */
  public static byte[] decompress(byte[] src) throws Lz4StreamException {
    return decompress(src, Lz4FrameReadOptions.defaults());
  }

  /**
   * As {@link #decompress(byte[])}, with {@code options}; the output is capped at {@link
   * Lz4FrameReadOptions#maxOneShotSize()}.
   *
   * <p>Memory: when every frame declares its content size (and its blocks can decode to that
   * much), the result is allocated once at its exact size; otherwise it is decoded into chunks
   * and copied once into an array of the exact size (about twice the result in all). Beyond
   * that, the stream's buffers: one block and its compressed form.
   */
  public static byte[] decompress(byte[] src, Lz4FrameReadOptions options) throws Lz4StreamException {
    Objects.requireNonNull(src, "src");
    // The total output limit: maxOneShotSize, or maxTotalOutputSize when that is smaller.
    boolean oneShotLimit = options.maxOneShotSize() <= options.maxTotalOutputSize();
    int cap = (int) Math.min(options.maxOneShotSize(), options.maxTotalOutputSize());
    String capName = "Lz4FrameReadOptions." + (oneShotLimit ? "maxOneShotSize" : "maxTotalOutputSize");
    try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(src), options, cap, capName)) {
      long declared = declaredContentSize(src, options, cap);
      if (declared >= 0) {
        // Every frame declares its content size, and the stream checks each against what it
        // decodes: one array of the exact size, filled once.
        byte[] out = new byte[(int) declared];
        int n = 0;
        for (int r; n < out.length && (r = in.read(out, n, out.length - n)) >= 0; ) {
          n += r;
        }
        if (n == out.length && in.read() < 0) {
          return out;
        }
        throw new Lz4StreamException(Lz4StreamException.Kind.CORRUPT_BLOCK, in.compressedBytesRead(),
            "the frames decode to other than the " + declared + " bytes their headers declare");
      }
      return readChunked(in, cap, capName, (int) Math.min(cap, Math.max(256L, Math.min(src.length * 4L, 1 << 20))));
    } catch (Lz4StreamException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException("unexpected I/O failure on an in-memory stream", e);
    }
  }

  /** The largest chunk {@link #readChunked} allocates: bounds the unused tail of the last one. */
  private static final int MAX_CHUNK = 16 << 20;

  /**
   * Reads {@code in} to its end into chunks (the first of {@code first} bytes, each next one as
   * large as all before it, at most {@link #MAX_CHUNK}), then copies them once into an array of
   * the exact size: about twice the output in all, where doubling one array and trimming it
   * allocated about three and a half times.
   */
  private static byte[] readChunked(Lz4FrameInputStream in, int cap, String capName, int first)
      throws IOException {
    List<byte[]> full = new ArrayList<>();
    long total = 0;
    byte[] chunk = new byte[first];
    int n = 0;
    while (true) {
      if (n == chunk.length) {
        // A full chunk: a next one only when a next byte comes (so an output that fills its
        // chunks exactly allocates no empty one).
        int next = in.read();
        if (next < 0) {
          break;
        }
        full.add(chunk);
        total += n;
        if (total == cap) { // the stream's own total limit fails first; kept as a guard of the array sizes
          throw new Lz4StreamException(Lz4StreamException.Kind.LIMIT, in.compressedBytesRead(),
              "decompressed size exceeds the limit of " + cap + " bytes (" + capName + ")");
        }
        chunk = new byte[(int) Math.min(cap - total, Math.min(MAX_CHUNK, Math.max(chunk.length, total)))];
        chunk[0] = (byte) next;
        n = 1;
      }
      int r = in.read(chunk, n, chunk.length - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    if (full.isEmpty()) {
      return n == chunk.length ? chunk : Arrays.copyOf(chunk, n);
    }
    byte[] out = new byte[(int) (total + n)];
    int at = 0;
    for (byte[] c : full) {
      System.arraycopy(c, 0, out, at, c.length);
      at += c.length;
    }
    System.arraycopy(chunk, 0, out, at, n);
    return out;
  }

  /**
   * The total content size that the frames of {@code src} declare, when it can size the output:
   * every LZ4 frame declares one, there is no legacy frame, the total is within {@code cap}, and
   * each frame's blocks can decode to that much (a block to at most its block maximum size, and
   * a compressed one to at most 255 times its length), so a header cannot make the one-shot
   * allocate more than its input could produce. Otherwise, or when the walk finds an error (the
   * decoding reports it), -1. Walks headers and block size words only.
   */
  private static long declaredContentSize(byte[] src, Lz4FrameReadOptions options, int cap) {
    FrameWalker w = new FrameWalker(new SourceReader(new ByteArrayInputStream(src)), options.headerChecksum());
    long total = 0;
    try {
      while (w.nextFrame()) {
        if (w.frameType() == FrameWalker.FrameType.SKIPPABLE) {
          continue;
        }
        FrameHeader h = w.header();
        if (h == null || !h.hasContentSize() || h.contentSize() < 0 || h.contentSize() > cap - total) {
          return -1;
        }
        int max = h.blockSize().bytes();
        long possible = 0;
        while (w.nextBlock()) {
          possible += w.blockStored() ? w.blockSize() : Lz4FrameInputStream.maxDecoded(w.blockSize(), max);
          w.skipBlock();
        }
        if (h.contentSize() > possible) {
          return -1;
        }
        total += h.contentSize();
        if (options.singleFrame()) {
          break; // the bytes after the first frame are not read
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return total;
  }

  /**
   * Writes a skippable frame: magic number {@code 0x184D2A50 | (nibble & 0xF)}, the payload length
   * (little-endian 32-bit), the payload. Readers of LZ4 frames skip it.
   *
   * @param nibble the magic number's user-chosen low 4 bits, 0..15
   * @throws IllegalArgumentException when {@code nibble} is not 0..15
   */
  public static void writeSkippableFrame(OutputStream out, int nibble, byte[] data, int off, int len)
      throws IOException {
    if (nibble < 0 || nibble > 15) {
      throw new IllegalArgumentException("skippable frame nibble must be 0..15: " + nibble);
    }
    Objects.checkFromIndexSize(off, len, data.length);
    byte[] h = new byte[8];
    Mem.putIntLE(h, 0, SKIPPABLE_MAGIC_BASE | nibble);
    Mem.putIntLE(h, 4, len);
    out.write(h);
    out.write(data, off, len);
  }

  /**
   * Walks the frames of {@code in} up to its end without decoding any block: reads headers and
   * block size words, skips block data. Checks what it reads (magic numbers, descriptors, header
   * checksums, block sizes) but no block or content checksum. Does not close {@code in}.
   *
   * @return one entry per frame, skippable frames included, in input order
   * @throws Lz4StreamException when the input is malformed or truncated
   */
  public static List<Lz4FrameInfo> list(InputStream in) throws IOException {
    return list(in, Lz4FrameReadOptions.defaults());
  }

  /** As {@link #list(InputStream)}; {@code options} sets how header checksums are checked. */
  public static List<Lz4FrameInfo> list(InputStream in, Lz4FrameReadOptions options) throws IOException {
    FrameWalker w = new FrameWalker(new SourceReader(Objects.requireNonNull(in, "in")), options.headerChecksum());
    List<Lz4FrameInfo> frames = new ArrayList<>();
    while (w.nextFrame()) {
      if (w.frameType() == FrameWalker.FrameType.SKIPPABLE) {
        frames.add(new Lz4FrameInfo(Lz4FrameInfo.Type.SKIPPABLE, w.frameOffset(), w.frameEnd() - w.frameOffset(),
            null, 0, 0, w.skippableMagic()));
        continue; // the next nextFrame() passes over its data
      }
      long blocks = 0;
      long stored = 0;
      while (w.nextBlock()) {
        blocks++;
        if (w.blockStored()) {
          stored++;
        }
        w.skipBlock();
      }
      Lz4FrameInfo.Type type =
          w.frameType() == FrameWalker.FrameType.LZ4 ? Lz4FrameInfo.Type.FRAME : Lz4FrameInfo.Type.LEGACY;
      frames.add(new Lz4FrameInfo(type, w.frameOffset(), w.frameEnd() - w.frameOffset(), w.header(), blocks,
          stored, 0));
    }
    return frames;
  }
}
