package dev.celer.lz4.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.lz4.Lz4StreamException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Decodes one input four ways, through {@link Lz4FrameInputStream}, {@link
 * Lz4Frame#decompress(byte[], Lz4FrameReadOptions)}, and {@link Lz4Frame#decompress(ByteBuffer,
 * ByteBuffer, Lz4FrameReadOptions)} on heap and on direct buffers (at odd positions, the source
 * read-only), all with the same output limit, and checks that they agree: the same bytes, or a
 * {@link Lz4StreamException} of the same kind at the same offset. Used by the one-shot tests and
 * by the fuzz target that compares the one-shot calls with the stream. Not thread-safe (reuses
 * its buffers).
 */
public final class OneShotComparison {
  private OneShotComparison() {}

  /** What one decoding gave: the bytes, or the error's kind and offset. */
  public static final class Outcome {
    final byte[] data;
    final Lz4StreamException error;

    Outcome(byte[] data, Lz4StreamException error) {
      this.data = data;
      this.error = error;
    }

    /** @return the decoded bytes, or null after an error */
    public byte[] data() {
      return data;
    }

    /** @return the error, or null */
    public Lz4StreamException error() {
      return error;
    }

    @Override
    public String toString() {
      return error != null ? error.kind() + " at " + error.offset() + " (" + error.getMessage() + ")"
          : data.length + " bytes";
    }
  }

  private static ByteBuffer directDst = ByteBuffer.allocateDirect(0);
  private static ByteBuffer directSrc = ByteBuffer.allocateDirect(0);

  /** The stream's outcome with a total output limit of {@code limit}. */
  public static Outcome stream(byte[] input, Lz4FrameReadOptions o, int limit) {
    Lz4FrameReadOptions so = o.toBuilder().maxTotalOutputSize(Math.min(limit, o.maxTotalOutputSize())).build();
    try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(input), so)) {
      return new Outcome(in.readAllBytes(), null);
    } catch (Lz4StreamException e) {
      return new Outcome(null, e);
    } catch (IOException e) {
      throw new AssertionError("not a format error: " + e, e);
    }
  }

  /** The {@code byte[]} one-shot's outcome with {@code maxOneShotSize = limit}. */
  public static Outcome oneShot(byte[] input, Lz4FrameReadOptions o, int limit) {
    try {
      return new Outcome(Lz4Frame.decompress(input, o.toBuilder().maxOneShotSize(limit).build()), null);
    } catch (Lz4StreamException e) {
      return new Outcome(null, e);
    }
  }

  /**
   * The {@code ByteBuffer} one-shot's outcome, {@code dst.remaining() == limit}; checks the
   * positions (unchanged after an error; after success {@code dst}'s moved by the output and
   * {@code src}'s to its limit, or, with a single frame, by no more than the input).
   */
  public static Outcome buffers(byte[] input, Lz4FrameReadOptions o, int limit, boolean direct) {
    ByteBuffer src;
    ByteBuffer dst;
    int srcPos = 3;
    int dstPos = 5;
    if (direct) {
      if (directSrc.capacity() < input.length + srcPos + 2) {
        directSrc = ByteBuffer.allocateDirect(input.length + srcPos + 64);
      }
      if (directDst.capacity() < limit + dstPos + 2) {
        directDst = ByteBuffer.allocateDirect(limit + dstPos + 64);
      }
      src = directSrc;
      dst = directDst;
      src.clear();
      dst.clear();
    } else {
      src = ByteBuffer.allocate(input.length + srcPos + 2);
      dst = ByteBuffer.allocate(limit + dstPos + 2);
    }
    src.position(srcPos);
    src.put(input);
    src.limit(srcPos + input.length).position(srcPos);
    if (!direct) {
      src = src.asReadOnlyBuffer(); // a heap buffer without an accessible array
    }
    dst.limit(dstPos + limit).position(dstPos);
    try {
      int n = Lz4Frame.decompress(src, dst, o);
      assertEquals(dstPos + n, dst.position(), "dst position after " + n + " bytes");
      if (!o.singleFrame()) {
        assertEquals(src.limit(), src.position(), "src position after success");
      }
      byte[] out = new byte[n];
      ByteBuffer d = dst.duplicate();
      d.position(dstPos);
      d.get(out);
      return new Outcome(out, null);
    } catch (Lz4StreamException e) {
      assertEquals(srcPos, src.position(), "src position after an error");
      assertEquals(dstPos, dst.position(), "dst position after an error");
      return new Outcome(null, e);
    }
  }

  /** The {@code ByteBuffer} one-shot's outcome on heap buffers backed by arrays, at array offsets. */
  public static Outcome heapArrays(byte[] input, Lz4FrameReadOptions o, int limit) {
    byte[] s = new byte[input.length + 7];
    System.arraycopy(input, 0, s, 7, input.length);
    ByteBuffer src = ByteBuffer.wrap(s, 2, s.length - 2).slice(); // arrayOffset 2
    src.position(5);
    ByteBuffer dst = ByteBuffer.allocate(limit + 9);
    dst.position(9);
    try {
      int n = Lz4Frame.decompress(src, dst, o);
      return new Outcome(Arrays.copyOfRange(dst.array(), 9, 9 + n), null);
    } catch (Lz4StreamException e) {
      assertEquals(5, src.position(), "src position after an error");
      assertEquals(9, dst.position(), "dst position after an error");
      return new Outcome(null, e);
    }
  }

  /**
   * Asserts that the stream and the one-shot calls agree on {@code input}.
   *
   * @return the stream's outcome
   */
  public static Outcome assertAgree(byte[] input, Lz4FrameReadOptions o, int limit) {
    Outcome expected = stream(input, o, limit);
    check(expected, oneShot(input, o, limit), "Lz4Frame.decompress(byte[])", input);
    check(expected, heapArrays(input, o, limit), "Lz4Frame.decompress(heap buffers)", input);
    check(expected, buffers(input, o, limit, false), "Lz4Frame.decompress(read-only heap src)", input);
    check(expected, buffers(input, o, limit, true), "Lz4Frame.decompress(direct buffers)", input);
    return expected;
  }

  private static void check(Outcome expected, Outcome actual, String what, byte[] input) {
    String where = what + " on " + input.length + " bytes: stream gave " + expected + ", one-shot " + actual;
    if (expected.error == null) {
      if (actual.error != null) {
        throw new AssertionError(where, actual.error);
      }
      FrameTestSupport.assertBytes(expected.data, actual.data, where);
    } else {
      if (actual.error == null) {
        throw new AssertionError(where, expected.error);
      }
      assertEquals(expected.error.kind(), actual.error.kind(), where);
      assertEquals(expected.error.offset(), actual.error.offset(), where);
    }
  }
}
