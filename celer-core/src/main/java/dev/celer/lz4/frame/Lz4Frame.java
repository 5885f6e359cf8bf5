package dev.celer.lz4.frame;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.Ranges;
import dev.celer.internal.frame.FrameHeader;
import dev.celer.internal.frame.FrameWalker;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * One-shot helpers for the LZ4 frame format ({@code doc/lz4_Frame_format.md}, version 1.6.x):
 * compress and decompress whole arrays, write skippable frames, and list the frames of a stream
 * without decoding them. Only static members; thread-safe.
 *
 * <pre>{@code
 * byte[] frame = Lz4Frame.compress(data);            // one frame, default options
 * byte[] back = Lz4Frame.decompress(frame);          // throws Lz4StreamException on bad input
 * for (Lz4FrameInfo f : Lz4Frame.list(new ByteArrayInputStream(frame))) {
 *   System.out.println(f.type() + " at " + f.offset());
 * }
 * }</pre>
 *
 * For streams use {@link Lz4FrameOutputStream} and {@link Lz4FrameInputStream}.
 */
public final class Lz4Frame {
  private Lz4Frame() {}

  /**
   * Compresses {@code src} into one LZ4 frame with the default options.
   *
   * @param src the content
   * @return {@code src} as one LZ4 frame written with the default options
   */
  public static byte[] compress(byte[] src) {
    return compress(src, Lz4FrameOptions.defaults());
  }

  /**
   * Compresses {@code src} into one LZ4 frame with {@code options}.
   *
   * @param src the content
   * @param options the frame's options (block size, checksums, dictionary, ...)
   * @return {@code src} as one frame written with {@code options}, exactly what {@link
   *     Lz4FrameOutputStream} writes for the same input
   * @throws IllegalArgumentException when {@code options} announce a content size other than
   *     {@code src.length}
   */
  public static byte[] compress(byte[] src, Lz4FrameOptions options) {
    Objects.requireNonNull(src, "src");
    Objects.requireNonNull(options, "options");
    FrameOneShot.checkContentSize(options, src.length);
    long bound = FrameOneShot.maxFrameLength(src.length, options);
    if (bound > Integer.MAX_VALUE - 8) {
      return compressWithStream(src, options); // beyond an array anyway: the stream says where it fails
    }
    if (bound > FrameOneShot.MAX_POOLED) {
      byte[] out = new byte[(int) bound];
      int n = FrameOneShot.compress(options, src, 0, src.length, out, 0, out.length);
      return n == out.length ? out : Arrays.copyOf(out, n);
    }
    // Into a pooled scratch of the worst case, then one copy of the exact size: the result is
    // all this allocates (and, with linked blocks, the stream compressor's window).
    FrameOneShot.Scratch scratch = FrameOneShot.SCRATCH.acquire();
    try {
      if (scratch.bytes.length < bound) {
        scratch.bytes = new byte[(int) Math.max(bound, Math.min(FrameOneShot.MAX_POOLED, 2L * scratch.bytes.length))];
      }
      int n = FrameOneShot.compress(options, src, 0, src.length, scratch.bytes, 0, (int) bound);
      return Arrays.copyOf(scratch.bytes, n);
    } finally {
      FrameOneShot.release(scratch);
    }
  }

