package dev.celer.xxhash;

import dev.celer.internal.Mem;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The streaming half that XXH32 and XXH64 share: it counts the total length, keeps the bytes of a
 * partial stripe, and hands whole stripes to the subclass's Step 2 ({@link #stripes}). Only the
 * stripe width (16 or 32 bytes) and the accumulators differ between the two.
 *
 * <p>Not thread-safe; allocates its stripe buffer once, at creation, and nothing per update.
 */
abstract class StripeHasher extends StreamingHash {
  /** Bytes of a partial stripe not yet run through Step 2; {@code 0 <= bufLen < buf.length}. */
  final byte[] buf;

  int bufLen;
  long total;

  StripeHasher(int stripeLen) {
    buf = new byte[stripeLen];
  }

  /** Step 2 over {@code n} full stripes at {@code off} of {@code base}. */
  abstract void stripes(Object base, int off, int n);

  /**
   * Adds {@code b[off, off+len)} to the hashed data.
   *
   * @param b the data
   * @param off where the range starts
   * @param len how many bytes to add
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public void update(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    ingest(b, off, len);
  }

  /**
   * Adds the remaining bytes of {@code src}, advancing its position to its limit.
   *
   * @param src the data, heap or direct
   */
  public void update(ByteBuffer src) {
    int pos = src.position();
    int len = src.remaining();
    if (src.hasArray()) {
      ingest(src.array(), src.arrayOffset() + pos, len);
    } else {
      ingest(src, pos, len);
    }
    src.position(pos + len);
  }

  /**
   * Adds the single byte {@code b} (its low 8 bits) to the hashed data.
   *
   * @param b the byte
   */
  public void update(int b) {
    buf[bufLen++] = (byte) b;
    total++;
    if (bufLen == buf.length) {
      stripes(buf, 0, 1);
      bufLen = 0;
    }
  }

  private void ingest(Object base, int off, int len) {
    int stripe = buf.length;
    total += len;
    if (bufLen + len < stripe) {
      Mem.copy(base, off, buf, bufLen, len);
      bufLen += len;
      return;
    }
    if (bufLen > 0) {
      // complete the buffered stripe first
      int fill = stripe - bufLen;
      Mem.copy(base, off, buf, bufLen, fill);
      stripes(buf, 0, 1);
      off += fill;
      len -= fill;
    }
    int n = len / stripe;
    if (n > 0) {
      stripes(base, off, n);
      off += n * stripe;
      len -= n * stripe;
    }
    Mem.copy(base, off, buf, 0, len);
    bufLen = len;
  }
}
