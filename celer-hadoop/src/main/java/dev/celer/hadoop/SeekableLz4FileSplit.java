package dev.celer.hadoop;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * A {@code mapreduce} file split that also carries the length of its file (from {@code
 * FileStatus}), so the task opens the seek index without probing for the file's end, and the
 * file's side-car index when it has one.
 *
 * <pre>{@code
 * // in a Mapper of a job whose input format is SeekableLz4TextInputFormat
 * SeekableLz4FileSplit split = (SeekableLz4FileSplit) context.getInputSplit();
 * long fileLength = split.getFileLength();
 * }</pre>
 */
public class SeekableLz4FileSplit extends FileSplit {
  private long fileLength;
  private Path sidecar;

  /** For deserialization. */
  public SeekableLz4FileSplit() {}

  /**
   * The split {@code [start, start + length)} of {@code file}, which is {@code fileLength} bytes long.
   *
   * @param file the file
   * @param start where the split starts in the file
   * @param length the split's length in bytes
   * @param fileLength the whole file's length
   * @param hosts the hosts that hold the split
   */
  public SeekableLz4FileSplit(Path file, long start, long length, long fileLength, String[] hosts) {
    super(file, start, length, hosts);
    this.fileLength = fileLength;
  }

  /**
   * As the other constructor, with the hosts that hold the split in memory.
   *
   * @param file the file
   * @param start where the split starts in the file
   * @param length the split's length in bytes
   * @param fileLength the whole file's length
   * @param hosts the hosts that hold the split
   * @param inMemoryHosts the hosts that hold the split in memory
   */
  public SeekableLz4FileSplit(Path file, long start, long length, long fileLength, String[] hosts, String[] inMemoryHosts) {
    super(file, start, length, hosts, inMemoryHosts);
    this.fileLength = fileLength;
  }

  /** {@return the length of the whole file} */
  public long getFileLength() {
    return fileLength;
  }

  /**
   * {@return this split, which now names it}
   *
   * @param sidecar the file's side-car index, or {@code null} for none
   */
  public SeekableLz4FileSplit withSidecar(Path sidecar) {
    this.sidecar = sidecar;
    return this;
  }

  /** {@return the file's side-car index, or null when it has none} */
  public Path getSidecar() {
    return sidecar;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    out.writeLong(fileLength);
    Text.writeString(out, sidecar == null ? "" : sidecar.toString());
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    fileLength = in.readLong();
    String s = Text.readString(in);
    sidecar = s.isEmpty() ? null : new Path(s);
  }
}