  /** The frame of {@code src} as {@link Lz4FrameOutputStream} writes it, through the stream. */
  private static byte[] compressWithStream(byte[] src, Lz4FrameOptions options) {
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
   * As {@link #compress(ByteBuffer, ByteBuffer, Lz4FrameOptions)} with the default options.
   *
   * @param src the content, its remaining bytes
   * @param dst where the frame is written, at its position
   * @return the frame's length, the bytes written
   */
  public static int compress(ByteBuffer src, ByteBuffer dst) {
    return compress(src, dst, Lz4FrameOptions.defaults());
  }

  /**
   * Writes the remaining bytes of {@code src} (position to limit) as one frame into {@code dst} at
   * its position: the bytes {@link #compress(byte[], Lz4FrameOptions)} returns for them. On return
   * {@code src}'s position is at its limit and {@code dst}'s advanced by the frame's length; on an
   * exception both are unchanged (bytes of {@code dst} between its position and limit may have been
   * overwritten). Heap, direct and read-only sources, heap and direct destinations; limits and byte
   * orders are not changed. A {@code dst} with {@link #maxCompressedLength(int, Lz4FrameOptions)}
   * bytes remaining always suffices.
   *
   * <p>Memory: nothing beyond a few small objects, when both buffers are heap buffers, or for
   * independent blocks without a dictionary; linked blocks also build a stream compressor (its
   * window). With linked blocks or a dictionary and a buffer that has no accessible array, the
   * input is copied into an array and the frame copied out. When {@code dst} has less room than
   * the worst case, a block that may not fit is encoded into a pooled scratch and copied.
   * Thread-safe.
   *
   * @param src the content, its remaining bytes
   * @param dst where the frame is written, at its position
   * @param options the frame's options
   * @return the frame's length, the bytes written
   * @throws Lz4Exception when the frame does not fit in {@code dst.remaining()} bytes
   * @throws IllegalArgumentException when {@code options} announce a content size other than
   *     {@code src.remaining()}, or when {@code src} and {@code dst} share bytes of one array
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public static int compress(ByteBuffer src, ByteBuffer dst, Lz4FrameOptions options) {
    Objects.requireNonNull(options, "options");
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int len = src.remaining();
    int room = dst.remaining();
    FrameOneShot.checkContentSize(options, len);
    int n;
    if (src.hasArray() && dst.hasArray()) {
      int so = src.arrayOffset() + src.position();
      int d0 = dst.arrayOffset() + dst.position();
      Ranges.checkApart(src.array(), so, len, dst.array(), d0, room, "source and destination");
      n = FrameOneShot.compress(options, src.array(), so, len, dst.array(), d0, d0 + room);
    } else if (FrameOneShot.encodesBuffers(options)) {
      Ranges.checkApart(src, src.position(), len, dst, dst.position(), room, "source and destination");
      n = FrameOneShot.compress(options, src, src.position(), len, dst, dst.position(), dst.position() + room);
    } else {
      // linked blocks or a dictionary: the block codec takes histories in arrays only
      byte[] a = new byte[len];
      Mem.copy(src, src.hasArray() ? src.arrayOffset() + src.position() : src.position(), a, 0, len);
      byte[] frame = compress(a, options);
      n = frame.length <= room ? frame.length : -1;
      if (n >= 0) {
        Mem.copy(frame, 0, dst.hasArray() ? dst.array() : dst,
            dst.hasArray() ? dst.arrayOffset() + dst.position() : dst.position(), n);
      }
    }
    if (n < 0) {
      throw new Lz4Exception("the frame of " + len + " bytes does not fit in the " + room
          + " bytes remaining in dst (Lz4Frame.maxCompressedLength: " + FrameOneShot.maxFrameLength(len, options) + ")");
    }
    src.position(src.limit());
    dst.position(dst.position() + n);
    return n;
  }

  /**
   * The worst-case length of a frame, for sizing a destination.
   *
   * @param srcLen the content's length in bytes
   * @param options the options the frame will be written with
   * @return the most bytes a frame of {@code srcLen} bytes written with {@code options} can take:
   *     a destination of this size always suffices for {@link #compress(ByteBuffer, ByteBuffer,
   *     Lz4FrameOptions)}
   * @throws IllegalArgumentException when {@code srcLen} is negative, or the bound exceeds {@code
   *     Integer.MAX_VALUE}
   */
  public static int maxCompressedLength(int srcLen, Lz4FrameOptions options) {
    if (srcLen < 0) {
      throw new IllegalArgumentException("negative length: " + srcLen);
    }
    long n = FrameOneShot.maxFrameLength(srcLen, Objects.requireNonNull(options, "options"));
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a frame of " + srcLen + " bytes may take " + n + " bytes, more than an int");
    }
    return (int) n;
  }

  /**
   * Decodes all frames of {@code src} (concatenated frames, skippable and legacy frames as {@link
   * Lz4FrameInputStream} reads them) with the default read options; the output is capped at
   * {@link Lz4FrameReadOptions#DEFAULT_MAX_ONE_SHOT_SIZE}.
   *
   * @param src one or more frames
   * @return the decoded content of all frames
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
   *
   * @param src one or more frames
   * @param options limits, checksum checks and dictionary for reading
   * @return the decoded content of all frames
   * @throws Lz4StreamException when {@code src} is malformed, truncated, corrupted or decodes to
   *     more than the cap
   */
  public static byte[] decompress(byte[] src, Lz4FrameReadOptions options) throws Lz4StreamException {
    Objects.requireNonNull(src, "src");
    Objects.requireNonNull(options, "options");
    return decompressArray(src, 0, src.length, options, oneShotCap(options), oneShotCapName(options), null);
  }

  /** A one-shot call's total output limit: maxOneShotSize, or maxTotalOutputSize when that is smaller. */
  private static int oneShotCap(Lz4FrameReadOptions options) {
    return (int) Math.min(options.maxOneShotSize(), options.maxTotalOutputSize());
  }

  /** The option {@link #oneShotCap} comes from, for the error message. */
  private static String oneShotCapName(Lz4FrameReadOptions options) {
    return options.maxOneShotSize() <= options.maxTotalOutputSize()
        ? "Lz4FrameReadOptions.maxOneShotSize" : "Lz4FrameReadOptions.maxTotalOutputSize";
  }

  /**
   * As {@link #decompress(byte[], Lz4FrameReadOptions)}, decoding blocks on {@code parallelism}
   * threads (the calling thread and tasks on {@code executor}), with the same result and the same
   * errors as one thread. A single frame of independent blocks (what {@code lz4} and Celer write
   * by default) is decoded block by block straight into its place in the result, the content
   * checksum computed in order as blocks complete; anything else (concatenated, legacy or linked
   * frames, a dictionary, or any input that fails a check) goes through {@link
   * Lz4FrameInputStream}'s parallel path (independent and legacy blocks up to {@code 2 ×
   * parallelism} at once; linked blocks on the calling thread). For example:
   *
   * <pre>{@code
   * ExecutorService pool = Executors.newFixedThreadPool(4); // shared, kept for many calls
   * byte[] content = Lz4Frame.decompress(frame, Lz4FrameReadOptions.defaults(), 4, pool);
   * }</pre>
   *
   * <p>Memory: on the direct path the result and one block (the last one, decoded first when the
   * frame does not declare its size); on the stream's path the result, built from chunks (about
   * twice the result in all), and the blocks in flight: at most {@code (2 × parallelism + 1) × 2 ×}
   * the block maximum size. Worth it for inputs of several blocks; with {@code parallelism == 1}
   * this is {@link #decompress(byte[], Lz4FrameReadOptions)}. Thread-safe (the executor is used,
   * never shut down).
   *
   * @param src one or more frames
   * @param options limits, checksum checks and dictionary for reading
   * @param parallelism 1..{@link Lz4FrameOutputStream#MAX_PARALLELISM}
   * @param executor runs the block decodes; not shut down
   * @return the decoded content of all frames
   * @throws Lz4StreamException as {@link #decompress(byte[], Lz4FrameReadOptions)}
   * @throws java.util.concurrent.RejectedExecutionException when the executor refuses a block
   * @throws java.io.UncheckedIOException wrapping {@link java.io.InterruptedIOException} when the
   *     calling thread is interrupted while it waits for a block
   */
  public static byte[] decompress(byte[] src, Lz4FrameReadOptions options, int parallelism, Executor executor)
      throws Lz4StreamException {
    Objects.requireNonNull(src, "src");
    Objects.requireNonNull(options, "options");
    if (parallelism == 1) {
      return decompress(src, options);
    }
    int cap = oneShotCap(options);
    String capName = oneShotCapName(options);
    Objects.requireNonNull(executor, "executor");
    // one frame of independent blocks (lz4's default): each block decoded straight into its place
    byte[] direct = ParallelOneShot.tryDecode(src, options, cap, parallelism, executor);
    if (direct != null) {
      return direct;
    }
    Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(src), options, cap, capName,
        parallelism, executor, null);
    return readWithStream(in, src.length, cap, capName, null);
  }

