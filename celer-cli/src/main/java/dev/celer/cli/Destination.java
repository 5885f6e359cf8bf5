package dev.celer.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The output of one operation: a file, stdout, or nothing ({@code -t}, {@code null}). Every write
 * failure comes out as {@link IoFailure.Write}; nothing is swallowed.
 *
 * <p>Life cycle: write to {@link #out}, then {@link #commit} (flush, sync when asked, close), then
 * {@link #close}. Closing without a commit is a failure: a regular file the command created or
 * truncated is removed, and so is one left open when the JVM is stopped by a signal (see {@link
 * PartialOutputs}). A FIFO, a device or stdout is never removed, synced or given file attributes.
 *
 * <p>Not thread-safe.
 */
final class Destination implements AutoCloseable {
  /** The data; failures tagged as write failures. */
  final OutputStream out;
  /** The output file, or null for stdout and for no output. */
  final Path path;
  private final FileOutputStream file;
  private final boolean regular;
  private final boolean pipe;
  private boolean done;

  private Destination(OutputStream out, Path path, FileOutputStream file, boolean regular, boolean pipe) {
    this.out = out;
    this.path = path;
    this.file = file;
    this.regular = regular;
    this.pipe = pipe;
  }

  /** @return a destination writing to {@code stdout}, which it flushes but never closes */
  static Destination stdout(OutputStream stdout) {
    FileOutputStream f = stdout instanceof FileOutputStream o ? o : null;
    return new Destination(new BufferedOutputStream(IoFailure.writing(Chunked.output(stdout)), 1 << 16), null, f, false,
        isStdout(f) && isPipe(STDOUT_FD));
  }

  /** @return a destination that drops everything ({@code -t}, output name {@code null}) */
  static Destination discard() {
    return new Destination(OutputStream.nullOutputStream(), null, null, false, false);
  }

  /**
   * Creates or truncates {@code p}. Opening a FIFO waits for its reader, as {@code fopen} does.
   *
   * @throws IOException when it cannot be opened
   */
  static Destination file(Path p) throws IOException {
    FileOutputStream f = new FileOutputStream(p.toFile());
    boolean regular = Files.isRegularFile(p);
    if (regular) {
      PartialOutputs.writing(p);
    }
    return new Destination(new BufferedOutputStream(IoFailure.writing(Chunked.output(f)), 1 << 16), p, f, regular, !regular && isPipe(p));
  }

  /**
   * @return true when the output is a pipe or a FIFO, where a failed write can only mean that the
   *     reader has gone (EPIPE), whatever language the error message is in
   */
  boolean isPipe() {
    return pipe;
  }

  /** The file type bits of {@code st_mode} and the value for a FIFO ({@code S_IFMT}, {@code S_IFIFO}). */
  private static final int S_IFMT = 0170000;
  private static final int S_IFIFO = 0010000;
  private static final Path STDOUT_FD = Paths.get("/proc/self/fd/1");

  private static boolean isStdout(FileOutputStream f) {
    try {
      return f != null && f.getFD() == FileDescriptor.out;
    } catch (IOException e) {
      return false;
    }
  }

  /** @return true when {@code p} is (or links to) a FIFO; false where the JDK has no unix view */
  private static boolean isPipe(Path p) {
    try {
      return ((Integer) Files.getAttribute(p, "unix:mode") & S_IFMT) == S_IFIFO;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  /** @return true when the output is a regular file (so it has a time and permissions to set) */
  boolean isRegularFile() {
    return regular;
  }

  /**
   * Completes the output: flushes it and, for a file, closes it. With {@code sync} (before {@code
   * --rm} removes the source) the data of a regular file (also of stdout redirected to one) is
   * forced to the device first. Only when this returns normally is the output complete.
   *
   * @throws IOException (as {@link IoFailure.Write}) when any of it fails
   */
  void commit(boolean sync) throws IOException {
    out.flush();
    try {
      if (path != null) {
        if (sync && regular) {
          file.getChannel().force(true);
        }
        file.close();
      } else if (sync && isStdout(file) && Files.isRegularFile(STDOUT_FD)) {
        file.getFD().sync();
      }
    } catch (IOException e) {
      throw new IoFailure.Write(e);
    }
    done = true;
    if (path != null) {
      PartialOutputs.done(path);
    }
  }

  /** Ends the output; without a successful {@link #commit}, removes a regular file it wrote. */
  @Override
  public void close() {
    if (done || path == null) {
      return;
    }
    try {
      file.close();
    } catch (IOException ignored) {
      // the partial file is removed below anyway
    }
    if (regular) {
      try {
        Files.deleteIfExists(path);
      } catch (IOException ignored) {
        // nothing more to do
      }
    }
    PartialOutputs.done(path);
  }
}
