package dev.celer.xxhash;

import dev.celer.internal.Mem;

/**
 * Streaming state shared by {@link XxHash3} and {@link XxHash128}: XXH3 consumes input the same
 * way for both widths and differs only at the end.
 *
 * <p>Layout of {@link #buf}: bytes {@code [0, 64)} keep the last 64 bytes already accumulated
 * (the "history"), bytes {@code [64, 64 + bufLen)} hold input not yet accumulated. Input is
 * accumulated only in whole stripes that have at least one more byte after them, because the
 * specification treats the stripe that ends the input differently (Step 3: the last 64 bytes,
 * with another part of the secret). So at {@link #digest64()} there are 1..256 pending bytes
 * (or the whole input, if it is at most 256 bytes), and the input's last 64 bytes are always the
 * 64 bytes that end at {@code 64 + bufLen} in {@code buf}, history included.
 *
 * <p>Not thread-safe. Allocates only at construction; {@code update} and {@code digest} allocate
 * nothing (except the {@link Hash128} result of {@link #digest128()}).
 */
final class Xxh3State {
  /** Pending input kept before a flush: 4 stripes; also ≥ 240, so short inputs stay whole. */
  private static final int BUFFER_SIZE = 256;

  private static final int HISTORY = Xxh3.STRIPE_LEN;

  private final long seed;
  /** Secret of the 0..240-byte paths: the default or the custom one. */
  private final byte[] shortSecret;
  /** Secret of the > 240-byte path: the default, derived from the seed, or the custom one. */
  private final byte[] longSecret;

  private final byte[] buf = new byte[HISTORY + BUFFER_SIZE];
  private final long[] acc = new long[8];
  private final long[] scratch = new long[8];
  private int bufLen;
  private int stripesInBlock;
  private long total;

  Xxh3State(long seed, byte[] shortSecret, byte[] longSecret) {
    this.seed = seed;
    this.shortSecret = shortSecret;
    this.longSecret = longSecret;
    reset();
  }

  void reset() {
    Xxh3.initAccumulators(acc);
    bufLen = 0;
    stripesInBlock = 0;
    total = 0;
  }

  void update(int b) {
    if (bufLen == BUFFER_SIZE) {
      flushFullBuffer();
    }
    buf[HISTORY + bufLen++] = (byte) b;
    total++;
  }

  /** Adds {@code [off, off+len)} of {@code in}; the range was checked by the caller. */
  void update(Object in, int off, int len) {
    total += len;
    if (len <= BUFFER_SIZE - bufLen) {
      Mem.copy(in, off, buf, HISTORY + bufLen, len);
      bufLen += len;
      return;
    }
    // More than BUFFER_SIZE bytes are pending, so input follows every stripe of a full buffer.
    if (bufLen > 0) {
      int fill = BUFFER_SIZE - bufLen;
      Mem.copy(in, off, buf, HISTORY + bufLen, fill);
      bufLen = BUFFER_SIZE;
      off += fill;
      len -= fill;
      flushFullBuffer();
    }
    assert bufLen == 0 && len > 0;
    if (len > BUFFER_SIZE) {
      // straight from the input: every stripe that has a byte after it, then keep its last 64
      int stripes = (len - 1) / Xxh3.STRIPE_LEN;
      stripesInBlock = Xxh3.accumulateStripes(acc, stripesInBlock, in, off, stripes, longSecret);
      off += stripes * Xxh3.STRIPE_LEN;
      len -= stripes * Xxh3.STRIPE_LEN;
      Mem.copy(in, off - HISTORY, buf, 0, HISTORY);
    }
    Mem.copy(in, off, buf, HISTORY, len);
    bufLen = len;
  }

  /** Accumulates the 4 stripes of a full buffer (more input follows) and keeps the last one. */
  private void flushFullBuffer() {
    stripesInBlock =
        Xxh3.accumulateStripes(
            acc, stripesInBlock, buf, HISTORY, BUFFER_SIZE / Xxh3.STRIPE_LEN, longSecret);
    System.arraycopy(buf, BUFFER_SIZE, buf, 0, HISTORY);
    bufLen = 0;
  }

  /** Finishes the accumulation in {@link #scratch}, leaving the state itself unchanged. */
  private void finishLarge() {
    System.arraycopy(acc, 0, scratch, 0, 8);
    int stripes = (bufLen - 1) / Xxh3.STRIPE_LEN;
    Xxh3.accumulateStripes(scratch, stripesInBlock, buf, HISTORY, stripes, longSecret);
    Xxh3.accumulateLastStripe(scratch, buf, HISTORY + bufLen - Xxh3.STRIPE_LEN, longSecret);
  }

  long digest64() {
    if (total <= Xxh3.MIDSIZE_MAX) {
      return Xxh3.hash64Short(buf, HISTORY, (int) total, shortSecret, seed);
    }
    finishLarge();
    return Xxh3.mergeLow(total, scratch, longSecret);
  }

  Hash128 digest128() {
    if (total <= Xxh3.MIDSIZE_MAX) {
      return Xxh3.hash128Short(buf, HISTORY, (int) total, shortSecret, seed);
    }
    finishLarge();
    return new Hash128(
        Xxh3.mergeLow(total, scratch, longSecret), Xxh3.mergeHigh(total, scratch, longSecret));
  }
}