  /**
   * Decodes all frames of {@code src[off, off+len)} into a new array, at most {@code cap} bytes.
   * When every frame declares its content size (and its blocks can decode to that much), into one
   * array of the exact size; otherwise into a pooled scratch (and chunks beyond it), copied once.
   * Frames the one-shot decoder leaves to the stream (linked blocks with a dictionary) go through
   * {@link Lz4FrameInputStream}. {@code consumed[0]}, when given, receives the input bytes read.
   */
  private static byte[] decompressArray(byte[] src, int off, int len, Lz4FrameReadOptions options, int cap,
      String capName, long[] consumed) throws Lz4StreamException {
    try {
      long declared = declaredContentSize(src, off, len, options, cap);
      if (declared >= 0) {
        byte[] out = new byte[(int) declared];
        FrameOneShot.Decoder d = new FrameOneShot.Decoder(src, off, len, out, 0, out.length, options, cap, capName);
        d.run();
        if (d.pos != out.length) { // each frame's size was checked against its header: a guard
          throw new Lz4StreamException(Lz4StreamException.Kind.CORRUPT_BLOCK, d.reader.offset(),
              "the frames decode to other than the " + declared + " bytes their headers declare");
        }
        if (consumed != null) {
          consumed[0] = d.reader.offset();
        }
        return out;
      }
      FrameOneShot.Decoder d = new FrameOneShot.Decoder(src, off, len, options, cap, capName);
      try {
        d.run();
        if (consumed != null) {
          consumed[0] = d.reader.offset();
        }
        return d.result();
      } finally {
        d.close();
      }
    } catch (FrameOneShot.Restart r) {
      return decompressWithStream(src, off, len, options, cap, capName, consumed);
    }
  }

