package dev.celer.hadoop;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.TextInputFormat;

/**
 * Hadoop's {@code TextInputFormat} of the old {@code mapred} API (the one Hive uses) whose
 * splits carry their file's length from {@code FileStatus}, passed to {@link SeekableLz4Codec}
 * as {@link SeekableLz4TextInputFormat} does for the {@code mapreduce} API, with the side-car
 * index of a {@code .lz4} file that has none of its own.
 *
 * <pre>{@code
 * JobConf job = new JobConf(conf);
 * job.setInputFormat(SeekableLz4MapredTextInputFormat.class);
 * FileInputFormat.addInputPath(job, new Path("logs"));
 * }</pre>
 */
public class SeekableLz4MapredTextInputFormat extends TextInputFormat {
  private final Map<Path, Long> lengths = new HashMap<>();
  private final Map<Path, Path> sidecars = new HashMap<>();

  /** Creates the input format. */
  public SeekableLz4MapredTextInputFormat() {}

  /**
   * A {@code mapred} file split that also carries the length of its file, and its side-car index:
   * {@code long n = ((SeekableLz4MapredTextInputFormat.Split) split).getFileLength();}
   */
  public static class Split extends FileSplit {
    private long fileLength;
    private Path sidecar;

    /** For deserialization. */
    public Split() {
      super((Path) null, 0, 0, (String[]) null);
    }

    /**
     * The split {@code [start, start + length)} of {@code file}, which is {@code fileLength} bytes long.
     *
     * @param file the file
     * @param start where the split starts in the file
     * @param length the split's length in bytes
     * @param fileLength the whole file's length
     * @param hosts the hosts that hold the split
     */
    public Split(Path file, long start, long length, long fileLength, String[] hosts) {
      super(file, start, length, hosts);
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
    public Split withSidecar(Path sidecar) {
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

  @Override
  protected FileStatus[] listStatus(JobConf job) throws IOException {
    java.util.List<FileStatus> files = new java.util.ArrayList<>(java.util.Arrays.asList(super.listStatus(job)));
    Map<Path, Path> found = Sidecars.find(files, job);
    synchronized (lengths) {
      for (FileStatus f : files) {
        lengths.put(f.getPath(), f.getLen());
      }
      sidecars.putAll(found);
    }
    return files.toArray(new FileStatus[0]);
  }

  @Override
  public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
    InputSplit[] splits = super.getSplits(job, numSplits);
    for (int i = 0; i < splits.length; i++) {
      FileSplit f = (FileSplit) splits[i];
      Long len;
      Path sidecar;
      synchronized (lengths) {
        len = lengths.get(f.getPath());
        sidecar = sidecars.get(f.getPath());
      }
      if (len != null) {
        splits[i] = new Split(f.getPath(), f.getStart(), f.getLength(), len, f.getLocations()).withSidecar(sidecar);
      }
    }
    return splits;
  }

  @Override
  public RecordReader<LongWritable, Text> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
      throws IOException {
    if (split instanceof Split) {
      job = new JobConf(job);
      job.setLong(SeekableLz4Codec.FILE_LENGTH_KEY, ((Split) split).getFileLength());
      if (((Split) split).getSidecar() != null) {
        job.set(SeekableLz4Codec.SIDECAR_KEY, ((Split) split).getSidecar().toString());
      }
    }
    return super.getRecordReader(split, job, reporter);
  }
}
