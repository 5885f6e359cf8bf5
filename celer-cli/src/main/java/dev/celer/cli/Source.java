package dev.celer.cli;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The input of one operation: stdin or a named file, read as a plain stream. A named file is
 * opened with {@link FileInputStream}, which reads FIFOs, {@code /dev/fd/N} of a process
 * substitution and devices as well as regular files: nothing seeks, and only a regular file has a
 * {@link #size}. Every read failure comes out as {@link IoFailure.Read}.
 *
 * <p>Not thread-safe.
 */
final class Source implements AutoCloseable {
  /** The name lz4 prints for standard input. */
  static final String STDIN = "stdin";

  /** The name as given on the command line ({@link #STDIN} for standard input). */
  final String name;
  /** The data, buffered; failures tagged as read failures. */
  final InputStream in;
  /** The size of a regular file, else -1. */
  final long size;
  /** The file, or null for stdin. */
  final Path path;
  /** The name is a directory: lz4 opens it and its first read fails (compression) or ends (decompression). */
  final boolean directory;

  private Source(String name, InputStream in, long size, Path path, boolean directory) {
    this.name = name;
    this.in = in;
    this.size = size;
    this.path = path;
    this.directory = directory;
  }

  /** @return standard input as a source; closing it leaves stdin open */
  static Source stdin(InputStream stdin) {
    InputStream unclosable = new java.io.FilterInputStream(stdin) {
      @Override
      public void close() {
        // stdin belongs to the process
      }
    };
    return new Source(STDIN, IoFailure.reading(Chunked.input(unclosable)), -1, null, false);
  }

  /**
   * Opens {@code name}, resolved against {@code cwd}. Opening a FIFO waits for its writer, as
   * {@code fopen} does.
   *
   * @throws IOException when it cannot be opened (missing, not readable)
   */
  static Source open(Path cwd, String name) throws IOException {
    Path p = cwd.resolve(name);
    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
    if (a.isDirectory()) {
      InputStream failing = new InputStream() {
        @Override
        public int read() throws IOException {
          throw new IOException("Is a directory");
        }
      };
      return new Source(name, IoFailure.reading(failing), -1, p, true);
    }
    InputStream in = Chunked.input(new FileInputStream(p.toFile()));
    return new Source(name, IoFailure.reading(new BufferedInputStream(in, 1 << 16)),
        a.isRegularFile() ? a.size() : -1, p, false);
  }

  /** The name lz4 prints in "Error reading ...": the file name for a file, "stdin" for stdin. */
  String shownName() {
    return path == null ? STDIN : String.valueOf(path.getFileName());
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      // a read-only stream: nothing was lost
    }
  }
}
