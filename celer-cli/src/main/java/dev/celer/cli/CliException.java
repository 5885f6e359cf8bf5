package dev.celer.cli;

/**
 * A user-facing failure: a message for stderr and the process exit code. Never shows a stack
 * trace. The exit codes follow the {@code lz4} command's where it has one for the situation.
 */
final class CliException extends Exception {
  private static final long serialVersionUID = 1L;

  final int exitCode;

  CliException(int exitCode, String message) {
    super(message, null, false, false);
    this.exitCode = exitCode;
  }
}
