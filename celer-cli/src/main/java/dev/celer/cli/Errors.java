package dev.celer.cli;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Turns I/O failures into the short C library wording ({@code strerror}) the C tools print. */
final class Errors {
  private Errors() {}

  static String describe(Exception e) {
    Throwable t = e instanceof UncheckedIOException u ? u.getCause() : e;
    if (t instanceof IoFailure f) {
      t = f.cause();
    }
    if (t instanceof FileNotFoundException && t.getMessage() != null && t.getMessage().endsWith(")")) {
      // java.io reports "name (reason)"
      String m = t.getMessage();
      int open = m.lastIndexOf(" (");
      if (open >= 0) {
        return m.substring(open + 2, m.length() - 1);
      }
    }
    if (t instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (t instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (t instanceof NotDirectoryException) {
      return "Not a directory";
    }
    if (t instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (t instanceof IOException && "Is a directory".equals(t.getMessage())) {
      return "Is a directory";
    }
    return t.getMessage() != null ? t.getMessage() : t.toString();
  }
}
