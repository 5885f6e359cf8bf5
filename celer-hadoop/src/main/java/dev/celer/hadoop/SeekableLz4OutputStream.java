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
 */
final class SeekableLz4OutputStream extends CompressionOutputStream {
  private final Lz4FrameOptions options;
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
    writer.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    ensureWritable();
    writer.write(b, off, len);
  }

  private void ensureWritable() throws IOException {
    if (finished) {
      throw new IOException("write beyond the end of the stream: finish() was called without resetState()");
    }
  }

  @Override
  public void finish() throws IOException {
    if (!finished) {
      finished = true;
      writer.close();
    }
  }

  @Override
  public void resetState() throws IOException {
    finish();
    writer = new SeekableLz4Writer(out, options);
    finished = false;
  }
}
