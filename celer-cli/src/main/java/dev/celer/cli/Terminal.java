package dev.celer.cli;

import java.io.Console;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Which of stdin, stdout and stderr are terminals. The {@code ./celer} script knows for sure
 * ({@code test -t}) and passes it as {@code -Dceler.tty=012} (the digits of the terminal file
 * descriptors). Without it, {@link System#console()} decides for stdin and stdout (asking {@code
 * Console.isTerminal()} on JDK 22+, where a console exists even when redirected), and stderr is
 * assumed to be a terminal when stdout is.
 *
 * <p>Immutable and thread-safe.
 */
record Terminal(boolean stdin, boolean stdout, boolean stderr) {

  /** No terminal anywhere: what tests and pipes see. */
  static final Terminal NONE = new Terminal(false, false, false);

  static Terminal detect() {
    String p = System.getProperty("celer.tty");
    if (p != null) {
      return new Terminal(p.indexOf('0') >= 0, p.indexOf('1') >= 0, p.indexOf('2') >= 0);
    }
    boolean console = isTerminal(System.console());
    return new Terminal(console, console, console);
  }

  private static boolean isTerminal(Console c) {
    if (c == null) {
      return false;
    }
    try {
      // Console.isTerminal() exists from JDK 22; before that a non-null console means a terminal.
      return (boolean) MethodHandles.publicLookup()
          .findVirtual(Console.class, "isTerminal", MethodType.methodType(boolean.class))
          .invoke(c);
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return true;
    } catch (Throwable t) {
      return false;
    }
  }
}
