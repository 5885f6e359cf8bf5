package dev.celer.cli;

/**
 * A user-facing failure: a message for stderr and the process exit code. Never shows a stack
 * trace. The lz4-compatible command takes its codes from {@link ExitCode}.
 */
final class CliException extends Exception {
  private static final long serialVersionUID = 1L;

  final int exitCode;

  CliException(int exitCode, String message) {
    super(message, null, false, false);
    this.exitCode = exitCode;
  }

  CliException(ExitCode code, String message) {
    this(code.code, message);
  }
}