  /** {@link #decompressArray} through {@link Lz4FrameInputStream}: the same results, errors and limits. */
  private static byte[] decompressWithStream(byte[] src, int off, int len, Lz4FrameReadOptions options, int cap,
      String capName, long[] consumed) throws Lz4StreamException {
    return readWithStream(new Lz4FrameInputStream(new ByteArrayInputStream(src, off, len), options, cap, capName),
        len, cap, capName, consumed);
  }

  /** Reads {@code in}, over {@code len} bytes in memory, to its end into a new array, and closes it. */
  private static byte[] readWithStream(Lz4FrameInputStream in, int len, int cap, String capName, long[] consumed)
      throws Lz4StreamException {
    try (in) {
      byte[] out = readChunked(in, cap, capName, (int) Math.min(cap, Math.max(256L, Math.min(len * 4L, 1 << 20))));
      if (consumed != null) {
        consumed[0] = in.compressedBytesRead();
      }
      return out;
    } catch (Lz4StreamException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException("unexpected I/O failure on an in-memory stream", e);
    }
  }

  /**
   * As {@link #decompress(ByteBuffer, ByteBuffer, Lz4FrameReadOptions)} with the default read options.
   *
   * @param src one or more frames, its remaining bytes
   * @param dst where the content is written, at its position
   * @return the number of bytes written to {@code dst}
   * @throws Lz4StreamException when {@code src} is malformed, truncated, corrupted or decodes to
   *     more than {@code dst.remaining()} bytes
   */
  public static int decompress(ByteBuffer src, ByteBuffer dst) throws Lz4StreamException {
    return decompress(src, dst, Lz4FrameReadOptions.defaults());
  }

