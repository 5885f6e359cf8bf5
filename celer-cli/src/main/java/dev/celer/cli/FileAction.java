package dev.celer.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * What compression and decompression share: opening the source and the destination as lz4 does
 * (a file that cannot be opened is "missed": a message and exit code 1 for it, the others go on),
 * the overwrite question, file attributes and {@code --rm}.
 *
 * <p>Not thread-safe.
 */
abstract class FileAction {
  final Lz4Settings s;
  final Lz4Io io;

  FileAction(Lz4Settings s, Lz4Io io) {
    this.s = s;
    this.io = io;
  }

  /** @return the source, or null after printing why it cannot be opened */
  Source openSource(String name) {
    if (name.equals(Source.STDIN)) {
      return Source.stdin(io.stdin());
    }
    try {
      return Source.open(io.cwd(), name);
    } catch (IOException e) {
      s.display(1, name + ": " + Errors.describe(e) + " \n");
      return null;
    }
  }

  /** @return the destination, or null after printing why not (lz4: "not overwritten") */
  Destination openDestination(String name) {
    if (name.equals(Lz4Settings.STDOUT)) {
      return Destination.stdout(io.stdout());
    }
    if (name.equals(Lz4Settings.NUL)) {
      return Destination.discard();
    }
    Path p = io.cwd().resolve(name);
    if (!s.overwrite && Files.exists(p)) {
      if (s.displayLevel <= 1) {
        s.err.print(name + " already exists; not overwritten  \n");
        return null;
      }
      s.err.print(name + " already exists; do you want to overwrite (y/N) ? ");
      if (!confirm()) {
        s.err.print("    not overwritten  \n");
        return null;
      }
    }
    try {
      return Destination.file(p);
    } catch (IOException e) {
      s.display(1, name + ": " + Errors.describe(e) + "\n");
      return null;
    }
  }

  /**
   * Reads the answer from stdin, terminal or not, as lz4 does ({@code getchar()}): the answer is
   * yes when its first character is {@code y} or {@code Y}; the rest of the line is consumed.
   */
  private boolean confirm() {
    InputStream in = io.stdin();
    try {
      int ch = in.read();
      if (ch != 'y' && ch != 'Y') {
        return false;
      }
      for (int c = ch; c >= 0 && c != '\n'; ) {
        c = in.read();
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Copies modification time and permissions of the source to the output, as lz4 does, only
   * when both are regular files: setting the time of a FIFO would open it and wait for a reader.
   */
  static void copyAttributes(Source src, Destination dst) {
    if (src.path == null || !dst.isRegularFile() || !Files.isRegularFile(src.path)) {
      return;
    }
    try {
      FileTime t = Files.getLastModifiedTime(src.path);
      Files.setLastModifiedTime(dst.path, t);
      Files.setPosixFilePermissions(dst.path, Files.getPosixFilePermissions(src.path, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException | UnsupportedOperationException e) {
      // best effort, as lz4's UTIL_setFileStat
    }
  }

  /**
   * With {@code --rm}, removes the source; call only after the output was committed. Never with
   * {@code -t}: a test writes no output, and lz4 1.9.4 deleting the source there loses it.
   */
  void removeSource(Source src, ExitCode onFailure) throws CliException {
    if (s.removeSrc && !s.testMode && src.path != null) {
      try {
        Files.delete(src.path);
      } catch (IOException e) {
        throw new CliException(onFailure, s.error(onFailure, "Remove error : " + src.name + ": " + Errors.describe(e)));
      }
    }
  }

  /** Reads until {@code len} bytes or the end; @return the count read */
  static int readFully(InputStream in, byte[] b, int len) throws IOException {
    int done = 0;
    while (done < len) {
      int r = in.read(b, done, len - done);
      if (r < 0) {
        break;
      }
      done += r;
    }
    return done;
  }

  /** A failure to read the source: lz4's "Error reading" with the given code. */
  CliException readFailure(Source src, IoFailure.Read e, ExitCode code, String what) {
    return s.failure(code, what + " " + src.name + " : " + Errors.describe(e.cause()));
  }

  /** A failure to write the output: lz4's write-error code, or 141/153 for EPIPE/EFBIG. */
  CliException writeFailure(Destination out, IOException e, ExitCode code, String what) {
    IoFailure tagged = IoFailure.find(e);
    IOException cause = tagged != null ? tagged.cause() : e;
    return s.failure(ExitCode.ofWriteFailure(cause, out.isPipe(), code), what + " : " + Errors.describe(cause));
  }
}
