package dev.celer.cli;

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
