package dev.celer.hadoop;

import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;

/**
 * Writes a seekable LZ4 stream ({@link SeekableLz4Writer}) to a Hadoop output stream. {@link
 * #finish()} ends the frame and writes the seek index without closing the underlying stream;
 * {@link #resetState()} then starts a new, independent seekable stream whose offsets count from
 * where it starts (what {@code SequenceFile} expects of a codec stream). The index offsets of the
 * first stream count from the position the underlying stream had when this stream was created:
 * 0 for a new file, as {@code TextOutputFormat} writes it.
 *
 * <p>Faults as in celer-core's writers ({@code docs/security.md}, "Faults"): a failure of the
 * underlying stream passes through as it is and latches. After it, every call ({@code write},
 * {@code flush}, {@code finish}, {@code resetState}) throws an {@link IOException} whose cause is
 * the first failure, and nothing more reaches the underlying stream: the frame is not ended and
 * no index is written, so what was written never reads as a complete, shorter file. {@code
 * close()} still closes the underlying stream and reports the failure once; a second {@code
 * close()} does nothing.
 */
final class SeekableLz4OutputStream extends CompressionOutputStream {
  private final Lz4FrameOptions options;
  private final StreamLatch latch = new StreamLatch("SeekableLz4OutputStream");
  private SeekableLz4Writer writer;
  private boolean finished;

  SeekableLz4OutputStream(OutputStream out, Lz4FrameOptions options) {
    super(out);
    this.options = options.toBuilder().closeUnderlying(false).build();
    this.writer = new SeekableLz4Writer(out, this.options);
  }

  @Override
  public void write(int b) throws IOException {
    ensureWritable();
    try {
      writer.write(b);
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    ensureWritable();
    try {
      writer.write(b, off, len);
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  private void ensureWritable() throws IOException {
    latch.check();
    if (finished) {
      throw new IOException("write beyond the end of the stream: finish() was called without resetState()");
    }
  }

  /** Flushes the underlying stream; data of an unfinished block stays buffered. */
  @Override
  public void flush() throws IOException {
    latch.check();
    try {
      if (finished) {
        out.flush();
      } else {
        writer.flush();
      }
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  @Override
  public void finish() throws IOException {
    latch.check();
    if (!finished) {
      finished = true;
      try {
        writer.close();
      } catch (IOException | RuntimeException | Error e) {
        latch.fail(e);
        throw e;
      }
    }
  }

  /**
   * {@link #finish() Finishes} the stream (unless a failure came before) and closes the underlying
   * stream. The first call reports a failure, earlier or of its own; a second call does nothing.
   * (Hadoop's own {@code close()} would call {@code finish()} and the underlying {@code close()} on
   * every call.) This codec pools no {@code Compressor}, so there is none to hand back.
   */
  @Override
  public void close() throws IOException {
    latch.closeOutput(this::finish, out);
  }

  @Override
  public void resetState() throws IOException {
    finish();
    writer = new SeekableLz4Writer(out, options);
    finished = false;
  }
}
