package net.jpountz.lz4;

import java.nio.ByteBuffer;

/**
 * What the adapters share: lz4-java addresses buffers with absolute offsets and checks them
 * against the capacity, Celer's buffer methods work from position to limit; and Celer's exceptions
 * become lz4-java's.
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

  /** @return lz4-java's exception for Celer's, with Celer's message (what and at which offset) */
  static LZ4Exception translate(dev.celer.lz4.Lz4Exception e) {
    return new LZ4Exception(e.getMessage(), e);
  }
}
