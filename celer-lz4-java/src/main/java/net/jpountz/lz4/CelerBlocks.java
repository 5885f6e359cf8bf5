package net.jpountz.lz4;

import java.nio.ByteBuffer;

/**
 * What the adapters share: lz4-java addresses buffers with absolute offsets and checks them
 * against the capacity, Celer's absolute-index buffer methods check them against the limit; and
 * Celer's exceptions become lz4-java's.
 *
 * <p>A range within the limit (nearly every call: callers address what they put in the buffer) goes
 * to Celer's absolute-index methods directly and allocates nothing. A range that reaches past the
 * limit, which lz4-java allows up to the capacity, goes through a {@link #window} view whose limit
 * covers it: one small allocation, on that rare call only.
 */
final class CelerBlocks {
  private CelerBlocks() {}

  /**
   * @return a view of {@code buf} whose position is {@code off} and limit {@code off + len} (the
   *     range is already checked); {@code buf} itself is not changed
   */
  static ByteBuffer window(ByteBuffer buf, int off, int len) {
    ByteBuffer view = buf.duplicate();
    view.clear();
    view.limit(off + len);
    view.position(off);
    return view;
  }

  /** @return whether {@code buf[off, off+len)} (already checked against the capacity) ends within the limit */
  static boolean withinLimit(ByteBuffer buf, int off, int len) {
    return off + len <= buf.limit();
  }

  /** @return lz4-java's exception for Celer's, with Celer's message (what and at which offset) */
  static LZ4Exception translate(dev.celer.lz4.Lz4Exception e) {
    return new LZ4Exception(e.getMessage(), e);
  }
}
