package dev.celer.hadoop;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapred.SplitLocationInfo;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * Hadoop's {@code TextInputFormat} ({@code mapreduce} API) whose splits carry their file's length
 * from {@code FileStatus} ({@link SeekableLz4FileSplit}); the record reader, Hadoop's own {@code
 * LineRecordReader}, passes it to {@link SeekableLz4Codec} ({@link
 * SeekableLz4Codec#FILE_LENGTH_KEY}, in a copy of the configuration for that split), which then
 * opens the part of the seek index that split needs without probing for the length. Splits, lines and
 * everything else are {@code TextInputFormat}'s; the codec must be listed in {@code
 * io.compression.codecs}. A {@code .lz4} file without an index of its own splits through its
 * side-car index {@code FILE.lz4.idx} ({@code celer index --sidecar}), which the splits carry
 * ({@link SeekableLz4Codec#SIDECAR_KEY}); side-cars listed among the inputs are not read as text.
 *
 * <pre>{@code
 * Job job = Job.getInstance(conf);
 * job.setInputFormatClass(SeekableLz4TextInputFormat.class);
 * FileInputFormat.addInputPath(job, new Path("logs"));
 * // Spark: sc.newAPIHadoopFile("logs", SeekableLz4TextInputFormat.class, LongWritable.class, Text.class, conf)
 * }</pre>
 */
public class SeekableLz4TextInputFormat extends TextInputFormat {
  private final Map<Path, Long> lengths = new HashMap<>();
  private final Map<Path, Path> sidecars = new HashMap<>();

  /** Creates the input format. */
  public SeekableLz4TextInputFormat() {}

  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>(super.listStatus(job));
    Map<Path, Path> found = Sidecars.find(files, job.getConfiguration());
    synchronized (lengths) {
      for (FileStatus f : files) {
        lengths.put(f.getPath(), f.getLen());
      }
      sidecars.putAll(found);
    }
    return files;
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    List<InputSplit> splits = super.getSplits(job);
    List<InputSplit> out = new ArrayList<>(splits.size());
    for (InputSplit s : splits) {
      FileSplit f = (FileSplit) s;
      Long len;
      Path sidecar;
      synchronized (lengths) {
        len = lengths.get(f.getPath());
        sidecar = sidecars.get(f.getPath());
      }
      if (len == null) {
        out.add(f);
        continue;
      }
      SplitLocationInfo[] info = f.getLocationInfo();
      if (info == null) {
        out.add(new SeekableLz4FileSplit(f.getPath(), f.getStart(), f.getLength(), len, f.getLocations())
            .withSidecar(sidecar));
      } else {
        List<String> inMemory = new ArrayList<>();
        for (SplitLocationInfo i : info) {
          if (i.isInMemory()) {
            inMemory.add(i.getLocation());
          }
        }
        out.add(new SeekableLz4FileSplit(f.getPath(), f.getStart(), f.getLength(), len, f.getLocations(),
            inMemory.toArray(new String[0])).withSidecar(sidecar));
      }
    }
    return out;
  }

  @Override
  public RecordReader<org.apache.hadoop.io.LongWritable, org.apache.hadoop.io.Text> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    String delimiter = context.getConfiguration().get("textinputformat.record.delimiter");
    byte[] bytes = delimiter == null ? null : delimiter.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return new Reader(bytes);
  }

  /** {@code LineRecordReader} given its file's length through the configuration. */
  private static final class Reader extends LineRecordReader {
    Reader(byte[] delimiter) {
      super(delimiter);
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
      if (split instanceof SeekableLz4FileSplit) {
        Configuration conf = new Configuration(context.getConfiguration());
        SeekableLz4FileSplit s = (SeekableLz4FileSplit) split;
        conf.setLong(SeekableLz4Codec.FILE_LENGTH_KEY, s.getFileLength());
        if (s.getSidecar() != null) {
          conf.set(SeekableLz4Codec.SIDECAR_KEY, s.getSidecar().toString());
        }
        context = new TaskAttemptContextImpl(conf, context.getTaskAttemptID());
      }
      super.initialize(split, context);
    }
  }
}
