package net.jpountz.lz4;

import dev.celer.lz4.Lz4Compressor;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import net.jpountz.util.ByteBufferUtils;
import net.jpountz.util.SafeUtils;

/**
 * The fork's "fast-reset" compressors, which in lz4-java keep one native compression state per
 * instance so that a call skips the state's full initialisation. Celer's compressors already keep
 * their working state per thread and reuse it, so here an instance is a thin, closeable wrapper on
 * the shared Celer compressor: the same bytes as {@link LZ4Factory#fastCompressor()} / {@link
 * LZ4Factory#highCompressor(int)} at the same setting, usable from any thread, and failing with
 * {@link IllegalStateException} once closed, as the fork's does.
 */
abstract class AbstractLZ4JNIFastResetCompressor extends LZ4Compressor implements AutoCloseable {
  private final Lz4Compressor impl;
  private final int frameLevel;
  private final AtomicBoolean closed = new AtomicBoolean();

  AbstractLZ4JNIFastResetCompressor(Lz4Compressor impl, int frameLevel) {
    this.impl = impl;
    this.frameLevel = frameLevel;
  }

  @Override
  int frameLevel() {
    return frameLevel;
  }

  @Override
  dev.celer.lz4.Lz4Compressor celer() {
    return impl;
  }

  @Override
  public final int compress(byte[] src, int srcOff, int srcLen, byte[] dest, int destOff, int maxDestLen) {
    checkOpen();
    SafeUtils.checkRange(src, srcOff, srcLen);
    SafeUtils.checkRange(dest, destOff, maxDestLen);
    return CelerCompressor.compressChecked(impl, src, srcOff, srcLen, dest, destOff, maxDestLen);
  }

  @Override
  public final int compress(ByteBuffer src, int srcOff, int srcLen, ByteBuffer dest, int destOff, int maxDestLen) {
    checkOpen();
    // as the fork's JNI compressors, which need an array or native memory
    if (!(src.hasArray() || src.isDirect()) || !(dest.hasArray() || dest.isDirect())) {
      throw new IllegalArgumentException("ByteBuffer must be direct or array-backed");
    }
    ByteBufferUtils.checkNotReadOnly(dest);
    ByteBufferUtils.checkRange(src, srcOff, srcLen);
    ByteBufferUtils.checkRange(dest, destOff, maxDestLen);
    return CelerCompressor.compressChecked(impl, src, srcOff, srcLen, dest, destOff, maxDestLen);
  }

  /** {@return whether {@link #close()} was called} */
  public final boolean isClosed() {
    return closed.get();
  }

  /** Closes the compressor: later calls to {@code compress} fail. Idempotent. */
  @Override
  public final void close() {
    closed.set(true);
  }

  private void checkOpen() {
    if (closed.get()) {
      throw new IllegalStateException("Compressor has been closed");
    }
  }
}
