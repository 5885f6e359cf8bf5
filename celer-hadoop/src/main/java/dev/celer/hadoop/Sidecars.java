package dev.celer.hadoop;

import dev.celer.lz4.seekable.SeekableLz4Indexer;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Finds the side-car indexes of the {@code .lz4} files of a job's input, for the input formats.
 * A side-car is named as {@link SeekableLz4Indexer#sidecarPath} names it (the file's name plus
 * {@code .idx}, beside it). It is taken from the input listing when there (and then dropped from
 * the input: it is not text), else looked up with one {@code getFileStatus} per {@code .lz4} file
 * on the client. Whether it is a valid index of the file is checked by each task, which reads it.
 */
final class Sidecars {
  private Sidecars() {}

  /** @return the side-car name of a file named {@code name} */
  static String name(String name) {
    return SeekableLz4Indexer.sidecarPath(java.nio.file.Path.of(name)).getFileName().toString();
  }

  /**
   * Removes from {@code files} every side-car whose data file is listed too, and finds the side-car
   * of every listed {@code .lz4} file.
   *
   * @return data file → its side-car, for the files that have one
   */
  static Map<Path, Path> find(List<FileStatus> files, Configuration conf) throws IOException {
    Set<Path> listed = new HashSet<>();
    for (FileStatus f : files) {
      listed.add(f.getPath());
    }
    Map<Path, Path> sidecars = new HashMap<>();
    Set<Path> dropped = new HashSet<>();
    for (FileStatus f : files) {
      Path p = f.getPath();
      if (!p.getName().endsWith(SeekableLz4Codec.EXTENSION)) {
        continue;
      }
      Path idx = new Path(p.getParent(), name(p.getName()));
      if (listed.contains(idx)) {
        sidecars.put(p, idx);
        dropped.add(idx);
        continue;
      }
      FileSystem fs = p.getFileSystem(conf);
      try {
        if (fs.getFileStatus(idx).isFile()) {
          sidecars.put(p, idx);
        }
      } catch (FileNotFoundException none) {
        // no side-car: the file is read through its own index, or whole by one split
      }
    }
    for (Iterator<FileStatus> it = files.iterator(); it.hasNext(); ) {
      if (dropped.contains(it.next().getPath())) {
        it.remove();
      }
    }
    return sidecars;
  }
}