  /**
   * Decodes all frames in the remaining bytes of {@code src} (position to limit; concatenated,
   * skippable and legacy frames, as {@link #decompress(byte[], Lz4FrameReadOptions)}) into {@code
   * dst} at its position. On return {@code src}'s position is after the last byte read (its limit,
   * or the first frame's end with {@link Lz4FrameReadOptions#singleFrame()}) and {@code dst}'s is
   * advanced by the bytes written; on an exception both are unchanged (bytes of {@code dst} between
   * its position and limit may have been overwritten). Heap, direct and read-only sources, heap and
   * direct destinations; limits and byte orders are not changed. The output is capped at {@code
   * dst.remaining()} (and {@link Lz4FrameReadOptions#maxTotalOutputSize()}): more is a {@link
   * Lz4StreamException.Kind#LIMIT} error; {@link Lz4FrameReadOptions#maxOneShotSize()} does not
   * apply, as nothing is allocated for the output.
   *
   * <p>Memory: blocks are decoded straight into {@code dst} (linked blocks reading their history
   * there), allocating a few small objects. Only frames with linked blocks and a dictionary are
   * decoded into an array first and copied.
   * Thread-safe.
   *
   * @param src one or more frames, its remaining bytes
   * @param dst where the content is written, at its position
   * @param options limits, checksum checks and dictionary for reading
   * @return the number of bytes written to {@code dst}
   * @throws Lz4StreamException when {@code src} is malformed, truncated, corrupted or decodes to
   *     more than the cap; the same kind and offset {@link Lz4FrameInputStream} reports
   * @throws IllegalArgumentException when {@code src} and {@code dst} share bytes of one array
   * @throws ReadOnlyBufferException when {@code dst} is read-only
   */
  public static int decompress(ByteBuffer src, ByteBuffer dst, Lz4FrameReadOptions options)
      throws Lz4StreamException {
    Objects.requireNonNull(options, "options");
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int len = src.remaining();
    int room = dst.remaining();
    boolean roomLimit = room < options.maxTotalOutputSize();
    int cap = (int) Math.min(room, options.maxTotalOutputSize());
    String capName = roomLimit ? "dst.remaining()" : "Lz4FrameReadOptions.maxTotalOutputSize";
    boolean arrays = src.hasArray() && dst.hasArray();
    Object s = arrays ? src.array() : src;
    int so = arrays ? src.arrayOffset() + src.position() : src.position();
    Object d = arrays ? dst.array() : dst;
    int d0 = arrays ? dst.arrayOffset() + dst.position() : dst.position();
    Ranges.checkApart(s, so, len, d, d0, room, "source and destination");
    int n;
    long consumed;
    try {
      FrameOneShot.Decoder dec = new FrameOneShot.Decoder(s, so, len, d, d0, d0 + room, options, cap, capName);
      dec.run();
      n = dec.pos - d0;
      consumed = dec.reader.offset();
    } catch (FrameOneShot.Restart r) {
      // linked blocks with a dictionary (the stream's path): decode into an array, then copy
      byte[] a = s instanceof byte[] ? (byte[]) s : new byte[len];
      if (a != s) {
        Mem.copy(s, so, a, 0, len);
      }
      long[] c = new long[1];
      byte[] out = decompressArray(a, a == s ? so : 0, len, options, cap, capName, c);
      Mem.copy(out, 0, d, d0, out.length);
      n = out.length;
      consumed = c[0];
    }
    src.position(src.position() + (int) consumed);
    dst.position(dst.position() + n);
    return n;
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
   * The total content size that the frames in the remaining bytes of {@code src} (position to
   * limit) declare in their headers, read without decoding: a caller that must allocate the output
   * (Arrow's codec, celer-arrow) can check a length it was given against it first. Walks the frame
   * headers and block size words only. The answer is -1 unless every LZ4 frame declares its
   * content size, there is no legacy frame, and each frame's blocks can decode to that much (a
   * block to at most its block maximum size, a compressed one to at most 255 times its length);
   * -1 also when the walk meets malformed or truncated input, which decoding then reports. {@code
   * options} give the header-checksum mode and {@link Lz4FrameReadOptions#singleFrame()}. Heap,
   * direct and read-only buffers; {@code src}'s position and limit are not changed. Allocates a
   * few small objects. Thread-safe.
   *
   * @param src the frames, its remaining bytes
   * @param options the header-checksum mode and whether only the first frame counts
   * @return the declared total in bytes, or -1
   */
  public static long declaredContentSize(ByteBuffer src, Lz4FrameReadOptions options) {
    Objects.requireNonNull(options, "options");
    boolean array = src.hasArray();
    return declaredContentSize(array ? src.array() : src, array ? src.arrayOffset() + src.position() : src.position(),
        src.remaining(), options, Long.MAX_VALUE);
  }

  /**
   * The total content size that the frames of {@code src} declare, when it can size the output:
   * every LZ4 frame declares one, there is no legacy frame, the total is within {@code cap}, and
   * each frame's blocks can decode to that much (a block to at most its block maximum size, and
   * a compressed one to at most 255 times its length), so a header cannot make the one-shot
   * allocate more than its input could produce. Otherwise, or when the walk finds an error (the
   * decoding reports it), -1. Walks headers and block size words only.
   */
  private static long declaredContentSize(Object src, int off, int len, Lz4FrameReadOptions options, long cap) {
    // A first LZ4 frame that declares no size settles it without a walk (lz4's default frames;
    // the walk's header parse and checksum were a tenth of a 4 KB frame's decode). Its header is
    // checked by the decoder as any other.
    if (len > 4 && Mem.getIntLE(src, off) == MAGIC && (Mem.getByte(src, off + 4) & FLG_CONTENT_SIZE) == 0) {
      return -1;
    }
    FrameWalker w = new FrameWalker(new SourceReader(src, off, len), options.headerChecksum());
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
   * @param out where the frame is written
   * @param nibble the magic number's user-chosen low 4 bits, 0..15
   * @param data the payload's array
   * @param off the payload's offset in {@code data}
   * @param len the payload's length
   * @throws IllegalArgumentException when {@code nibble} is not 0..15
   * @throws IOException when {@code out} fails
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
   * @param in the frames, read to its end
   * @return one entry per frame, skippable frames included, in input order
   * @throws Lz4StreamException when the input is malformed or truncated
   */
  public static List<Lz4FrameInfo> list(InputStream in) throws IOException {
    return list(in, Lz4FrameReadOptions.defaults());
  }

  /**
   * As {@link #list(InputStream)}; {@code options} sets how header checksums are checked.
   *
   * @param in the frames, read to its end
   * @param options the header-checksum mode
   * @return one entry per frame, skippable frames included, in input order
   * @throws Lz4StreamException when the input is malformed or truncated
   * @throws IOException when {@code in} fails
   */
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
